// The editor reparses incrementally after each edit, reusing parts of the old
// tree. The tokenizer looks back (is this the start of a line?) and ahead (to
// the end of the line), so check that an incremental parse always equals a
// fresh one.

import { TreeFragment } from '@lezer/common';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parser } from '../../src/editor/robots.grammar';

const piece = fc.constantFrom(
  'user-agent: a',
  'User-agent: *',
  'disallow: /x',
  'allow: /a*b$',
  'disallow /y',
  'sitemap: http://e.com/s',
  'crawl-delay: 2',
  '# note',
  'foo bar baz',
  ':',
  ' ',
  '\n',
  '\r\n',
  '\r',
  '#',
  '*',
  '$',
  'agent',
  'dis',
  '\0',
  '\uFEFF',
);
const text = fc.array(piece, { maxLength: 20 }).map((p) => p.join(''));
// Long enough that Lezer reuses subtrees (it skips reuse of tiny nodes).
const longText = fc.array(piece, { minLength: 50, maxLength: 400 }).map((p) => p.join(''));

describe('incremental parsing', () => {
  it('gives the same tree as a fresh parse after any edit', () => {
    fc.assert(
      fc.property(fc.oneof(text, longText), fc.nat(), fc.nat(), text, (doc, a, b, insert) => {
        const from = doc.length ? a % (doc.length + 1) : 0;
        const to = from + (doc.length - from ? b % (doc.length - from + 1) : 0);
        const next = doc.slice(0, from) + insert + doc.slice(to);
        let fragments = TreeFragment.addTree(parser.parse(doc));
        fragments = TreeFragment.applyChanges(fragments, [
          { fromA: from, toA: to, fromB: from, toB: from + insert.length },
        ]);
        expect(parser.parse(next, fragments).toString()).toBe(parser.parse(next).toString());
      }),
      { numRuns: 1500 },
    );
  });
});
