// The viewport highlighter (src/editor/viewportHighlight.ts) must colour every
// character as @lezer/highlight's own highlightTree does when it walks the
// whole tree: on fresh trees, on trees grown by many small edits (the shape
// that made the whole walk slow), and for any visible ranges.

import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import type { Tree } from '@lezer/common';
import { highlightTree } from '@lezer/highlight';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { robotsHighlightStyle } from '../../src/editor/highlight';
import { robots } from '../../src/editor/language';
import { visibleMarks } from '../../src/editor/viewportHighlight';
import { lineArb } from '../model/arbitraries';

const odd = [
  '# note',
  'foo bar',
  'Crawl-delay: 3',
  'Disallow /x # c',
  '  Allow:/a*$',
  'useragent: b',
  ':',
  '\uFEFF',
  '\0',
];
const linesArb = fc.array(lineArb(odd), { minLength: 1, maxLength: 60 });

/** The class of every character in [from, to) of each range, from a highlighter. */
function classes(length: number, paint: (put: (from: number, to: number, cls: string) => void) => void): string[] {
  const out = new Array<string>(length).fill('');
  paint((from, to, cls) => {
    for (let i = from; i < to; i++) out[i] = out[i] ? `${out[i]} ${cls}` : cls;
  });
  return out;
}

/** The reference: the library's walk of the whole tree, once per range. */
function library(tree: Tree, ranges: { from: number; to: number }[]): string[] {
  return classes(tree.length, (put) => {
    for (const { from, to } of ranges) highlightTree(tree, robotsHighlightStyle, put, from, to);
  });
}

function ours(tree: Tree, ranges: { from: number; to: number }[]): string[] {
  return classes(tree.length, (put) => visibleMarks(tree, robotsHighlightStyle, ranges, put));
}

function treeOf(state: EditorState): Tree {
  const tree = ensureSyntaxTree(state, state.doc.length, 1e9);
  if (!tree) throw new Error('no tree');
  return tree;
}

/** Ranges cut from [0, length) at the given fractions, sorted and disjoint, as visible ranges are. */
function rangesAt(length: number, cuts: number[]): { from: number; to: number }[] {
  const at = [...new Set(cuts.map((c) => Math.floor(c * length)))].sort((a, b) => a - b);
  const ranges: { from: number; to: number }[] = [];
  for (let i = 0; i + 1 < at.length; i += 2) if (at[i] < at[i + 1]) ranges.push({ from: at[i], to: at[i + 1] });
  return ranges.length ? ranges : [{ from: 0, to: length }];
}

describe('viewport highlighting', () => {
  it('colours a freshly parsed file as the whole-tree walk does', () => {
    fc.assert(
      fc.property(linesArb, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }), (lines, cuts) => {
        const state = EditorState.create({ doc: lines.join('\n'), extensions: robots() });
        const tree = treeOf(state);
        const ranges = rangesAt(state.doc.length, cuts);
        expect(ours(tree, ranges)).toEqual(library(tree, ranges));
      }),
      { numRuns: 300 },
    );
  });

  it('colours a file grown a line per edit as the whole-tree walk does', () => {
    fc.assert(
      fc.property(linesArb, fc.integer({ min: 0, max: 5 }), (lines, headCount) => {
        // Some lines at once, the rest typed one transaction each at the end (a fragmented tree).
        let state = EditorState.create({ doc: lines.slice(0, headCount).join('\n'), extensions: robots() });
        treeOf(state);
        for (const line of lines.slice(headCount)) {
          state = state.update({ changes: { from: state.doc.length, insert: `\n${line}` } }).state;
          treeOf(state);
        }
        const tree = treeOf(state);
        const end = state.doc.length;
        for (const ranges of [[{ from: 0, to: end }], [{ from: Math.floor(end / 2), to: end }]])
          expect(ours(tree, ranges)).toEqual(library(tree, ranges));
      }),
      { numRuns: 100 },
    );
  });

  it('colours the keys, values and comments of a known file', () => {
    const doc = 'User-agent: *\nDisallow: /a*$ # x\nSitemap: https://e.com/s';
    const state = EditorState.create({ doc, extensions: robots() });
    const marks = ours(treeOf(state), [{ from: 0, to: doc.length }]);
    const at = (s: string) => marks[doc.indexOf(s)];
    // Written by hand: each kind of token has a class, and different kinds differ.
    for (const s of ['User-agent', 'Disallow', '/a', '*$', '# x', 'Sitemap', 'https']) expect(at(s)).not.toBe('');
    expect(at('User-agent')).not.toBe(at('Disallow'));
    expect(at('/a')).not.toBe(at('# x'));
    expect(marks[doc.indexOf('\n')]).toBe('');
  });
});
