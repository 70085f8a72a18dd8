// The grammar's reading of keys against a key table written here by hand from
// docs/behaviour.md §12 Keys and values and §10 (the twelve unsupported keys),
// not taken from the engine: the grammar's tokenizer and the engine share
// their key classification, so comparing the two alone could not catch a
// wrong table.
import { describe, expect, it } from 'vitest';
import type { LineKind } from '../../src/core';
import { conformanceTexts } from './corpus';
import { grammarLineKinds, lineStarts } from './line-kinds';

/** Spellings matched by case-insensitive prefix, in the reference's order (§12). */
const PREFIXES: [string, LineKind][] = [
  ['user-agent', 'user-agent'],
  ['useragent', 'user-agent'],
  ['user agent', 'user-agent'],
  ['allow', 'allow'],
  ['disallow', 'disallow'],
  ['dissallow', 'disallow'],
  ['dissalow', 'disallow'],
  ['disalow', 'disallow'],
  ['diasllow', 'disallow'],
  ['disallaw', 'disallow'],
  ['sitemap', 'sitemap'],
  ['site-map', 'sitemap'],
];

/** §10: keys the reference knows and ignores, matched exactly. */
const UNSUPPORTED = new Set([
  'clean-param',
  'content-signal',
  'content-usage',
  'crawl-delay',
  'domain',
  'host',
  'noarchive',
  'nofollow',
  'noindex',
  'request-rate',
  'revisit-after',
  'visit-time',
]);

function kindOfKey(key: string): LineKind {
  const lower = key.replace(/[A-Z]/g, (c) => c.toLowerCase());
  for (const [spelling, kind] of PREFIXES) if (lower.startsWith(spelling)) return kind;
  return UNSUPPORTED.has(lower) ? 'other' : 'unknown';
}

/** The kind a line with a colon before any comment gets from its key; null for lines this oracle leaves aside. */
function expectedKind(line: string): LineKind | null {
  if (line.includes('\0') || line.length > 2000) return null;
  const body = line.split('#')[0];
  const colon = body.indexOf(':');
  if (colon === -1) return null;
  const key = body.slice(0, colon).replace(/^[ \t\v\f]+|[ \t\v\f]+$/g, '');
  return key === '' ? null : kindOfKey(key);
}

describe('the grammar reads keys as the behaviour says', () => {
  it('gives the kind of a hand-written key table to every keyed line of the conformance files', () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const { source, text } of conformanceTexts()) {
      const starts = lineStarts(text);
      const kinds = grammarLineKinds(text);
      starts.forEach((from, i) => {
        const to = i + 1 < starts.length ? starts[i + 1] : text.length;
        // §13: a byte-order mark at the start of the file is skipped.
        const line = text
          .slice(from, to)
          .replace(/\r?\n$|\r$/, '')
          .replace(i === 0 ? /^\uFEFF/ : /^$/, '');
        const want = expectedKind(line);
        if (want === null) return;
        checked++;
        if (kinds[i] !== want)
          mismatches.push(`${source} line ${i + 1} ${JSON.stringify(line)}: ${kinds[i]}, not ${want}`);
      });
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it('reads typos and prefixes by the table', () => {
    const lines = [
      'USERAGENT: a',
      'user agent: b',
      'Allowance: /x',
      'disallaw: /y',
      'Site-Map: s',
      'noindex: /z',
      'noindexes: /z',
      'Crawl-delay: 1',
    ];
    expect(grammarLineKinds(lines.join('\n'))).toEqual([
      'user-agent',
      'user-agent',
      'allow',
      'disallow',
      'sitemap',
      'other',
      'unknown',
      'other',
    ]);
  });
});
