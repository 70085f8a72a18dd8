/**
 * One URL-list reader for every caller (the CLI's check and diff, the page's
 * worker): bytes in as they arrive, gzip or not, URLs out in batches with
 * the line each came from, so a list of any length takes flat memory. The
 * format (text, CSV with a chosen column, sitemap) comes from the list's
 * name and first bytes, or is given. Uses only what browsers, workers and
 * Node share (DecompressionStream, TextDecoder), reached through globalThis
 * so core/ compiles without DOM types (as globals.ts does).
 */
import { CsvListReader, type ListReader, SitemapReader, TextListReader, UrlListError } from './liststream';
import { detectListFormat, type ListFormat } from './urllist';

/** URLs of one list, in order, with the physical line each starts on (1-based). */
export interface ListBatch {
  urls: string[];
  lines: number[];
  /** Set when the URLs are a sitemap index's child sitemaps (to list, not to test as pages). */
  sitemapIndex?: true;
}

/** How to read a list. */
export interface ReadListOptions {
  /** The list's name (a file name): picks the format by its ending, and names the list in errors. */
  name: string;
  /** The CSV column of URLs, by header or 1-based number; refused for a list that is not CSV. */
  column?: string;
  /** The format, when the name and content should not decide it. */
  format?: ListFormat;
}

/** The part of a ReadableStream of bytes (`File.stream()`) the reader uses. */
interface ByteStream {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; releaseLock(): void };
}

/** Bytes of a list: an async iterable (a Node stream) or a ReadableStream (`File.stream()`). */
export type ListBytes = AsyncIterable<Uint8Array> | ByteStream;

/** The web platform's streaming classes, as the reader uses them. */
interface Platform {
  TextDecoder: new () => { decode(input?: Uint8Array, options?: { stream?: boolean }): string };
  DecompressionStream: new (
    format: 'gzip',
  ) => {
    writable: { getWriter(): { write(chunk: Uint8Array): Promise<void>; close(): Promise<void> } };
    readable: ByteStream;
  };
}

const platform = globalThis as unknown as Platform;

/**
 * Reads a list as batches of URLs (about one per chunk of input). Errors
 * are UrlListError naming the list, and the line where one is at fault: a
 * broken gzip stream, a CSV without a URL column or with no such column,
 * XML that is not a sitemap. Batches already yielded stay valid.
 */
export async function* readUrlList(bytes: ListBytes, options: ReadListOptions): AsyncGenerator<ListBatch> {
  const { name, column } = options;
  const decoder = new platform.TextDecoder();
  let reader: ListReader | null = null;
  const take = (): ListBatch => {
    const { urls, lines } = reader!.take();
    return reader instanceof SitemapReader && reader.kind === 'sitemapindex'
      ? { urls, lines, sitemapIndex: true }
      : { urls, lines };
  };
  for await (const chunk of gunzipped(chunksOf(bytes), name)) {
    const text = decoder.decode(chunk, { stream: true });
    if (reader === null) {
      const format = options.format ?? detectListFormat(name, text.slice(0, 4096));
      if (format !== 'csv' && column !== undefined) {
        throw new UrlListError(`--column applies to CSV lists, but "${name}" is not a .csv file`);
      }
      reader =
        format === 'csv'
          ? new CsvListReader(name, column)
          : format === 'sitemap'
            ? new SitemapReader(name)
            : new TextListReader();
    }
    reader.write(text);
    const batch = take();
    if (batch.urls.length > 0) yield batch;
  }
  if (reader === null) return;
  reader.write(decoder.decode());
  reader.end();
  const batch = take();
  if (batch.urls.length > 0) yield batch;
}

/** A ReadableStream as an async iterable (Safari's has no async iterator yet). */
async function* chunksOf(bytes: ListBytes): AsyncGenerator<Uint8Array> {
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

/** The bytes as they are, or gunzipped when the first two are gzip's magic number. */
async function* gunzipped(source: AsyncIterator<Uint8Array> & AsyncIterable<Uint8Array>, name: string) {
  const first = await source.next();
  if (first.done) return;
  const gzip = first.value.length >= 2 && first.value[0] === 0x1f && first.value[1] === 0x8b;
  if (!gzip) {
    yield first.value;
    yield* source;
    return;
  }
  const inflate = new platform.DecompressionStream('gzip');
  const writer = inflate.writable.getWriter();
  // Fed as the output is read, so one chunk at a time is in flight.
  const feed = (async () => {
    await writer.write(first.value);
    for await (const chunk of source) await writer.write(chunk);
    await writer.close();
  })();
  feed.catch(() => undefined);
  try {
    yield* chunksOf(inflate.readable);
    await feed;
  } catch {
    throw new UrlListError(`cannot read URL list "${name}": broken gzip data`);
  }
}
