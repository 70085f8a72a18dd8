/**
 * URL list files in and out of the worker: reading an imported file (its
 * text goes to the page in pieces) and saving a list in IndexedDB, so the
 * page's thread never holds a huge string for either.
 */

import { cutPieces } from '../model/pieces';
import { loadList as loadChunks, refusalReason, saveList as saveChunks } from '../persist/shelf';
import { splitRows } from './bulk';
import { type HandlerHost, postFailure } from './host';
import { importList, readListFile } from './import';
import type { WorkerRequest } from './protocol';
import type { HeldList } from './runs';

/** Reads a list file, hands the list to `keep`, and sends its text to the page in pieces, then what the file held. */
export async function importFile(
  host: HandlerHost,
  msg: Extract<WorkerRequest, { type: 'import' }>,
  keep: (list: HeldList) => void,
): Promise<void> {
  try {
    const { rows, text, ...summary } = importList(await readListFile(msg.file, msg.name), msg.name, msg.column);
    keep({ text, ...rows });
    for (const piece of cutPieces(text))
      host.post({ type: 'list-piece', id: msg.id, version: msg.version, text: piece });
    host.post({ type: 'imported', id: msg.id, version: msg.version, result: summary });
  } catch (e) {
    postFailure(host, msg.id, msg.version, e);
  }
}

/**
 * Saves `text` in IndexedDB under the message's key and replies with the
 * error, or null. Call it once no run is going: storing a million lines
 * blocks this thread for a few hundred milliseconds (the value is copied
 * synchronously), which a run in progress would wait through.
 */
export function saveList(
  host: HandlerHost,
  msg: Extract<WorkerRequest, { type: 'save-list' }>,
  text: string | undefined,
  rows?: { starts: Int32Array },
): void {
  const reply = (error: string | null, urls = 0) =>
    host.post({ type: 'saved', id: msg.id, version: msg.version, error, urls });
  const shelf = host.values?.();
  if (text === undefined) reply('no URL list to save');
  else if (!shelf) reply('IndexedDB is not available');
  else
    saveChunks(shelf, msg.key, [text]).then(
      () => reply(null, rows?.starts.length ?? splitRows(text).starts.length),
      (e: unknown) => reply(refusalReason(e)),
    );
}

/**
 * Reads the list saved under the message's key, hands it to `keep`, and
 * sends it to the page in pieces, then whether it was there.
 */
export async function loadList(
  host: HandlerHost,
  msg: Extract<WorkerRequest, { type: 'load-list' }>,
  keep: (list: HeldList) => void,
): Promise<void> {
  const reply = (found: boolean, error: string | null) =>
    host.post({ type: 'list-loaded', id: msg.id, version: msg.version, found, error });
  const store = host.values?.();
  if (!store) return reply(false, 'IndexedDB is not available');
  let chunks: string[] | undefined;
  try {
    chunks = await loadChunks(store, msg.key);
  } catch (e) {
    return reply(false, e instanceof Error ? e.message : String(e));
  }
  if (chunks === undefined) return reply(false, null);
  const text = chunks.join('');
  keep({ text, ...splitRows(text) });
  for (const piece of cutPieces(text)) host.post({ type: 'list-piece', id: msg.id, version: msg.version, text: piece });
  reply(true, null);
}
