/**
 * A rule with a long pattern keeps its structure in the grammar: one
 * Disallow line whose Pattern covers the whole value, its wildcard and end
 * anchor tokens of their own, the next line read as usual. Expected offsets
 * are worked out by hand from the text.
 */
import { describe, expect, it } from 'vitest';
import { parser } from '../../src/editor/robots.grammar';

/** The nodes named `name` in a parse, as [from, to]. */
function nodesAt(text: string, name: string): [number, number][] {
  const out: [number, number][] = [];
  parser.parse(text).iterate({
    enter: (n) => {
      if (n.name === name) out.push([n.from, n.to]);
    },
  });
  return out;
}

describe('a long pattern', () => {
  const head = 'User-agent: *\nDisallow: ';
  const at = head.length; // 24: where the pattern starts

  it('a 10,000-character path is one Pattern, and the next line is read as usual', () => {
    const text = `${head}/${'a'.repeat(9_999)}\nDisallow: /b\n`;
    expect(nodesAt(text, 'PathText')).toEqual([
      [at, at + 10_000],
      [at + 10_011, at + 10_013],
    ]);
    expect(nodesAt(text, 'Pattern')).toEqual([
      [at, at + 10_000],
      [at + 10_011, at + 10_013],
    ]);
    expect(nodesAt(text, 'DisallowLine')).toHaveLength(2);
    expect(nodesAt(text, '⚠')).toEqual([]);
  });

  it('a wildcard and an end anchor far into the line keep their tokens', () => {
    const text = `${head}/${'a'.repeat(5_000)}*.pdf$`;
    expect(nodesAt(text, 'PathText')).toEqual([
      [at, at + 5_001],
      [at + 5_002, at + 5_006],
    ]);
    // The first wildcard is the user-agent line's `*`.
    expect(nodesAt(text, 'Wildcard')).toEqual([
      [12, 13],
      [at + 5_001, at + 5_002],
    ]);
    expect(nodesAt(text, 'EndAnchor')).toEqual([[at + 5_006, at + 5_007]]);
  });
});
