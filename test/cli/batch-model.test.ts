/**
 * `batch` end to end (its lean parse, its groups chosen by bit mask, its
 * rules compiled once per set of groups) against the independent byte-level
 * model of the reference (test/model/reference-model.ts, which shares no
 * code with src/), on random files asked in runs, as a harness asks them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineArb as modelLineArb } from '../model/arbitraries';
import { modelDecide } from '../model/reference-model';
import { runCli } from './harness';

const lineArb = modelLineArb([
  '',
  '# comment',
  'user-agent: foobot # note',
  'sitemap: http://x/s.xml',
  'crawl-delay: 5',
  'useragent: foobot',
  'disalow: /a',
  ' Disallow : /b',
  'junk line here',
  '\uFEFFuser-agent: foobot',
]);
const robotsArb = fc.oneof(
  fc.array(lineArb, { maxLength: 12 }).chain((ls) => fc.constantFrom('\n', '\r\n', '\r').map((eol) => ls.join(eol))),
  // A byte-order mark first: batch hands such a file to the full parse.
  fc.array(lineArb, { maxLength: 6 }).map((ls) => `\uFEFF${ls.join('\n')}`),
);
const pathArb = fc.array(fc.constantFrom('/', 'a', 'b', '.', '?', '=', '$', 'f', 'ツ', 'x'), { maxLength: 10 });
const fileArb = fc.record({
  robotstxt: robotsArb,
  asks: fc.array(
    fc.record({
      useragent: fc.constantFrom('FooBot', 'foobot', 'BarBot', 'Bar_bot', 'Other', 'FOO-BOT'),
      url: pathArb.map((cs) => `http://example.com/${cs.join('')}`),
    }),
    { minLength: 1, maxLength: 6 },
  ),
});

describe('batch against the reference model', () => {
  it('gives the model verdict and deciding line for every query of random files', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fileArb, { minLength: 1, maxLength: 12 }), async (files) => {
        const queries = files.flatMap((f) => f.asks.map((a) => ({ robotstxt: f.robotstxt, ...a })));
        const r = await runCli(['batch'], {}, `${queries.map((q) => JSON.stringify(q)).join('\n')}\n`);
        expect(r.code).toBe(0);
        const got = r.stdout
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l) as { allowed: boolean; line: number | null });
        const expected = queries.map((q) => {
          const m = modelDecide(q.robotstxt, q.url, q.useragent);
          return { allowed: m.allowed, line: m.line === 0 ? null : m.line };
        });
        expect(got).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});
