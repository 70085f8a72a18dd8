/**
 * The URL list the worker holds: read from a file with the engine's one
 * list reader (core/readList.ts, as the CLI reads one), or from IndexedDB,
 * and saved there. The page never receives such a list whole: it gets a
 * handle (name, count, first rows) and asks for the rows it shows.
 */
import { readUrlList } from '../core/readList';
import { detectListFormat, inspectCsv } from '../core/urllist';
import type { ListHandle, ListImport } from '../model/wire';
import { loadList as loadChunks, refusalReason } from '../persist/shelf';
import { type HeldList, splitRows } from './bulk';
import type { HandlerHost } from './host';

/** Rows a handle carries: the origins panels judge a list by its first 500. */
const HEAD = 500;

/** An imported list of at most this many characters goes to the page's URL editor; a longer one stays here. */
const SHORT_LIST = 250_000;

/** URLs read between two progress messages. */
const PROGRESS_EVERY = 20_000;

/** Bytes read from a file's start: its format, and a CSV's header and sample. */
const PEEK_BYTES = 64 * 1024;

/** The page's handle of a held list. */
export function handleOf(list: HeldList, id: number, name: string | null): ListHandle {
  return { id, name, count: list.starts.length, head: rowsOf(list, 0, HEAD) };
}

/** Rows [from, to) of a held list, as text. */
export function rowsOf(list: HeldList, from: number, to: number): string[] {
  const out: string[] = [];
  for (let i = Math.max(0, from); i < Math.min(to, list.starts.length); i++)
    out.push(list.text.slice(list.starts[i], list.ends[i]));
  return out;
}

/**
 * Reads a list file (text, CSV, sitemap XML; gzip or not). A CSV whose
 * column is not chosen yet (`column` null) is not read: the answer is its
 * header and first rows. Otherwise the list goes to `hold`, and a short one
 * comes back as text for the URL editor. `progress` hears the URLs read so far.
 */
export async function importFile(
  file: Blob,
  name: string,
  column: number | null,
  hold: (list: HeldList) => ListHandle,
  progress: (urls: number) => void,
): Promise<ListImport> {
  // A gzip file is told by its name (.xml.gz): its first bytes are no text.
  const start = await file.slice(0, PEEK_BYTES).text();
  const format = detectListFormat(name, start);
  if (format === 'csv' && column === null) {
    // The peek may end inside a row: only whole lines are inspected.
    const cut = file.size <= PEEK_BYTES ? start : start.slice(0, start.lastIndexOf('\n') + 1) || start;
    const { rows: _, ...csv } = inspectCsv(cut, name);
    return { kind: 'csv', name, csv };
  }
  const urls: string[] = [];
  let sitemapIndex = false;
  let told = 0;
  const options = { name, format, ...(format === 'csv' ? { column: String((column ?? 0) + 1) } : {}) };
  for await (const batch of readUrlList(file.stream(), options)) {
    for (const u of batch.urls) urls.push(u);
    if (batch.sitemapIndex) sitemapIndex = true;
    // Now and then, so that the client's watchdog hears the worker is alive.
    if (urls.length - told >= PROGRESS_EVERY) progress((told = urls.length));
  }
  const text = urls.length ? `${urls.join('\n')}\n` : '';
  const list = splitRows(text);
  const short = text.length <= SHORT_LIST;
  const handle = short ? null : hold(list);
  return { kind: 'list', name, format, count: list.starts.length, sitemapIndex, text: short ? text : null, handle };
}

/**
 * Saves `list` in IndexedDB under `key`; answers how many URLs it holds.
 * Call it once no run is going: storing a million lines blocks this thread
 * (the value is copied synchronously), which a run in progress would wait through.
 */
export async function saveList(host: HandlerHost, key: string, list: HeldList | null): Promise<number> {
  if (!list) throw new Error('no URL list to save');
  const shelf = host.values?.();
  if (!shelf) throw new Error('IndexedDB is not available');
  await shelf.set(key, [list.text]).catch((e: unknown) => {
    throw new Error(refusalReason(e));
  });
  return list.starts.length;
}

/** The list saved under `key` (by this version or an earlier one), split into rows; null when none is. */
export async function loadList(host: HandlerHost, key: string): Promise<HeldList | null> {
  const store = host.values?.();
  if (!store) throw new Error('IndexedDB is not available');
  const chunks = await loadChunks(store, key);
  if (chunks === undefined) return null;
  return splitRows(chunks.join(''));
}
