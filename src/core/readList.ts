/**
 * One URL-list reader for every caller (the CLI's check and diff, the page's
 * worker): bytes in as they arrive, gzip or not, URLs out in batches with
 * the line each came from, so a list of any length takes flat memory. The
 * format (text, CSV with a chosen column, sitemap) comes from the list's
 * name and first bytes, or is given. Uses only what browsers, workers and
 * Node share (TextDecoder, reached through globalThis so core/ compiles
 * without DOM types, as globals.ts does) and gunzip.ts.
 */
import { type ByteSource, gunzipped } from './gunzip';
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

/** The web platform's decoder, reached through globalThis (no DOM types in core/). */
const platform = globalThis as unknown as {
  TextDecoder: new () => { decode(input?: Uint8Array, options?: { stream?: boolean }): string };
};

/**
 * Reads a list as batches of URLs (about one per chunk of input). Errors
 * are UrlListError naming the list, and the line where one is at fault: a
 * broken gzip stream, a CSV without a URL column or with no such column,
 * XML that is not a sitemap. Batches already yielded stay valid.
 */
export async function* readUrlList(bytes: ByteSource, options: ReadListOptions): AsyncGenerator<ListBatch> {
  const { name, column } = options;
  const decoder = new platform.TextDecoder();
  let reader: ListReader | null = null;
  const take = (): ListBatch => {
    const { urls, lines } = reader!.take();
    return reader instanceof SitemapReader && reader.kind === 'sitemapindex'
      ? { urls, lines, sitemapIndex: true }
      : { urls, lines };
  };
  for await (const chunk of gunzippedList(bytes, name)) {
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

/** The list's bytes, gunzipped (see gunzip.ts), a gzip fault named as the list's. */
async function* gunzippedList(bytes: ByteSource, name: string): AsyncGenerator<Uint8Array> {
  try {
    yield* gunzipped(bytes);
  } catch {
    throw new UrlListError(`cannot read URL list "${name}": broken gzip data`);
  }
}
