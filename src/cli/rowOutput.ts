/**
 * `check`'s rows on their way to the output buffer: as text, as text known
 * to be ASCII, or, for the common plain row, as bytes copied from the input
 * list with the fixed pieces around them (no string is built for it). Counts
 * the rows and writes the format's head before the first.
 */
import type { PlainBytes, RowWriter } from './rows';
import type { OutputBuffer } from './stream';

/** Room for a line number's digits. */
const LINE_DIGITS = 16;

export class RowOutput {
  /** Rows written so far. */
  written = 0;

  constructor(
    private readonly out: OutputBuffer,
    private readonly writer: RowWriter | null,
  ) {}

  private count(): void {
    if (this.written++ === 0 && this.writer) this.out.push(this.writer.head);
  }

  /** A row as text. */
  text(row: string): void {
    this.count();
    this.out.push(row);
  }

  /** A row as text the caller knows is ASCII. */
  ascii(row: string): void {
    this.count();
    this.out.pushAscii(row);
  }

  /**
   * A plain row: `url` is bytes [start, end) of `from`; `line` its line
   * number. False, with nothing written, when the row exceeds a whole output
   * buffer (the caller writes it as text).
   */
  plain(pieces: PlainBytes, from: Buffer, start: number, end: number, line: number, tail: Buffer): boolean {
    const n = end - start;
    const size = pieces.open.length + pieces.between.length + pieces.close.length + 2 * n + LINE_DIGITS + tail.length;
    if (size > this.out.capacity) return false;
    this.count();
    const to = this.out.room(size);
    let at = put(to, this.out.at, pieces.open);
    const url = at;
    from.copy(to, url, start, end);
    at = put(to, at + n, pieces.between);
    // The second copy from the first: copyWithin costs a quarter of a copy between buffers.
    to.copyWithin(at, url, url + n);
    at = put(to, at + n, pieces.close);
    if (pieces.line) at = putNumber(to, at, line);
    to.set(tail, at);
    this.out.advance(at + tail.length);
    return true;
  }
}

/**
 * Copies `piece` into `to` at `at`; returns where it ends. Up to 8 bytes by
 * hand, longer with `set` (a loop costs about 3 ns a byte, `set` 30-45 ns).
 */
function put(to: Buffer, at: number, piece: Buffer): number {
  const n = piece.length;
  if (n > 8) {
    to.set(piece, at);
    return at + n;
  }
  for (let i = 0; i < n; i++) to[at + i] = piece[i];
  return at + n;
}

/** Writes a non-negative integer's decimal digits at `at`; returns where they end. */
function putNumber(to: Buffer, at: number, value: number): number {
  let digits = 1;
  for (let p = 10; p <= value; p *= 10) digits++;
  let v = value;
  for (let i = at + digits - 1; i >= at; i--) {
    const q = Math.floor(v / 10);
    to[i] = 0x30 + v - q * 10;
    v = q;
  }
  return at + digits;
}
