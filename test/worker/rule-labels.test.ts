import { describe, expect, it } from 'vitest';
import { ruleLabels } from '../../src/model/codes';
import type { ParseSummary } from '../../src/model/wire';
import { RobotsApi } from '../../src/worker/api';
import { serve } from '../../src/worker/rpc';
import { syncHost } from '../fakes/handler';

describe('ruleLabels: line → rule as written', () => {
  const table = {
    lines: Int32Array.of(2, 3, 7),
    kinds: Uint8Array.of(1, 0, 1),
    raws: new TextEncoder().encode('/private\n/privé/ok\n\n'),
    // Byte offsets, written by hand: "é" is two bytes.
    ends: Int32Array.of(8, 19, 20),
  };

  it('names each rule line and nothing else', () => {
    const labels = ruleLabels(table);
    expect(labels.get(7)).toBe('Disallow: ');
    expect(labels.get(2)).toBe('Disallow: /private');
    expect(labels.get(3)).toBe('Allow: /privé/ok');
    expect(labels.get(1)).toBeUndefined();
    expect(labels.get(4)).toBeUndefined();
    expect(labels.get(8)).toBeUndefined();
  });
});

describe("the parse reply's rule table, as the worker builds it", () => {
  it('labels every rule line with its value as written, empty and non-ASCII ones too', () => {
    const text = 'User-agent: a\nDisallow: /x\nAllow:\n\nUser-agent: b\nDisallow: /é b*$\nAllow: /\n';
    const labels = ruleLabels(new RobotsApi(syncHost()).setText({ version: 1, text }).rules);
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

describe("the parse reply's columns are transferred, not copied", () => {
  it('lists every column buffer once, and the page reads the moved table', async () => {
    const sent: { reply: { value: ParseSummary }; transfer: Transferable[] }[] = [];
    const port = {
      onmessage: null as ((e: MessageEvent) => void) | null,
      postMessage: (reply: unknown, transfer: Transferable[] = []) =>
        sent.push({ reply: reply as { value: ParseSummary }, transfer }),
    };
    serve(new RobotsApi(syncHost()), port);
    const text = 'User-agent: *\nDisalow: /typo\nDisallow: /a\nAllow: /a/\u00fc\n';
    port.onmessage?.({ data: { id: 1, method: 'setText', arg: { version: 1, text } } } as MessageEvent);
    await Promise.resolve();
    const { reply, transfer } = sent[0];
    const { rules } = reply.value;
    for (const column of [rules.lines, rules.kinds, rules.raws]) expect(transfer).toContain(column.buffer);
    // A buffer listed twice, or one shared by two columns, makes postMessage throw.
    const moved = structuredClone(reply, { transfer });
    expect(rules.lines.byteLength).toBe(0);
    const labels = ruleLabels(moved.value.rules);
    // Written by hand from the text above (line 2 is a typo of Disallow, which Google accepts).
    expect([2, 3, 4].map((line) => labels.get(line))).toEqual(['Disallow: /typo', 'Disallow: /a', 'Allow: /a/\u00fc']);
  });
});
