// STYLE principle 4: the engine decides what a line means, the grammar only
// colours it, and both must agree on every physical line's kind.
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/core';
import type { LineKind } from '../../src/core';
import { grammarLineKinds } from './line-kinds';
import { conformanceTexts } from './corpus';

const corpus = conformanceTexts();

/**
 * Where the grammar cannot follow the reference, and why. Each exception
 * covers exactly the lines it names; every other line must agree.
 * - NUL: the reference reads a line as a C string, so a NUL ends it; the
 *   grammar (a colouring) reads on, so a line with a NUL may differ.
 * - 16,663 bytes: the reference cuts a line after MAX_LINE_BYTES; the
 *   grammar does not count bytes. Such a line is marked by the linter.
 */
function exception(text: string, line: { span: { from: number; to: number }; cutAt: number | null }): string | null {
  if (text.slice(line.span.from, line.span.to).includes('\0')) return 'NUL ends the line in the reference';
  if (line.cutAt !== null) return 'line cut at 16,663 bytes';
  return null;
}

describe('the grammar and the engine agree on line kinds (STYLE principle 4)', () => {
  it('covers every conformance file', () => {
    expect(corpus.length).toBeGreaterThan(400);
  });

  it('gives every physical line of every conformance robots.txt the same kind', () => {
    const mismatches: string[] = [];
    let lines = 0;
    for (const { source, text } of corpus) {
      const engine = parseRobotsTxt(text).lines;
      const grammar = grammarLineKinds(text);
      expect(grammar.length, `${source}: number of lines`).toBe(engine.length);
      for (const pl of engine) {
        if (exception(text, pl)) continue;
        lines++;
        const kind: LineKind = grammar[pl.line - 1];
        if (kind !== pl.kind)
          mismatches.push(`${source} line ${pl.line} ${JSON.stringify(text.slice(pl.span.from, pl.span.to))}: engine ${pl.kind}, grammar ${kind}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(lines).toBeGreaterThan(1000);
  });

  it('agrees on the tricky lines of SPEC "Keys and values"', () => {
    const text = [
      'user-agents: a', // prefix
      'useragent: b', // typo
      'user agent: c', // typo with a space
      'Disallowed: /x', // prefix
      'disallow /x', // missing colon
      'disallow /x /y', // three words: invalid
      'disallow', // one word: invalid
      ': /x', // empty key: invalid
      'disallow /x:b', // the first ":" separates: key "disallow /x"
      'Crawl-delay: 5', // known but unsupported
      'crawl-delays: 5', // not an exact match: unknown
      'Allowance: /y',
      'site-map: https://example.com/s.xml',
      '   # indented comment',
      '',
      '\t',
      'unicorn: /value',
      'disallow\t/x # a:b', // the colon is in the comment
      'user-agent\u000b: x', // vertical tab is trimmed from the key
    ].join('\r\n');
    const engine = parseRobotsTxt(text).lines.map((l) => l.kind);
    expect(grammarLineKinds(text)).toEqual(engine);
    expect(engine).toEqual([
      'user-agent', 'user-agent', 'user-agent', 'disallow', 'disallow', 'invalid', 'invalid', 'invalid', 'disallow',
      'other', 'unknown', 'allow', 'sitemap', 'comment', 'blank', 'blank', 'unknown', 'disallow', 'user-agent',
    ]);
  });

  it('counts line ends as the reference does: CR, LF, CR LF, and CR CR LF as two', () => {
    const text = 'user-agent: a\rdisallow: /b\r\r\nallow: /c\n\r\nsitemap: http://x/\n';
    const engine = parseRobotsTxt(text).lines.map((l) => l.kind);
    expect(grammarLineKinds(text)).toEqual(engine);
    expect(engine).toEqual(['user-agent', 'disallow', 'blank', 'allow', 'blank', 'sitemap', 'blank']);
  });
});
