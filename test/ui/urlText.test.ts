import { describe, expect, it } from 'vitest';
import { moveCell } from '../../src/ui/results/gridKeys';
import { shownPart, truncateMiddle } from '../../src/ui/results/urlText';

describe('how a row shows its URL', () => {
  it('cuts the middle, keeping the start and the end', () => {
    expect(truncateMiddle('/abcdefghij', 20)).toBe('/abcdefghij');
    expect(truncateMiddle('/abcdefghij', 7)).toBe('/ab…hij');
    expect(truncateMiddle('/abcdefghij', 6)).toBe('/ab…ij');
    expect(truncateMiddle('/abc', 1)).toBe('…');
  });

  it('shows the path and query of a URL on the shared origin, and other URLs whole', () => {
    expect(shownPart('https://a.test/x?y=1', 'https://a.test')).toBe('/x?y=1');
    expect(shownPart('https://a.test', 'https://a.test')).toBe('/');
    expect(shownPart('https://a.testing/x', 'https://a.test')).toBe('https://a.testing/x');
    expect(shownPart('/relative', 'https://a.test')).toBe('/relative');
    expect(shownPart('https://a.test/x', null)).toBe('https://a.test/x');
  });
});

describe('the keys of the verdict grid', () => {
  const size = { rows: 10, cols: 3, page: 4 };
  it('moves within the grid and stops at its edges', () => {
    expect(moveCell('ArrowDown', false, { row: 9, col: 0 }, size)).toEqual({ row: 9, col: 0 });
    expect(moveCell('ArrowRight', false, { row: 0, col: 1 }, size)).toEqual({ row: 0, col: 2 });
    expect(moveCell('PageDown', false, { row: 2, col: 1 }, size)).toEqual({ row: 6, col: 1 });
    expect(moveCell('PageUp', false, { row: 2, col: 1 }, size)).toEqual({ row: 0, col: 1 });
    expect(moveCell('End', true, { row: 2, col: 0 }, size)).toEqual({ row: 9, col: 2 });
    expect(moveCell('Home', false, { row: 2, col: 2 }, size)).toEqual({ row: 2, col: 0 });
    expect(moveCell('a', false, { row: 2, col: 2 }, size)).toBeNull();
  });
});

describe('messages as the page shows them', () => {
  it('start with a capital', async () => {
    const { sentence } = await import('../../src/ui/format');
    expect(sentence('outside the scope of https://a.test/robots.txt')).toBe(
      'Outside the scope of https://a.test/robots.txt',
    );
    expect(sentence('')).toBe('');
  });
});
