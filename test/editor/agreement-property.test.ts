// STYLE principles 4 and 8: on random files built from the fragments that
// make robots.txt lines tricky, the grammar and the engine still agree on
// every line's kind.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/core';
import { grammarLineKinds } from './line-kinds';

const key = fc.constantFrom(
  'user-agent',
  'User-Agent',
  'useragent',
  'user agent',
  'user-agents',
  'allow',
  'Allowance',
  'disallow',
  'DISALLOWED',
  'dissallow',
  'disalow',
  'sitemap',
  'site-map',
  'crawl-delay',
  'Noindex',
  'content-signal',
  'unicorn',
  'usr-agent',
  '',
);
const spaceRun = fc.constantFrom('', ' ', '\t', '  ', ' \t', '\u000b', '\f', '\0');
const valuePart = fc.constantFrom(
  '/',
  '/a',
  '*',
  '$',
  '/x$',
  'Googlebot',
  '/2.1',
  ':',
  'a b',
  '#c',
  ' ',
  'http://e.com/s',
  '\u00e9',
  '\uFEFF',
  '\0',
);
const value = fc.array(valuePart, { maxLength: 4 }).map((p) => p.join(''));
const separator = fc.constantFrom(':', ' :', ': ', ' ', '\t', '', '::');
const line = fc.oneof(
  fc.tuple(spaceRun, key, separator, value, spaceRun).map((p) => p.join('')),
  fc.tuple(spaceRun, fc.constantFrom('# comment', '#', '#a:b')).map((p) => p.join('')),
  spaceRun,
  fc.string({ maxLength: 12 }),
  fc.string({ maxLength: 12, unit: 'binary' }),
);
const lineEnd = fc.constantFrom('\n', '\r', '\r\n');
const file = fc
  .array(fc.tuple(line, lineEnd), { maxLength: 12 })
  .chain((ls) => fc.tuple(fc.constant(ls.map(([l, e]) => l + e).join('')), fc.boolean(), line))
  .map(([body, bom, last]) => (bom ? '\uFEFF' : '') + body + last);

describe('the grammar and the engine agree on line kinds for random files (STYLE principle 4)', () => {
  it('holds for files of tricky keys, separators, values, comments and line ends', () => {
    fc.assert(
      fc.property(file, (text) => {
        expect(grammarLineKinds(text)).toEqual(parseRobotsTxt(text).lines.map((l) => l.kind));
      }),
      { numRuns: 2000 },
    );
  });
});
