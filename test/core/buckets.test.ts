/**
 * Larger rule sets are matched by a list bucketed by each pattern's first
 * literal characters (src/core/compile/buckets.ts) until the tree pays for
 * itself (compile/adaptive.ts): both must decide as the reference does
 * (docs/behaviour.md §8 and §12, Decision), checked against the independent
 * byte-level model (test/model/reference-model.ts) on files built from rule
 * fragments chosen to hit the buckets' edges: patterns of one or two
 * characters, `*` and `$` in the second or third place, paths shorter than
 * the patterns, index.html readings, non-ASCII characters.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getPathParamsQuery, parseRobotsTxt } from '../../src/core';
import { AdaptiveRules } from '../../src/core/compile/adaptive';
import { BucketedRules } from '../../src/core/compile/buckets';
import { LINEAR_MAX_RULES, LinearRules } from '../../src/core/compile/linear';
import type { CompiledRules } from '../../src/core/compile/match';
import { compileTree } from '../../src/core/compile/tree';
import { compileRules } from '../../src/core/compiled';
import { modelDecide } from '../model/reference-model';

const patternPiece = fc.constantFrom('/', 'a', 'b', 'ab', 'ba', '*', '$', '/index.html', '%2F', 'ä', '?', '=', 'x');
const pattern = fc.array(patternPiece, { maxLength: 4 }).map((xs) => `${xs.join('')}`);
const rule = fc.tuple(fc.constantFrom('allow', 'disallow'), pattern).map(([k, p]) => `${k}: ${p}`);
const file = fc
  .array(rule, { minLength: LINEAR_MAX_RULES + 1, maxLength: 60 })
  .map((rs) => `user-agent: *\n${rs.join('\n')}\n`);
const pathPiece = fc.constantFrom('/', 'a', 'b', 'ab', 'ba', '$', 'index.html', '%2F', 'ä', '?', '=', '*', 'x');
const url = fc.array(pathPiece, { maxLength: 5 }).map((xs) => `http://e.com/${xs.join('')}`);

function decision(compiled: CompiledRules, u: string): { allowed: boolean; line: number } {
  const d = compiled.check(getPathParamsQuery(u));
  return { allowed: d >= 0, line: Math.abs(d) };
}

describe('the bucketed list decides as the reference does', () => {
  it('on files of more rules than a plain list takes, built from rule fragments', () => {
    fc.assert(
      fc.property(file, fc.array(url, { minLength: 1, maxLength: 8 }), (robots, urls) => {
        const parsed = parseRobotsTxt(robots);
        const bucketed = new BucketedRules(new LinearRules(parsed, [0], () => compileTree(parsed, [0])));
        for (const u of urls) {
          const m = modelDecide(robots, u, 'SomeBot');
          expect(decision(bucketed, u), `${JSON.stringify(robots)} ${u}`).toEqual({ allowed: m.allowed, line: m.line });
        }
      }),
      { numRuns: 1_500 },
    );
  });
});

describe('a larger rule set', () => {
  it('is compiled to the bucketed list, which becomes the tree once it has tried enough patterns', () => {
    const rules = Array.from({ length: 40 }, (_, i) => `${i % 3 ? 'disallow' : 'allow'}: /${'ab'[i % 2]}${i}*x$`);
    const robots = `user-agent: *\n${rules.join('\n')}\ndisallow: /*a\n`;
    const parsed = parseRobotsTxt(robots);
    const compiled = compileRules(parsed, [0]);
    expect(compiled).toBeInstanceOf(AdaptiveRules);
    const adaptive = compiled as AdaptiveRules;
    const urls = ['/a0x', '/b1x', '/a12/x', '/a3', '/zz', '/b5?x', '/ba', '/'].map((p) => `http://e.com${p}`);
    const expected = urls.map((u) => {
      const m = modelDecide(robots, u, 'SomeBot');
      return { allowed: m.allowed, line: m.line };
    });
    let queries = 0;
    while (!adaptive.compiled && queries < 1_000_000) {
      for (const [i, u] of urls.entries()) expect(decision(adaptive, u), u).toEqual(expected[i]);
      queries += urls.length;
    }
    expect(adaptive.compiled).toBe(true);
    // A few hundred queries, not a handful and not forever: the compile is put off, then paid.
    expect(queries).toBeGreaterThan(100);
    for (const [i, u] of urls.entries()) expect(decision(adaptive, u), `after the compile: ${u}`).toEqual(expected[i]);
  });
});
