/**
 * The URLs `check` and `diff` judge, as a stream of batches: command-line
 * URLs, then each list, read chunk by chunk (gunzipped when gzip) by the
 * engine's readers (src/core/liststream.ts: text, CSV, sitemap), so a list
 * of any length takes flat memory.
 */
import { createGunzip } from 'node:zlib';
import { CsvListReader, type ListReader, SitemapReader, TextListReader, UrlListError } from '../core/liststream';
import { detectListFormat } from '../core/urllist';
import { CliError, type CliIo, openUserFile } from './io';
import { drained } from './stream';

/** What a list's URLs are expected to be; null for plain `--urls`. */
export type Expected = 'allowed' | 'blocked' | null;

/**
 * URLs of one list, in order, with the line each came from. `line` 0 means
 * the URL has no line (it was given on the command line): its origin is
 * then `name` alone.
 */
export interface UrlBatch {
  name: string;
  urls: string[];
  lines: number[];
  expected: Expected;
  /** Set when the URLs are a sitemap index's child sitemaps: to list, not to test as pages. */
  sitemapIndex?: true;
}

/** A list to read: a path ("-" is standard input) and what its URLs are expected to be. */
export interface ListSpec {
  path: string;
  what: string;
  expected: Expected;
}

/** An opened list: its bytes as a stream, gunzipped when they are gzip. */
interface OpenList extends ListSpec {
  name: string;
  chunks: AsyncIterable<Uint8Array>;
}

/** Opens every list before anything is judged, so a missing file stops the run before any output. */
export async function openLists(io: CliIo, specs: ListSpec[]): Promise<OpenList[]> {
  const out: OpenList[] = [];
  for (const spec of specs) {
    const chunks = await openUserFile(io, spec.path, spec.what);
    out.push({ ...spec, name: spec.path === '-' ? '(stdin)' : spec.path, chunks: gunzipIfNeeded(chunks, spec.path) });
  }
  return out;
}

/** Passes bytes through, or through gunzip when the first two are gzip's magic number. */
async function* gunzipIfNeeded(source: AsyncIterable<Uint8Array>, name: string): AsyncGenerator<Uint8Array> {
  const it = source[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done) return;
  const rest = (async function* () {
    yield first.value;
    for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
  })();
  if (first.value.length < 2 || first.value[0] !== 0x1f || first.value[1] !== 0x8b) {
    yield* rest;
    return;
  }
  const gunzip = createGunzip();
  const feed = (async () => {
    for await (const chunk of rest) await drained(gunzip, gunzip.write(chunk));
    gunzip.end();
  })();
  feed.catch((err) => gunzip.destroy(err));
  try {
    for await (const chunk of gunzip) yield chunk as Uint8Array;
  } catch {
    throw new CliError(`cannot read URL list "${name}": broken gzip data`);
  }
}

/** The command-line URLs, then every list's URLs, in batches. */
export async function* urlBatches(
  commandLine: string[],
  lists: OpenList[],
  column: string | undefined,
): AsyncGenerator<UrlBatch> {
  if (commandLine.length > 0) {
    yield { name: 'command line', urls: commandLine, lines: commandLine.map(() => 0), expected: null };
  }
  for (const list of lists) yield* listBatches(list, column);
}

/** One list, decoded and parsed chunk by chunk by the reader its name and first bytes call for. */
async function* listBatches(list: OpenList, column: string | undefined): AsyncGenerator<UrlBatch> {
  const decoder = new TextDecoder();
  let reader: ListReader | null = null;
  const batch = (): UrlBatch => {
    const { urls, lines } = reader!.take();
    const index = reader instanceof SitemapReader && reader.kind === 'sitemapindex';
    return { name: list.name, urls, lines, expected: list.expected, ...(index ? { sitemapIndex: true } : {}) };
  };
  try {
    for await (const chunk of list.chunks) {
      const text = decoder.decode(chunk, { stream: true });
      reader ??= readerFor(list.name, text, column);
      reader.write(text);
      const b = batch();
      if (b.urls.length > 0) yield b;
    }
    if (reader === null) return;
    reader.write(decoder.decode());
    reader.end();
  } catch (err) {
    if (err instanceof UrlListError) throw new CliError(err.message);
    throw err;
  }
  const b = batch();
  if (b.urls.length > 0) yield b;
}

function readerFor(name: string, head: string, column: string | undefined): ListReader {
  const format = detectListFormat(name, head.slice(0, 4096));
  if (format === 'txt' && column !== undefined) {
    throw new CliError(`--column applies to CSV lists, but "${name}" is not a .csv file`);
  }
  return format === 'csv'
    ? new CsvListReader(name, column)
    : format === 'sitemap'
      ? new SitemapReader(name)
      : new TextListReader();
}
