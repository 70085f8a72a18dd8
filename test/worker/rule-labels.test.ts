import { describe, expect, it } from 'vitest';
import { RobotsHandler } from '../../src/worker/handler';
import { ruleLabels, type WorkerReply } from '../../src/worker/protocol';

describe('ruleLabels: line → rule as written, made when asked', () => {
  const table = {
    lines: Int32Array.of(2, 3, 7),
    kinds: Uint8Array.of(1, 0, 1),
    raws: '/private\n/private/ok\n',
    ends: Int32Array.of(8, 20, 21),
  };

  it('names each rule line and nothing else', () => {
    const labels = ruleLabels(table);
    expect(labels.get(7)).toBe('Disallow: ');
    expect(labels.get(2)).toBe('Disallow: /private');
    expect(labels.get(3)).toBe('Allow: /private/ok');
    expect(labels.get(1)).toBeUndefined();
    expect(labels.get(4)).toBeUndefined();
    expect(labels.get(8)).toBeUndefined();
  });

  it('finds lines when groups are not in file order', () => {
    const labels = ruleLabels({
      lines: Int32Array.of(9, 2),
      kinds: Uint8Array.of(0, 1),
      raws: '/b\n/a',
      ends: Int32Array.of(2, 5),
    });
    expect(labels.get(2)).toBe('Disallow: /a');
    expect(labels.get(9)).toBe('Allow: /b');
  });
});

describe("the parse reply's rule table, as the worker builds it", () => {
  it('labels every rule line with its value as written, empty and non-ASCII ones too', () => {
    const replies: WorkerReply[] = [];
    const handler = new RobotsHandler({ post: (r) => replies.push(r), schedule: (fn) => fn(), now: () => 0 });
    const text = 'User-agent: a\nDisallow: /x\nAllow:\n\nUser-agent: b\nDisallow: /é b*$\nAllow: /\n';
    handler.handle({ type: 'set-text', id: 1, version: 1, text });
    const parsed = replies.find((r) => r.type === 'parsed');
    if (parsed?.type !== 'parsed') throw new Error('no parse reply');
    const labels = ruleLabels(parsed.summary.rules);
    // Written by hand from the text above.
    expect([1, 2, 3, 4, 5, 6, 7].map((line) => labels.get(line))).toEqual([
      undefined,
      'Disallow: /x',
      'Allow: ',
      undefined,
      undefined,
      'Disallow: /é b*$',
      'Allow: /',
    ]);
  });
});
