/**
 * A rule's pattern longer than 4,096 characters is read as several PathText
 * tokens of at most 4,096, so that Lezer can stop inside a 1 MB rule for
 * its time budget (src/editor/tokens.ts). The line's structure is the same:
 * one Disallow line whose Pattern covers the whole value. Expected offsets
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

describe('a long pattern is read in pieces of at most 4,096 characters', () => {
  const head = 'User-agent: *\nDisallow: ';
  const at = head.length; // 24: where the pattern starts

  it('a 10,000-character path: pieces of 4,096, 4,096 and 1,808, one Pattern over all', () => {
    const text = `${head}/${'a'.repeat(9_999)}\nDisallow: /b\n`;
    expect(nodesAt(text, 'PathText')).toEqual([
      [at, at + 4_096],
      [at + 4_096, at + 8_192],
      [at + 8_192, at + 10_000],
      [at + 10_011, at + 10_013],
    ]);
    expect(nodesAt(text, 'Pattern')).toEqual([
      [at, at + 10_000],
      [at + 10_011, at + 10_013],
    ]);
    expect(nodesAt(text, 'DisallowLine')).toHaveLength(2);
    expect(nodesAt(text, '⚠')).toEqual([]);
  });

  it('a pattern of exactly 4,096 characters is one token', () => {
    expect(nodesAt(`${head}/${'a'.repeat(4_095)}`, 'PathText')).toEqual([[at, at + 4_096]]);
  });

  it('a piece ends at its last non-space; the spaces at the cut are skipped, the rest is the next piece', () => {
    // 4,090 characters, 6 spaces (the piece is full at 4,096), then "/x".
    const text = `${head}/${'a'.repeat(4_089)}      /x`;
    expect(nodesAt(text, 'PathText')).toEqual([
      [at, at + 4_090],
      [at + 4_096, at + 4_098],
    ]);
    expect(nodesAt(text, 'Pattern')).toEqual([[at, at + 4_098]]);
  });

  it('a wildcard and an end anchor after the cut keep their tokens', () => {
    const text = `${head}/${'a'.repeat(5_000)}*.pdf$`;
    expect(nodesAt(text, 'PathText')).toEqual([
      [at, at + 4_096],
      [at + 4_096, at + 5_001],
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
