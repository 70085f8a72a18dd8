/**
 * Line-by-line input and buffered output with backpressure: what lets
 * `check` and `batch` run over lists of any length in flat memory.
 */
import { isAscii } from 'node:buffer';
import type { CliIo } from './io';

/**
 * Splits a stream of chunks into batches of lines (LF or CR LF), decoding
 * UTF-8 across chunk boundaries. A byte-order mark that starts the stream is
 * dropped, as TextDecoder does.
 */
export async function* lineBatches(source: AsyncIterable<Uint8Array>): AsyncGenerator<string[]> {
  // The mark is dropped here, not by the decoder: the decoder may first
  // see the stream well after its start (see below).
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  /** Whether the decoder holds no bytes of a character cut at the end of the last chunk. */
  let clean = true;
  let started = false;
  let rest = '';
  for await (const chunk of source) {
    let decoded: string;
    if (clean && isAscii(chunk)) {
      // ASCII's UTF-8 is its Latin-1: copied, not decoded (a seventh of
      // `batch`'s time went to decoding UTF-8 that was all ASCII).
      decoded = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length).toString('latin1');
    } else {
      decoded = decoder.decode(chunk, { stream: true });
      // A chunk ending in an ASCII byte leaves nothing pending in the decoder.
      if (chunk.length > 0) clean = chunk[chunk.length - 1] < 0x80;
    }
    if (!started && decoded.length > 0) {
      started = true;
      if (decoded.charCodeAt(0) === 0xfeff) decoded = decoded.slice(1);
    }
    // Split the chunk itself and join the piece left from the last chunk to
    // its first line only: joining it to the whole chunk first made the
    // split copy every chunk once more.
    const lines = decoded.split('\n');
    if (rest.length > 0) lines[0] = rest + lines[0];
    // The last piece has no line end yet: it waits for the next chunk.
    rest = lines.pop() ?? '';
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      if (l.length > 0 && l.charCodeAt(l.length - 1) === 13) lines[i] = l.slice(0, -1);
    }
    if (lines.length > 0) yield lines;
  }
  rest += decoder.decode();
  if (rest.length > 0) yield [rest.endsWith('\r') ? rest.slice(0, -1) : rest];
}

/** Written buffers kept for reuse: enough for the pieces a file stream has in flight. */
const POOL_SIZE = 8;

/** UTF-8 takes at most 3 bytes per UTF-16 code unit. */
const MAX_BYTES_PER_UNIT = 3;
/**
 * Rows are gathered into one string of about this many characters and
 * encoded with one `Buffer.write`: a call per row cost 18% of `check`'s
 * CPU time in a profile (most of it the call, not the copy).
 */
const PENDING_CHARS = 1 << 14;

/**
 * Collects output and hands it to the sink in pieces of `size` bytes. Rows
 * are joined into a short string (PENDING_CHARS), then encoded straight
 * into a preallocated buffer: building one big string of many rows first
 * costs more in garbage collection than the rows themselves. `flush` waits for the sink to drain when it says its buffer
 * is full, so a slow reader slows the producer instead of filling memory.
 */
export class OutputBuffer {
  private buffer: Buffer;
  private used = 0;
  private readonly ready: Uint8Array[] = [];
  /**
   * Buffers the sink has finished with, to fill again: a new buffer per
   * piece left hundreds of MiB of written buffers for the garbage collector
   * to find (17 MiB of them alive at the peak of a 1M-URL check).
   */
  private readonly pool: Buffer[] = [];

  constructor(
    private readonly sink: CliIo['stdout'],
    private readonly size = 1 << 20,
  ) {
    this.buffer = Buffer.allocUnsafe(size);
  }

  /** Rows waiting to be encoded, as one string (V8 appends without copying). */
  private pending = '';
  /** Whether every pending row was pushed as ASCII: then it is copied as Latin-1, cheaper than encoding UTF-8. */
  private pendingAscii = true;

  push(text: string): void {
    this.pending += text;
    this.pendingAscii = false;
    if (this.pending.length >= PENDING_CHARS) this.encodePending();
  }

  /** Like `push`, for text the caller knows is ASCII (its UTF-8 bytes are its Latin-1 bytes). */
  pushAscii(text: string): void {
    this.pending += text;
    if (this.pending.length >= PENDING_CHARS) this.encodePending();
  }

  /** Encodes the pending rows into the buffer in one call. */
  private encodePending(): void {
    const text = this.pending;
    if (text === '') return;
    const encoding = this.pendingAscii ? 'latin1' : 'utf8';
    this.pending = '';
    this.pendingAscii = true;
    if (this.fits(text.length * MAX_BYTES_PER_UNIT)) this.used += this.buffer.write(text, this.used, encoding);
    else this.ready.push(Buffer.from(text, encoding));
  }

  /** Copies bytes [start, end) of `bytes`, rows already encoded, after the text pushed before. */
  pushBytes(bytes: Buffer, start: number, end: number): void {
    this.encodePending();
    if (this.fits(end - start)) this.used += bytes.copy(this.buffer, this.used, start, end);
    else this.ready.push(Buffer.from(bytes.subarray(start, end)));
  }

  /** Makes room for `n` bytes in the buffer; false when they can never fit (they go out as a piece of their own). */
  private fits(n: number): boolean {
    if (this.used + n > this.size) this.retire();
    return n <= this.size;
  }

  /** Whether a full piece is waiting to be written. */
  get full(): boolean {
    if (this.pending.length * MAX_BYTES_PER_UNIT + this.used > this.size) this.encodePending();
    return this.ready.length > 0;
  }

  /** Writes everything pushed so far; resolves once the sink can take more. */
  async flush(): Promise<void> {
    this.encodePending();
    this.retire();
    let ok: unknown = true;
    for (const chunk of this.ready.splice(0)) ok = this.sink.write(chunk, () => this.release(chunk));
    // A sink that said it is full lets the producer wait for it to drain.
    if (ok === false && this.sink.once) await new Promise<void>((resolve) => this.sink.once?.('drain', resolve));
  }

  /** Moves the current buffer's bytes to the ready list and starts a new buffer. */
  private retire(): void {
    if (this.used === 0) return;
    this.ready.push(this.buffer.subarray(0, this.used));
    this.buffer = this.pool.pop() ?? Buffer.allocUnsafe(this.size);
    this.used = 0;
  }

  /** Takes back a written piece's buffer (one of ours, whole) for reuse. */
  private release(chunk: Uint8Array): void {
    if (chunk.byteOffset !== 0 || chunk.buffer.byteLength !== this.size || this.pool.length >= POOL_SIZE) return;
    if (chunk.buffer === this.buffer.buffer) return;
    this.pool.push(Buffer.from(chunk.buffer, 0, this.size));
  }
}
