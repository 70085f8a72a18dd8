/**
 * A text URL list read as bytes: one URL a line (LF, CR LF or CR), blank
 * lines and lines starting with `#` skipped, each line trimmed. Most lines
 * of a crawl export are ASCII: those are read as Latin-1 (the same text,
 * cheaper) and offered with their byte range, so `check` can copy them
 * from the input to the output as bytes. Any other line is decoded (UTF-8;
 * a broken sequence becomes U+FFFD, as decoding the whole list would give).
 * Lone CRs split lines.
 */

import { isAscii } from 'node:buffer';
import { latin1 } from './stream';

/** Where a list's lines go, with their line numbers (from 1). */
export interface LineSink {
  /**
   * An ASCII line without a CR, as Latin-1 text (its UTF-8 reading), and
   * where its bytes are: [start, end) of `bytes`. Returns true when it took
   * the line; false to have it read like any other line.
   */
  plain(text: string, bytes: Buffer, start: number, end: number, line: number): boolean;
  /** Any other line that is not blank or a comment, decoded and trimmed. */
  other(url: string, line: number): void;
}

const LF = 0x0a;
const CR = 0x0d;
const HASH = 0x23;

/** Whether bytes [start, end) are all ASCII. */
function asciiRange(bytes: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (bytes[i] > 0x7f) return false;
  return true;
}

/** Cuts a list's chunks into lines; a line cut by a chunk's end waits for the next chunk. */
export class TextListLines {
  private line: number;
  private rest: Buffer | null = null;
  /** Per line, so a BOM is kept as a character (and trimmed) wherever it stands. */
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });

  /** `firstLine`: the number of the first line (a piece of a list read elsewhere starts past 1; see jobs.ts). */
  constructor(firstLine = 1) {
    this.line = firstLine - 1;
  }

  /** Hands every line this chunk completes to `sink`. */
  write(chunk: Uint8Array, sink: LineSink): void {
    let bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.rest !== null) {
      bytes = Buffer.concat([this.rest, bytes]);
      this.rest = null;
    }
    // One native test for the whole chunk; only a chunk with non-ASCII bytes is tested line by line.
    const ascii = isAscii(bytes);
    let start = 0;
    for (;;) {
      const end = bytes.indexOf(LF, start);
      if (end === -1) break;
      this.lineOf(bytes, start, end, ascii, sink);
      start = end + 1;
    }
    // A copy: the stream may reuse its chunk's memory.
    if (start < bytes.length) this.rest = Buffer.from(bytes.subarray(start));
  }

  /** The last line, when the list does not end with a line break. */
  end(sink: LineSink): void {
    const rest = this.rest;
    this.rest = null;
    if (rest !== null) this.lineOf(rest, 0, rest.length, false, sink);
  }

  private lineOf(bytes: Buffer, start: number, lineEnd: number, ascii: boolean, sink: LineSink): void {
    const end = lineEnd > start && bytes[lineEnd - 1] === CR ? lineEnd - 1 : lineEnd;
    const plain = ascii || asciiRange(bytes, start, end);
    const text = plain ? latin1(bytes, start, end) : this.decoder.decode(bytes.subarray(start, end));
    if (text.indexOf('\r') !== -1) {
      for (const piece of text.split('\r')) this.take(piece, ++this.line, sink);
      return;
    }
    const line = ++this.line;
    if (plain && sink.plain(text, bytes, start, end, line)) return;
    this.take(text, line, sink);
  }

  private take(raw: string, line: number, sink: LineSink): void {
    const url = raw.trim();
    if (url === '' || url.charCodeAt(0) === HASH) return;
    sink.other(url, line);
  }
}
