/**
 * Property tests of the engine (fast-check): the parser never throws, plain
 * patterns are prefixes, the compiled matcher agrees with a plain emulation
 * of the reference, and wildcard matching does not backtrack.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRules, createChecker, evaluate, getPathParamsQuery, parseRobotsTxt } from '../../src/core';
import { __setSearchObserver } from '../../src/core/compiled';
import { matchesPattern } from '../../src/core/pattern';
import { referenceDecision, refMatches, refMatchList, refPathParamsQuery } from './reference-matcher';

const pathChar = fc.constantFrom('/', 'a', 'b', 'c', '.', '?', '=', '$', '%', '2', 'f', 'F', 'ツ', 'é', '-', 'x');
const patternChar = fc.constantFrom('/', 'a', 'b', 'c', '.', '?', '=', '*', '$', '%', '2', 'f', 'F', 'ツ', 'é', 'x');
const pathArb = fc.array(pathChar, { maxLength: 14 }).map((cs) => `/${cs.join('')}`);
const patternArb = fc.oneof(
  fc.array(patternChar, { maxLength: 10 }).map((cs) => `/${cs.join('')}`),
  fc.array(patternChar, { maxLength: 8 }).map((cs) => cs.join('')),
  fc.constantFrom('/index.html', '/a/index.htm', '/*/index.html', '/', '*', '$', '/$', '/a$', ''),
);
const agentArb = fc.constantFrom(
  'FooBot',
  'foobot',
  'BarBot',
  'Foo-Bot',
  '*',
  '* x',
  'foobot/1.2',
  'Bar_bot',
  'bot2',
  '',
);
const lineArb = fc.oneof(
  agentArb.map((a) => `user-agent: ${a}`),
  patternArb.map((p) => `allow: ${p}`),
  patternArb.map((p) => `disallow: ${p}`),
  patternArb.map((p) => `Disallow ${p}`),
  fc.constantFrom(
    '',
    '# comment',
    'sitemap: http://x/s.xml',
    'crawl-delay: 5',
    'useragent: foobot',
    'disalow: /a',
    'junk line here',
  ),
);
const robotsArb = fc
  .array(lineArb, { maxLength: 14 })
  .chain((ls) => fc.constantFrom('\n', '\r\n', '\r').map((eol) => ls.join(eol)));
const urlArb = fc.oneof(
  pathArb.map((p) => `http://example.com${p}`),
  pathArb,
  fc.constantFrom('http://example.com', 'http://example.com/index.html', 'http://example.com/a/', '/robots.txt'),
);

describe('the path a rule matches (getPathParamsQuery, reference behaviour)', () => {
  // Origins and tails chosen to hit the fast paths and their edges: a shared
  // origin, one that extends it, `#`, `?` or `;` right after the host, schemes
  // in other case, no scheme, `//`.
  const origin = fc.constantFrom(
    'https://a.com',
    'https://a.com.evil',
    'http://a.com',
    'HTTPS://a.com',
    'https://a.com:8080',
    'https://u@a.com',
    'a.com',
    '//a.com',
    '',
    'https://a',
    'ftp://a.com',
  );
  const tail = fc
    .array(fc.constantFrom('/', '?', ';', '#', 'x', ':', '//', '.', 'é'), { maxLength: 6 })
    .map((cs) => cs.join(''));
  const urls = fc.array(
    fc.tuple(origin, tail).map(([o, t]) => o + t),
    { minLength: 1, maxLength: 12 },
  );

  it('equals robots.cc GetPathParamsQuery for every URL of a list, in order', () => {
    fc.assert(
      fc.property(urls, (list) => {
        for (const url of list) expect(getPathParamsQuery(url), url).toBe(refPathParamsQuery(url));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parser robustness (SPEC §3: only valid lines count, parsing never throws)', () => {
  it('never throws on any string and yields one line per line end plus one', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const parsed = parseRobotsTxt(text);
        const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
        const ends = (body.match(/\r\n|\r|\n/g) ?? []).length;
        expect(parsed.lines.length).toBe(ends + 1);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(() => parseRobotsTxt(bytes)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe('matching (SPEC §7)', () => {
  it('a pattern without wildcards matches exactly when the path starts with it', () => {
    const plain = fc
      .array(fc.constantFrom('/', 'a', 'b', '.', '?', '='), { maxLength: 8 })
      .map((cs) => `/${cs.join('')}`);
    fc.assert(
      fc.property(pathArb, plain, (path, pattern) => {
        expect(matchesPattern(path, pattern)).toBe(path.startsWith(pattern));
      }),
      { numRuns: 1000 },
    );
  });

  it('the engine matcher agrees with the plain position-set matcher on any pattern', () => {
    fc.assert(
      fc.property(pathArb, patternArb, (path, pattern) => {
        expect(matchesPattern(path, pattern)).toBe(refMatches(path, pattern));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('compiled matcher against the reference emulation (SPEC "Decision")', () => {
  it('gives identical verdicts and deciding lines on random files, URLs and agents', () => {
    fc.assert(
      fc.property(
        robotsArb,
        fc.array(urlArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('FooBot', 'BarBot', 'Bar_bot', 'Foo-Bot', 'Other'),
        (robots, urls, agent) => {
          const parsed = parseRobotsTxt(robots);
          const checker = createChecker(parsed, { tokens: [agent] }, { robotsTxtAlwaysAllowed: false });
          for (const url of urls) {
            const expected = referenceDecision(robots, url, agent);
            const v = evaluate(parsed, url, agent, { robotsTxtAlwaysAllowed: false });
            expect({ allowed: v.allowed, line: v.rule?.line ?? 0 }, `${agent} ${url}`).toEqual(expected);
            const code = checker.check(url);
            expect({ allowed: code >= 0, line: Math.abs(code) }).toEqual(expected);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('lists exactly the rules a plain scan finds matching, in the same order', () => {
    fc.assert(
      fc.property(
        robotsArb,
        fc.array(urlArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('FooBot', 'BarBot', 'Other'),
        (robots, urls, agent) => {
          const parsed = parseRobotsTxt(robots);
          for (const url of urls) {
            const v = evaluate(parsed, url, agent, { robotsTxtAlwaysAllowed: false });
            const groups = v.choice.kind === 'none' ? [] : v.choice.groups;
            const listed = v.matches.map((m) => ({
              line: m.line,
              pattern: m.pattern,
              length: m.length,
              viaIndexHtml: m.viaIndexHtml,
            }));
            expect(listed, `${agent} ${url}`).toEqual(refMatchList(parsed, groups, getPathParamsQuery(url)));
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('compiled matcher with many wildcard rules under one prefix (trigram index)', () => {
  const wildPattern = fc
    .array(fc.constantFrom('a', 'b', 'c', '/', '.', '*', '?', '=', 'ab', 'ca', 'x'), { minLength: 1, maxLength: 6 })
    .map((cs) => `/*${cs.join('')}${cs.length % 3 === 0 ? '$' : ''}`);
  const rulesArb = fc.array(fc.tuple(fc.boolean(), wildPattern), { minLength: 12, maxLength: 40 });
  const fileOf = (rules: [boolean, string][]) =>
    ['user-agent: FooBot', ...rules.map(([allow, p]) => `${allow ? 'allow' : 'disallow'}: ${p}`)].join('\n');
  const robots = rulesArb.map(fileOf);
  const filler = fc.array(pathChar, { maxLength: 4 }).map((cs) => cs.join(''));
  /** A path made from one of the rules: each `*` filled, `$` kept or dropped, text added or cut at either end. */
  const pathFrom = (rules: [boolean, string][]) =>
    fc
      .tuple(
        fc.nat(rules.length - 1),
        fc.array(filler, { minLength: 8, maxLength: 8 }),
        fc.boolean(),
        fc.integer({ min: -2, max: 0 }),
      )
      .map(([i, fills, keepEnd, cut]) => {
        let k = 0;
        let path = rules[i][1].replace(/\*/g, () => fills[k++ % fills.length]).replace(/\$$/, '');
        if (!keepEnd) path += fills[7];
        return cut < 0 && path.length + cut > 1 ? path.slice(0, cut) : path;
      });

  /** Each path's verdict and deciding line, and (optionally) its list of matching rules, against the references. */
  const checkPaths = (text: string, paths: string[], lists: boolean): void => {
    const parsed = parseRobotsTxt(text);
    const checker = createChecker(parsed, { tokens: ['FooBot'] });
    for (const path of paths) {
      const expected = referenceDecision(text, path, 'FooBot');
      const code = checker.check(path);
      expect({ allowed: code >= 0, line: Math.abs(code) }, path).toEqual(expected);
      if (!lists) continue;
      // The explanation lists every matching rule, found through the same index.
      const listed = evaluate(parsed, path, 'FooBot').matches.map((m) => ({
        line: m.line,
        pattern: m.pattern,
        length: m.length,
        viaIndexHtml: m.viaIndexHtml,
      }));
      expect(listed, path).toEqual(refMatchList(parsed, [0], getPathParamsQuery(path)));
    }
  };

  it('agrees with the reference emulation', () => {
    fc.assert(
      fc.property(robots, fc.array(pathArb, { minLength: 1, maxLength: 8 }), (text, paths) =>
        checkPaths(text, paths, false),
      ),
      { numRuns: 1500 },
    );
  });

  it('agrees with the reference emulation on paths made from the rules (the runs they need at either end)', () => {
    const filePaths = rulesArb.chain((rules) =>
      fc.tuple(fc.constant(fileOf(rules)), fc.array(pathFrom(rules), { minLength: 1, maxLength: 8 })),
    );
    fc.assert(
      fc.property(filePaths, ([text, paths]) => checkPaths(text, paths, true)),
      { numRuns: 1500 },
    );
  });
});

describe('no backtracking on hostile wildcard patterns (SPEC §7)', () => {
  const hostile = '/*a*a*a*a*a*a*a*a*a*a*a*a*b';
  const url = `/${'a'.repeat(5000)}`;

  it('the reference algorithm keeps at most path+1 positions per pattern character', () => {
    // A backtracking translation of `*` explores exponentially many states;
    // the position-set algorithm's state is bounded by the path length.
    expect(refMatches(url, hostile)).toBe(false);
    expect(matchesPattern(url, hostile)).toBe(false);
    expect(matchesPattern(`${url}b`, hostile)).toBe(true);
  });

  it('the compiled matcher searches each segment once, left to right', () => {
    const parsed = parseRobotsTxt(`user-agent: *\ndisallow: ${hostile}\nallow: /*a*a*a*a*a*a*a*a*a*a*a*a*a*c$\n`);
    const compiled = compileRules(parsed, [0]);
    const searches: { from: number; at: number }[] = [];
    __setSearchObserver((from, at) => searches.push({ from, at }));
    try {
      expect(compiled.check(url)).toBe(0);
      expect(compiled.check(`${url}b`)).toBe(-2);
    } finally {
      __setSearchObserver(null);
    }
    // Two rules × (12 `a` segments + 1 last segment) at most, per check.
    expect(searches.length).toBeLessThanOrEqual(2 * 2 * 13);
    for (let i = 1; i < searches.length; i++) {
      const prev = searches[i - 1];
      const cur = searches[i];
      if (cur.from > prev.from) expect(cur.from).toBeGreaterThanOrEqual(prev.at);
    }
  });
});
