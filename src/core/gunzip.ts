/**
 * Bytes as they arrive, gunzipped when they start with gzip's magic number
 * (told by content, never by name), for every reader of user files: URL
 * lists and access logs, in the CLI and in the page's workers, inflated by
 * the platform's DecompressionStream. Node's reads every member of a file
 * of joined members (rotated logs joined with `cat`); Chromium's stops
 * with an error after the first, as the Compression Streams standard says.
 */

/** The web platform's DecompressionStream (Node's too), reached through globalThis so core/ needs no DOM types. */
const platform = globalThis as unknown as {
  DecompressionStream: new (
    format: 'gzip',
  ) => {
    writable: { getWriter(): { write(chunk: Uint8Array): Promise<void>; close(): Promise<void> } };
    readable: ByteStream;
  };
};

/** A ReadableStream (`File.stream()`), as far as it is read here. */
interface ByteStream {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; releaseLock(): void };
}

/** A source of bytes: an async iterable (a Node stream) or a ReadableStream. */
export type ByteSource = AsyncIterable<Uint8Array> | ByteStream;

/** A ReadableStream as an async iterable (Safari's has no async iterator yet). */
export async function* chunksOf(bytes: ByteSource): AsyncGenerator<Uint8Array> {
  if (!('getReader' in bytes)) {
    yield* bytes;
    return;
  }
  const reader = bytes.getReader();
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) yield r.value!;
  } finally {
    reader.releaseLock();
  }
}

/**
 * The bytes of `source`, gunzipped when the first two are 0x1f 0x8b. A
 * broken or cut-short gzip stream throws once the bytes before the fault
 * are yielded.
 */
export async function* gunzipped(source: ByteSource): AsyncGenerator<Uint8Array> {
  const chunks = chunksOf(source);
  // Read by hand, not `for await … break`: that would close the generator with the rest unread.
  let head: Uint8Array = new Uint8Array(0);
  while (head.length < 2) {
    const r = await chunks.next();
    if (r.done) break;
    head = head.length === 0 ? r.value : concat(head, r.value);
  }
  if (head.length === 0) return;
  if (head[0] !== 0x1f || head[1] !== 0x8b) {
    yield head;
    yield* { [Symbol.asyncIterator]: () => chunks };
    return;
  }
  const inflate = new platform.DecompressionStream('gzip');
  const writer = inflate.writable.getWriter();
  // Fed as the output is read, so one chunk at a time is in flight.
  const feed = (async () => {
    await writer.write(head);
    for (let r = await chunks.next(); !r.done; r = await chunks.next()) await writer.write(r.value);
    await writer.close();
  })();
  feed.catch(() => undefined);
  yield* chunksOf(inflate.readable);
  await feed;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const both = new Uint8Array(a.length + b.length);
  both.set(a);
  both.set(b, a.length);
  return both;
}
