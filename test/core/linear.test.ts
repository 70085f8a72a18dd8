/**
 * Small rule sets are matched linearly (src/core/compile/linear.ts), larger
 * ones by the tree: both must decide as the reference does (docs/behaviour.md
 * §8 and §12, Decision). Checked against the independent byte-level model
 * (test/model/reference-model.ts) on small files built from rule fragments,
 * each matcher on its own, and by hand on the rules that are easy to get
 * wrong.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getPathParamsQuery, parseRobotsTxt } from '../../src/core';
import { LINEAR_MAX_RULES, LinearRules } from '../../src/core/compile/linear';
import type { CompiledRules } from '../../src/core/compile/match';
import { compileTree } from '../../src/core/compile/tree';
import { compileRules } from '../../src/core/compiled';
import { modelDecide } from '../model/reference-model';

const patternPiece = fc.constantFrom(
  '/',
  'a',
  'b',
  'ab',
  '*',
  '$',
  '/index.html',
  '/index.htm',
  '%2F',
  '%2f',
  'ä',
  '?',
  '=',
);
const pattern = fc.array(patternPiece, { maxLength: 5 }).map((xs) => xs.join(''));
const rule = fc.tuple(fc.constantFrom('allow', 'disallow'), pattern).map(([k, p]) => `${k}: ${p}`);
const file = fc.array(rule, { maxLength: LINEAR_MAX_RULES / 2 }).map((rs) => `user-agent: *\n${rs.join('\n')}\n`);
const pathPiece = fc.constantFrom('/', 'a', 'b', 'ab', '$', 'index.html', '%2F', 'ä', '?', '=', '*');
const url = fc.array(pathPiece, { maxLength: 6 }).map((xs) => `http://e.com/${xs.join('')}`);

function decision(compiled: CompiledRules, u: string): { allowed: boolean; line: number } {
  const d = compiled.check(getPathParamsQuery(u));
  return { allowed: d >= 0, line: Math.abs(d) };
}

describe('the linear matcher and the tree decide as the reference does', () => {
  it('on small files built from rule fragments', () => {
    fc.assert(
      fc.property(file, fc.array(url, { minLength: 1, maxLength: 5 }), (robots, urls) => {
        const parsed = parseRobotsTxt(robots);
        const linear = new LinearRules(parsed, [0], () => compileTree(parsed, [0]));
        const tree = compileTree(parsed, [0]);
        for (const u of urls) {
          const m = modelDecide(robots, u, 'SomeBot');
          const expected = { allowed: m.allowed, line: m.line };
          expect(decision(linear, u), `linear ${JSON.stringify(robots)} ${u}`).toEqual(expected);
          expect(decision(tree, u), `tree ${JSON.stringify(robots)} ${u}`).toEqual(expected);
          expect(linear.listMatches(getPathParamsQuery(u)).sort()).toEqual(
            tree.listMatches(getPathParamsQuery(u)).sort(),
          );
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it.each([
    // [rules from line 2, path, decision: +line allowed by, -line blocked by, 0 nothing matched]
    [['disallow: /a', 'allow: /a'], '/a', 3], // equally long: allow wins
    [['disallow: /a', 'disallow: /a'], '/a', -2], // the first line among equals
    [['allow: /ab', 'disallow: /a*'], '/ab', 2], // "/a*" is 3 bytes like "/ab": a tie, allow wins
    [['allow: /ab', 'disallow: /a*b'], '/ab', -3], // "/a*b" is 4 bytes: longer
    [['allow: /x/index.html', 'disallow: /x/'], '/x/', 2], // the index.html reading "/x/$" (4 bytes) beats "/x/" (3)
    [['disallow: /a$'], '/ab', 0], // "$" anchors at the end
    [['disallow:', 'allow: /'], '/a', 3], // an empty pattern never decides
  ])('%j on %s gives %i', (rules, path, expected) => {
    const parsed = parseRobotsTxt(`user-agent: *\n${rules.join('\n')}\n`);
    const compiled = compileRules(parsed, [0]);
    expect(compiled).toBeInstanceOf(LinearRules);
    expect(compiled.check(path)).toBe(expected);
  });

  it('does not match a set larger than the limit as a plain list', () => {
    const rules = Array.from({ length: LINEAR_MAX_RULES + 1 }, (_, i) => `disallow: /p${i}`);
    const parsed = parseRobotsTxt(`user-agent: *\n${rules.join('\n')}\n`);
    expect(compileRules(parsed, [0])).not.toBeInstanceOf(LinearRules);
    expect(compileRules(parsed, [0]).check(`/p${LINEAR_MAX_RULES}`)).toBe(-(LINEAR_MAX_RULES + 2));
  });
});
