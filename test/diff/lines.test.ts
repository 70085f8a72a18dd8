import { describe, expect, it } from 'vitest';
import { diffLines } from '../../src/core/diff/lines';

const kinds = (d: ReturnType<typeof diffLines>) =>
  d.edits.map((e) => `${e.kind} ${e.oldLine ?? '-'}→${e.newLine ?? '-'}`);

describe('line diff', () => {
  it('finds nothing between equal texts', () => {
    const d = diffLines(['a', 'b'], ['a', 'b']);
    expect(d.edits).toEqual([]);
    expect([...d.oldToNew]).toEqual([0, 1, 2]);
  });

  it('names an added and a removed line', () => {
    expect(kinds(diffLines(['a', 'b', 'c'], ['a', 'c', 'd']))).toEqual(['removed 2→-', 'added -→3']);
  });

  it('pairs a removed and an added line in the same place as a change', () => {
    const d = diffLines(['User-agent: *', 'Disallow: /shop', ''], ['User-agent: *', 'Disallow: /shop/', '']);
    expect(kinds(d)).toEqual(['changed 2→2']);
    expect(d.edits[0]).toMatchObject({ oldText: 'Disallow: /shop', newText: 'Disallow: /shop/' });
  });

  it('calls a line that left one place and reappears in another a move', () => {
    const d = diffLines(['x', 'a', 'b', 'c'], ['a', 'b', 'x', 'c']);
    expect(kinds(d)).toEqual(['moved 1→3']);
    expect(d.oldToNew[1]).toBe(0);
    expect(d.oldToNew[2]).toBe(1);
  });

  it('keeps the surplus of a hunk as additions', () => {
    expect(kinds(diffLines(['a', 'b', 'z'], ['a', 'B', 'C', 'z']))).toEqual(['changed 2→2', 'added -→3']);
  });

  it('handles an empty side', () => {
    expect(kinds(diffLines([], ['a']))).toEqual(['added -→1']);
    expect(kinds(diffLines(['a'], []))).toEqual(['removed 1→-']);
  });

  it('finds a shortest script in the middle of long common runs', () => {
    const base = Array.from({ length: 500 }, (_, i) => `Disallow: /p${i}`);
    const edited = [...base];
    edited.splice(250, 1, 'Disallow: /changed');
    edited.splice(400, 0, 'Allow: /new');
    expect(kinds(diffLines(base, edited))).toEqual(['changed 251→251', 'added -→401']);
  });

  it('reads two files 2,000 or more lines apart as a rewrite, still pairing moves', () => {
    // The diff stops searching for a shortest script at 2,000 edits (src/core/diff/lines.ts).
    const n = 2000;
    const old = Array.from({ length: n }, (_, i) => `Disallow: /old${i}`);
    const now = [...Array.from({ length: n }, (_, i) => `Disallow: /new${i}`), 'Disallow: /old0'];
    const d = diffLines(['User-agent: *', ...old], ['User-agent: *', ...now]);
    const counts = new Map<string, number>();
    for (const e of d.edits) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
    // /old0 moved to the end; the other old lines pair with new ones as changes; one new line is left over.
    expect(Object.fromEntries(counts)).toEqual({ moved: 1, changed: n - 1, added: 1 });
    expect(d.oldToNew[1]).toBe(1);
  });
});
