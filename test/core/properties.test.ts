/**
 * Property tests of the engine (fast-check) against the independent
 * byte-level model of the reference (test/model/reference-model.ts), which
 * shares no code with src/: verdicts, deciding lines and the listed matches
 * on files built from rule fragments, on random text, and on byte corpora
 * (invalid UTF-8, byte-order marks in odd places, characters cut by the
 * line limit, NUL and control bytes in URLs). See docs/behaviour.md §12-13.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createChecker, evaluate, getPathParamsQuery, type ParsedRobots, parseRobotsTxt } from '../../src/core';
import { compileTree } from '../../src/core/compile/tree';
import { matchesPattern } from '../../src/core/pattern';
import { lineArb as modelLineArb, patternArb } from '../model/arbitraries';
import { type Bytes, latin1, modelDecide, modelMatches, modelPath, utf8 } from '../model/reference-model';

/** The engine's verdict, deciding line and match list for one URL, through evaluate and the checker, against the model's. */
function expectModelAgrees(parsed: ParsedRobots, robots: string | Uint8Array, url: string, agent: string): void {
  const m = modelDecide(robots, url, agent);
  const shown = JSON.stringify(url.length > 80 ? `${url.slice(0, 40)}…${url.slice(-30)}` : url);
  const expected = { allowed: m.allowed, line: m.line };
  const v = evaluate(parsed, url, agent, { robotsTxtAlwaysAllowed: false });
  expect({ allowed: v.allowed, line: v.rule?.line ?? 0 }, `${agent} ${shown}`).toEqual(expected);
  const code = createChecker(parsed, { tokens: [agent] }, { robotsTxtAlwaysAllowed: false }).decide(url);
  expect({ allowed: code >= 0, line: Math.abs(code) }, `checker ${agent} ${shown}`).toEqual(expected);
  const listed = v.matches.map((x) => ({
    line: x.line,
    kind: x.kind,
    pattern: x.pattern,
    length: x.length,
    viaIndexHtml: x.viaIndexHtml,
  }));
  expect(listed, `matches ${agent} ${shown}`).toEqual(m.matches);
}

const pathChar = fc.constantFrom('/', 'a', 'b', 'c', '.', '?', '=', '$', '%', '2', 'f', 'F', 'ツ', 'é', '-', 'x');
const pathArb = fc.array(pathChar, { maxLength: 14 }).map((cs) => `/${cs.join('')}`);
const lineArb = modelLineArb([
  '',
  '# comment',
  'sitemap: http://x/s.xml',
  'crawl-delay: 5',
  'useragent: foobot',
  'disalow: /a',
  'junk line here',
]);
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

  it('equals the model for every URL of a list, in order', () => {
    fc.assert(
      fc.property(urls, (list) => {
        for (const url of list) expect(latin1(utf8(getPathParamsQuery(url))), url).toBe(latin1(modelPath(utf8(url))));
      }),
      { numRuns: 2000 },
    );
  });

  it('equals the model on URLs with NUL and control characters anywhere (docs/behaviour.md §13)', () => {
    const odd = fc
      .array(fc.constantFrom('\0', '\x01', '\x7f', '\t', ' ', '/', '?', ';', '#', 'a', '://', 'é'), { maxLength: 10 })
      .map((cs) => cs.join(''));
    fc.assert(
      fc.property(origin, odd, odd, (o, a, b) => {
        const url = o + a + b;
        expect(latin1(utf8(getPathParamsQuery(url))), JSON.stringify(url)).toBe(latin1(modelPath(utf8(url))));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parser robustness (docs/behaviour.md §3: only valid lines count, parsing never throws)', () => {
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

describe('matching (docs/behaviour.md §7)', () => {
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

  it('the engine matcher agrees with the model position-set matcher on any pattern', () => {
    fc.assert(
      fc.property(pathArb, patternArb, (path, pattern) => {
        expect(matchesPattern(path, pattern)).toBe(modelMatches(utf8(path), utf8(pattern)));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the engine against the model on files of rule fragments (docs/behaviour.md §12, Decision)', () => {
  it('gives identical verdicts, deciding lines and match lists', () => {
    fc.assert(
      fc.property(
        robotsArb,
        fc.array(urlArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('FooBot', 'BarBot', 'Bar_bot', 'Foo-Bot', 'Other'),
        (robots, urls, agent) => {
          const parsed = parseRobotsTxt(robots);
          for (const url of urls) expectModelAgrees(parsed, robots, url, agent);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('gives identical verdicts on fragments mixed with random text', () => {
    const noise = fc.string({ unit: 'binary', maxLength: 12 });
    const mixed = fc
      .array(
        fc.oneof(
          lineArb,
          noise,
          fc.tuple(lineArb, noise).map(([l, n]) => l + n),
        ),
        { maxLength: 12 },
      )
      .chain((ls) => fc.constantFrom('\n', '\r\n', '\r').map((eol) => ls.join(eol)));
    fc.assert(
      fc.property(
        mixed,
        fc.array(urlArb, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('FooBot', 'Other'),
        (robots, urls, agent) => {
          const parsed = parseRobotsTxt(robots);
          for (const url of urls) expectModelAgrees(parsed, robots, url, agent);
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('gives identical verdicts on random text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }),
        urlArb,
        fc.constantFrom('FooBot', 'a', 'Other'),
        (robots, url, agent) => {
          expectModelAgrees(parseRobotsTxt(robots), robots, url, agent);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('the engine against the model on byte corpora (docs/behaviour.md §13)', () => {
  /** Bytes that are not plain ASCII text: invalid UTF-8, BOMs and their prefixes, NUL and control bytes, multi-byte characters. */
  const oddBytes: fc.Arbitrary<Bytes> = fc.constantFrom(
    [0xff],
    [0x80],
    [0xc3],
    [0xe3, 0x83],
    [0xc0, 0xaf],
    [0xed, 0xa0, 0x80],
    [0xf4, 0x90, 0x80, 0x80],
    [0xef, 0xbb, 0xbf],
    [0xef, 0xbb],
    [0xef],
    [0x00],
    [0x0b],
    [0x0c],
    [0x7f],
    utf8('é'),
    utf8('ツ'),
    utf8('😀'),
    utf8('%ff'),
    utf8('#'),
  );
  const asciiPiece = fc.constantFrom('/', 'a', 'b', '*', '$', '%', '2', 'f', '.', '?', ' ', 'index.html').map(utf8);
  const valueBytes = fc.array(fc.oneof(asciiPiece, oddBytes), { maxLength: 6 }).map((ps) => [0x2f, ...ps.flat()]);
  const keyBytes = fc
    .constantFrom('user-agent', 'allow', 'disallow', 'Disallow', 'useragent', 'disalow', 'sitemap', 'foo')
    .map(utf8);
  const agentLine = fc.constantFrom('FooBot', '*', 'foobot/1', 'BarBot').map((a) => utf8(`user-agent: ${a}`));
  const ruleLine = fc
    .tuple(keyBytes, fc.constantFrom(': ', ':', ' '), valueBytes, fc.option(oddBytes, { nil: undefined }))
    .map(([k, sep, v, tail]) => [...k, ...utf8(sep), ...v, ...(tail ?? [])]);
  const lineBytes = fc.oneof(
    { weight: 1, arbitrary: agentLine },
    { weight: 3, arbitrary: ruleLine },
    { weight: 1, arbitrary: fc.array(oddBytes, { maxLength: 3 }).map((x) => x.flat()) },
  );
  const startBytes = fc.constantFrom<Bytes>(
    [],
    [0xef, 0xbb, 0xbf],
    [0xef, 0xbb],
    [0xef],
    [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf],
    [0xef, 0xbb, 0xbf, 0xef],
  );
  const eol = fc.constantFrom<Bytes>([0x0a], [0x0d], [0x0d, 0x0a], [0x0d, 0x0d, 0x0a]);
  const fileBytes = fc
    .tuple(startBytes, fc.array(fc.tuple(lineBytes, eol), { minLength: 1, maxLength: 10 }))
    .map(([start, ls]) => Uint8Array.from([...start, ...ls.flatMap(([l, e]) => [...l, ...e])]));
  const byteUrl = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '/',
          'a',
          'b',
          '.',
          '?',
          '%FF',
          '%C3',
          '%C3%A9',
          '%E3%83',
          '%EF%BF%BD',
          '%C0%AF',
          'index.html',
          '\0',
          '\x01',
          '#',
          'é',
        ),
        fc.constant('/'),
      ),
      { maxLength: 8 },
    )
    .map((cs) => `http://example.com/${cs.join('')}`);

  it('gives identical verdicts, deciding lines and match lists', () => {
    fc.assert(
      fc.property(
        fileBytes,
        fc.array(byteUrl, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('FooBot', 'Other'),
        (robots, urls, agent) => {
          const parsed = parseRobotsTxt(robots);
          for (const url of urls) expectModelAgrees(parsed, robots, url, agent);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('gives identical verdicts on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), byteUrl, (robots, url) => {
        expectModelAgrees(parseRobotsTxt(robots), robots, url, 'FooBot');
      }),
      { numRuns: 500 },
    );
  });

  /** The bytes as a string when they are valid UTF-8 (a string stands for its UTF-8 encoding), else null. */
  const textOf = (bytes: Uint8Array): string | null => {
    try {
      return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      return null;
    }
  };

  it('cuts long lines where the model does, multi-byte characters and invalid runs straddling the cut included', () => {
    const LIMIT = 2083 * 8 - 1;
    const straddler = fc.constantFrom<Bytes>(
      utf8('é'),
      utf8('ツ'),
      utf8('😀'),
      [0xe3, 0x83],
      [0xff],
      [0xf0, 0x9f],
      utf8(' é'),
      utf8('#é'),
    );
    const longFile = fc
      .tuple(
        fc.integer({ min: LIMIT - 5, max: LIMIT + 1 }),
        straddler,
        fc.constantFrom('', 'x', '/$', ' '),
        fc.boolean(),
        fc.boolean(),
      )
      .map(([at, ch, tail, asBytes, withBom]) => {
        const line = [...utf8(`disallow: /${'a'.repeat(at - 11)}`), ...ch, ...utf8(tail)];
        const bytes = Uint8Array.from([
          ...(withBom ? [0xef, 0xbb, 0xbf] : []),
          ...utf8('user-agent: *\nallow: /a\n'),
          ...line,
          0x0a,
        ]);
        return {
          bytes,
          text: asBytes ? null : textOf(bytes),
          run: at - 11,
        };
      });
    const suffix = fc.constantFrom(
      '',
      'a',
      '%C3',
      '%C3%A9',
      '%E3',
      '%E3%83',
      '%E3%83%84',
      '%F0%9F',
      '%F0%9F%98',
      '%FF',
      '%20',
      '%20%C3',
      'x',
    );
    fc.assert(
      fc.property(
        longFile,
        fc.array(fc.tuple(fc.integer({ min: -2, max: 0 }), suffix), { minLength: 1, maxLength: 4 }),
        (file, tails) => {
          // Strings are only ever valid text here; they must behave as their UTF-8 bytes.
          const input = file.text ?? file.bytes;
          const parsed = parseRobotsTxt(input);
          for (const [less, tail] of tails) {
            expectModelAgrees(parsed, file.bytes, `http://example.com/${'a'.repeat(file.run + less)}${tail}`, 'FooBot');
          }
        },
      ),
      { numRuns: 60 },
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

  /** Each path's verdict and deciding line, and (optionally) its list of matching rules, against the model. */
  const checkPaths = (text: string, paths: string[], lists: boolean): void => {
    const parsed = parseRobotsTxt(text);
    const checker = createChecker(parsed, { tokens: ['FooBot'] });
    for (const path of paths) {
      const m = modelDecide(text, path, 'FooBot');
      const code = checker.decide(path);
      expect({ allowed: code >= 0, line: Math.abs(code) }, path).toEqual({ allowed: m.allowed, line: m.line });
      if (!lists) continue;
      // The explanation lists every matching rule, found through the same index.
      const listed = evaluate(parsed, path, 'FooBot').matches.map((x) => ({
        line: x.line,
        kind: x.kind,
        pattern: x.pattern,
        length: x.length,
        viaIndexHtml: x.viaIndexHtml,
      }));
      expect(listed, path).toEqual(m.matches);
    }
  };

  it('agrees with the model', () => {
    fc.assert(
      fc.property(robots, fc.array(pathArb, { minLength: 1, maxLength: 8 }), (text, paths) =>
        checkPaths(text, paths, false),
      ),
      { numRuns: 1500 },
    );
  });

  it('agrees with the model on paths made from the rules (the runs they need at either end)', () => {
    const filePaths = rulesArb.chain((rules) =>
      fc.tuple(fc.constant(fileOf(rules)), fc.array(pathFrom(rules), { minLength: 1, maxLength: 8 })),
    );
    fc.assert(
      fc.property(filePaths, ([text, paths]) => checkPaths(text, paths, true)),
      { numRuns: 1500 },
    );
  });
});

describe('no backtracking on hostile wildcard patterns (docs/behaviour.md §7)', () => {
  const hostile = '/*a*a*a*a*a*a*a*a*a*a*a*a*b';
  const url = `/${'a'.repeat(5000)}`;

  it('the reference algorithm keeps at most path+1 positions per pattern character', () => {
    // A backtracking translation of `*` explores exponentially many states;
    // the position-set algorithm's state is bounded by the path length.
    expect(modelMatches(utf8(url), utf8(hostile))).toBe(false);
    expect(matchesPattern(url, hostile)).toBe(false);
    expect(matchesPattern(`${url}b`, hostile)).toBe(true);
  });

  it('the compiled matcher searches each segment once, left to right', () => {
    const parsed = parseRobotsTxt(`user-agent: *\ndisallow: ${hostile}\nallow: /*a*a*a*a*a*a*a*a*a*a*a*a*a*c$\n`);
    // The tree: a set this small would otherwise be matched linearly (compile/linear.ts).
    const compiled = compileTree(parsed, [0]);
    // At most two rules × (12 `a` segments + 1 last segment) per check, three checks.
    const bound = 3 * 2 * 13;
    const searches: { from: number; at: number }[] = [];
    // The path as a String object whose substring searches are counted: the
    // matcher sees a string that answers as the primitive does.
    const watched = (text: string): string => {
      const s = new String(text);
      s.indexOf = (seg: string, from?: number) => {
        const at = text.indexOf(seg, from);
        searches.push({ from: from ?? 0, at });
        if (searches.length > bound) throw new Error(`more than ${bound} segment searches`);
        return at;
      };
      return s as string;
    };
    expect(compiled.check(watched(url))).toBe(0);
    expect(compiled.check(watched(`${url}b`))).toBe(-2);
    // Every character the pattern needs is there, but no `b` after the `a`s: where backtracking would retry.
    expect(compiled.check(watched(`/b${url.slice(1)}`))).toBe(0);
    expect(searches.length).toBeGreaterThan(0);
    for (let i = 1; i < searches.length; i++) {
      const prev = searches[i - 1];
      const cur = searches[i];
      if (cur.from > prev.from) expect(cur.from).toBeGreaterThanOrEqual(prev.at);
    }
  });
});
