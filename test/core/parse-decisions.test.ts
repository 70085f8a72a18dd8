/**
 * parseForDecisions (groups, rules and sitemaps without a ParsedLine per
 * line, for batch) against parseRobotsTxt: the same groups, agents, rules,
 * patterns, sitemaps and orphan rules, and the same lines once asked for,
 * on every conformance file and on random text built to reach the line
 * reader's corners (missing colons, typos, comments, NUL, lines cut inside a
 * character at the reference's line limit). docs/behaviour.md §12-13.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParsedRobots } from '../../src/core';
import { parseForDecisions, parseRobotsTxt } from '../../src/core/parse';
import { differential, googleVectors, seedExamples } from '../conformance/load';

/** Everything a parse says, as plain data (rules through their toJSON, spans as from/to, patterns included). */
function plain(p: ParsedRobots): unknown {
  return JSON.parse(
    JSON.stringify({
      text: p.text,
      groups: p.groups,
      sitemaps: p.sitemaps,
      orphanRules: p.orphanRules,
      patterns: p.groups.flatMap((g) => g.rules.map((r) => [r.pattern, r.length])),
      agentValues: p.groups.flatMap((g) => g.agents.map((a) => a.valueSpan)),
      byteLength: p.byteLength,
      invalidUtf8: p.invalidUtf8,
      lines: p.lines,
    }),
  );
}

function expectSameParse(text: string): void {
  const lean = parseForDecisions(text);
  if (text.charCodeAt(0) === 0xfeff) {
    expect(lean).toBeNull();
    return;
  }
  expect(lean).not.toBeNull();
  expect(plain(lean as ParsedRobots)).toEqual(plain(parseRobotsTxt(text)));
}

const LIMIT = 16_663; // the reference's line limit in bytes (docs/behaviour.md §13)

const lineArb = fc.oneof(
  fc.constantFrom(
    'user-agent: FooBot',
    'User-Agent:*',
    'user-agent: * x',
    'useragent: foobot/1.2 # c',
    'user agent: BarBot',
    'allow: /a*b$',
    'Disallow /x',
    'dissallow: /ツ',
    'disallow:',
    'sitemap: http://x/s.xml',
    'site-map: http://x/t.xml',
    'crawl-delay: 5',
    'user-agents: foo',
    ':no key',
    'two words here',
    '# only a comment',
    '   ',
    '',
    'disallow: /a\0/b',
    'allow: /%aa%2f',
    '\uFEFFuser-agent: x',
  ),
  // Long lines: cut by the reference inside or between characters.
  fc
    .tuple(fc.integer({ min: LIMIT - 12, max: LIMIT + 4 }), fc.constantFrom('a', 'é', 'ツ', '😀'))
    .map(([n, c]) => `disallow: /${'a'.repeat(n - 13)}${c.repeat(3)}`),
);
const textArb = fc
  .array(lineArb, { maxLength: 16 })
  .chain((ls) => fc.constantFrom('\n', '\r\n', '\r').map((eol) => ls.join(eol)));

describe('parseForDecisions makes what parseRobotsTxt makes', () => {
  it('on every conformance file', () => {
    const texts = new Set([
      ...googleVectors().map((v) => v.robotstxt),
      ...differential().map((f) => f.robotstxt),
      ...seedExamples().map((s) => s.robotstxt),
    ]);
    expect(texts.size).toBeGreaterThan(300);
    for (const text of texts) expectSameParse(text);
  });

  it('on random text', () => {
    fc.assert(
      fc.property(textArb, (text) => expectSameParse(text)),
      { numRuns: 400 },
    );
  });

  it('gives each group its lines and span, rules included, in both parsers (hand-written)', () => {
    const text = [
      'disallow: /orphan',
      'user-agent: a',
      '# note',
      'allow: /x',
      '',
      'user-agent: b',
      'user-agent: c',
    ].join('\n');
    const offsets = [0, 18, 32, 39, 49, 50, 64, 77];
    for (const p of [parseRobotsTxt(text), parseForDecisions(text) as ParsedRobots]) {
      expect(p.orphanRules.map((r) => r.line)).toEqual([1]);
      expect(p.groups.map((g) => [g.startLine, g.endLine, g.span.from, g.span.to])).toEqual([
        [2, 4, offsets[1], offsets[4] - 1],
        [6, 7, offsets[5], offsets[7]],
      ]);
      expect(p.lines.map((l) => l.group)).toEqual([-1, 0, 0, 0, -1, 1, 1]);
    }
  });

  it('hands a text that starts with a byte-order mark back (null)', () => {
    expect(parseForDecisions('\uFEFFuser-agent: *\ndisallow: /')).toBeNull();
  });
});
