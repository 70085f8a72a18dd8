import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutPieces, listPieces, slicePieces, wholeText } from '../../src/model/pieces';
import { splitRows } from '../../src/worker/bulk';

/** Lines of URLs and paths, with blank lines, spaces, CRLF and a line longer than a piece. */
const lineArb = fc.oneof(
  fc.constantFrom('', '  ', '/a', 'https://e.com/café?x=1', '\t/tabbed  ', '/x\r'),
  fc.string({ unit: fc.constantFrom('a', '/', '?', 'é', ' ', '日'), maxLength: 40 }),
);

describe('a URL list in pieces (an import crosses to the page a piece per message)', () => {
  it('cuts after a line end, and the pieces joined are the text', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 60 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 50 }),
        (lines, trailing, size) => {
          const text = lines.join('\n') + (trailing ? '\n' : '');
          const pieces = cutPieces(text, size);
          expect(pieces.join('')).toBe(text);
          for (const p of pieces.slice(0, -1)) expect(p.endsWith('\n')).toBe(true);
          for (const p of pieces) expect(p.length).toBeGreaterThan(0);
        },
      ),
    );
  });

  it('gives every row of the list, read from the pieces, exactly as from the whole text', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 60 }), fc.integer({ min: 1, max: 50 }), (lines, size) => {
        const text = lines.join('\n');
        const list = listPieces(cutPieces(text, size));
        expect(list.length).toBe(text.length);
        const { starts, ends } = splitRows(text);
        for (let i = 0; i < starts.length; i++)
          expect(slicePieces(list, starts[i], ends[i])).toBe(text.slice(starts[i], ends[i]));
      }),
    );
  });

  it('joins a range that spans pieces', () => {
    const text = '/one\n/two\n/three\n';
    const list = listPieces(cutPieces(text, 3));
    expect(list.pieces).toEqual(['/one\n', '/two\n', '/three\n']);
    expect(slicePieces(list, 2, 12)).toBe(text.slice(2, 12));
    expect(slicePieces(list, 0, text.length)).toBe(text);
  });

  it('takes a line longer than a piece whole, and an empty text as no piece', () => {
    expect(cutPieces(`${'x'.repeat(10)}\n/y\n`, 4)).toEqual([`${'x'.repeat(10)}\n`, '/y\n']);
    expect(cutPieces('', 4)).toEqual([]);
    expect(slicePieces(listPieces([]), 0, 0)).toBe('');
    expect(slicePieces(wholeText('/a\n/b'), 3, 5)).toBe('/b');
  });
});
