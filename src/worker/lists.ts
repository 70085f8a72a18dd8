/**
 * URL list files in and out of the worker: reading an imported file (its
 * text goes to the page in pieces) and saving a list in IndexedDB, so the
 * page's thread never holds a huge string for either.
 */
import { cutPieces } from '../model/pieces';
import type { ImportSummary } from '../model/wire';
import { loadList as loadChunks, refusalReason, saveList as saveChunks } from '../persist/shelf';
import { splitRows } from './bulk';
import type { HandlerHost } from './host';
import { importList, readListFile } from './import';
import type { HeldList } from './runs';

/** Reads a list file, hands the list to `keep`, sends its text in pieces to `emit`, and answers what the file held. */
export async function importFile(
  file: Blob,
  name: string,
  column: number | null,
  keep: (list: HeldList) => void,
  emit: (piece: string) => void,
): Promise<ImportSummary> {
  const { rows, text, ...summary } = importList(await readListFile(file, name), name, column);
  keep({ text, ...rows });
  for (const piece of cutPieces(text)) emit(piece);
  return summary;
}

/**
 * Saves `text` in IndexedDB under `key` and answers how many URLs it holds.
 * Call it once no run is going: storing a million lines blocks this thread
 * (the value is copied synchronously), which a run in progress would wait through.
 */
export async function saveList(
  host: HandlerHost,
  key: string,
  text: string | undefined,
  rows?: { starts: Int32Array },
): Promise<number> {
  if (text === undefined) throw new Error('no URL list to save');
  const shelf = host.values?.();
  if (!shelf) throw new Error('IndexedDB is not available');
  await saveChunks(shelf, key, [text]).catch((e: unknown) => {
    throw new Error(refusalReason(e));
  });
  return rows?.starts.length ?? splitRows(text).starts.length;
}

/**
 * Reads the list saved under `key`, hands it to `keep`, and sends it in
 * pieces to `emit`; answers whether it was there.
 */
export async function loadList(
  host: HandlerHost,
  key: string,
  keep: (list: HeldList) => void,
  emit: (piece: string) => void,
): Promise<boolean> {
  const store = host.values?.();
  if (!store) throw new Error('IndexedDB is not available');
  const chunks = await loadChunks(store, key);
  if (chunks === undefined) return false;
  const text = chunks.join('');
  keep({ text, ...splitRows(text) });
  for (const piece of cutPieces(text)) emit(piece);
  return true;
}
