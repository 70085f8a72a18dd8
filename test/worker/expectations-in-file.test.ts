// `# expect:` comments checked by the worker on set-text (docs/expectations.md;
// comments are ignored by crawlers, docs/behaviour.md §3). Every expected value
// below is written by hand from the file's text.
import { describe, expect, it } from 'vitest';
import type { ParseSummary } from '../../src/model/wire';
import { RobotsApi } from '../../src/worker/api';
import { syncHost } from '../fakes/handler';

function parse(text: string): ParseSummary {
  return new RobotsApi(syncHost()).setText({ version: 1, text });
}

const FILE = [
  'User-agent: *', // 1
  'Disallow: /private/', // 2
  '# expect: blocked GPTBot /private/a', // 3 pass: line 2 blocks
  '# expect: allowed bingbot /private/b', // 4 fail: bingbot obeys *, line 2 blocks
  '# expect: block googlebot /x', // 5 malformed verdict
  '', // 6
  'User-agent: Googlebot', // 7
  'Disallow: /drafts/ # expect: blocked googlebot /drafts/x', // 8 pass
  '#expect: allowed bingbot,googlebot /drafts/y', // 9 fail for googlebot by line 8, bingbot allowed
].join('\n');

describe('expectations in the file, checked on set-text (docs/expectations.md)', () => {
  const summary = parse(FILE);

  it('marks every expectation line with its status, in line order', () => {
    expect(summary.expectations.map((m) => [m.line, m.status])).toEqual([
      [3, 'pass'],
      [4, 'fail'],
      [5, 'malformed'],
      [8, 'pass'],
      [9, 'fail'],
    ]);
  });

  it('a failing expectation names the crawler, the verdict it got and the deciding line', () => {
    const fail4 = summary.expectations.find((m) => m.line === 4)!;
    expect(fail4.message).toContain('expected allowed, but blocked by line 2 (Disallow: /private/)');
    expect(fail4.decidingLines).toEqual([2]);
    const fail9 = summary.expectations.find((m) => m.line === 9)!;
    expect(fail9.message).toContain('but blocked by line 8 (Disallow: /drafts/)');
    // Only the crawler that fails is named as failing: bingbot obeys `*`, which allows /drafts/y.
    expect(fail9.message).not.toContain('bingbot: expected');
    expect(fail9.decidingLines).toEqual([8]);
  });

  it('failing and malformed expectations become diagnostics on their comment; passing ones do not', () => {
    const ds = summary.diagnostics.filter((d) => d.code.startsWith('expectation-'));
    expect(ds.map((d) => [d.line, d.code, d.severity])).toEqual([
      [4, 'expectation-fails', 'error'],
      [5, 'expectation-malformed', 'warning'],
      [9, 'expectation-fails', 'error'],
    ]);
    const d5 = ds[1];
    expect(FILE.slice(d5.from, d5.to)).toBe('# expect: block googlebot /x');
    expect(d5.message).toContain('unknown verdict "block"');
    const d9 = ds[2];
    expect(FILE.slice(d9.from, d9.to)).toBe('#expect: allowed bingbot,googlebot /drafts/y');
  });

  it('fixing the file turns the failing mark into a pass', () => {
    const fixed = parse(FILE.replace('# expect: allowed bingbot /private/b', '# expect: blocked bingbot /private/b'));
    expect(fixed.expectations.find((m) => m.line === 4)?.status).toBe('pass');
    expect(fixed.diagnostics.filter((d) => d.line === 4)).toEqual([]);
  });

  it('a file without expectations has none, and garbage after "expect:" never throws', () => {
    expect(parse('User-agent: *\nDisallow: /\n# expected: nothing\n').expectations).toEqual([]);
    const odd = parse(
      '# expect:\n# expect: allowed\n# expect: allowed bot /a b\n# expect: allowed b@d /a\n# expect: allowed bot a\n',
    );
    expect(odd.expectations.map((m) => m.status)).toEqual([
      'malformed',
      'malformed',
      'malformed',
      'malformed',
      'malformed',
    ]);
  });

  it('checks the first 500 on each parse and says how many more are left to the CLI', () => {
    // Line 1 is the group; expectations are on lines 2..503 (502 of them), each holding.
    const lines = ['User-agent: *', ...Array.from({ length: 502 }, (_, i) => `# expect: allowed x /p${i}`)];
    const summary = parse(lines.join('\n'));
    expect(summary.expectations).toHaveLength(500);
    expect(summary.expectations.at(-1)?.line).toBe(501);
    const unchecked = summary.diagnostics.filter((d) => d.code === 'expectation-unchecked');
    expect(unchecked.map((d) => [d.line, d.severity])).toEqual([[502, 'info']]);
    expect(unchecked[0].message).toContain('this one and the 1 after it are not');
    // 500 exactly: nothing is left over.
    const exact = parse(lines.slice(0, 501).join('\n'));
    expect(exact.diagnostics.filter((d) => d.code === 'expectation-unchecked')).toEqual([]);
  });
});
