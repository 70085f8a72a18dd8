/**
 * A URL list's text as pieces that end after a line end. An imported list of
 * a million lines is tens of megabytes: copied between threads as one string
 * it blocks the page for a tenth of a second or more, and so does reading a
 * character of the joined text (V8 then flattens the whole rope). So the
 * worker sends an imported list a piece per message, and the page reads rows
 * and fills its URL editor from the pieces.
 */

/** About how many characters a piece holds (it runs on to the next line end). */
export const LIST_PIECE = 1 << 18;

/** A text and the pieces it is made of. */
export interface ListPieces {
  /** The pieces in order; each but the last ends with '\n'. */
  readonly pieces: readonly string[];
  /** Where each piece starts in the whole text. */
  readonly offsets: readonly number[];
  /** The whole text's length. */
  readonly length: number;
}

/** Cuts `text` after the first line end at or past every `size` characters. */
export function cutPieces(text: string, size = LIST_PIECE): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    let end = text.length;
    if (at + size < text.length) {
      const nl = text.indexOf('\n', at + size - 1);
      if (nl !== -1) end = nl + 1;
    }
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

/** The offsets of `pieces`, for slicing. */
export function listPieces(pieces: readonly string[]): ListPieces {
  const offsets: number[] = [];
  let length = 0;
  for (const p of pieces) {
    offsets.push(length);
    length += p.length;
  }
  return { pieces, offsets, length };
}

/** A text of one piece. */
export function wholeText(text: string): ListPieces {
  return { pieces: [text], offsets: [0], length: text.length };
}

/**
 * The characters [from, to) of the whole text. Rows never hold a line end, so
 * a row is a slice of one piece; a range across pieces is joined.
 */
export function slicePieces(list: ListPieces, from: number, to: number): string {
  const { pieces, offsets } = list;
  let lo = 0;
  let hi = offsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid] <= from) lo = mid;
    else hi = mid - 1;
  }
  let out = '';
  for (let i = lo; i < pieces.length && offsets[i] < to; i++) {
    out += pieces[i].slice(Math.max(0, from - offsets[i]), to - offsets[i]);
  }
  return out;
}
