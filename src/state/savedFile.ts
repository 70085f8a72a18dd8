/**
 * The last robots.txt file opened (dropped on the editor or picked), kept in
 * IndexedDB as it came, bytes and all. After a reload the page hands them to
 * the worker again, so that while the editor's text is still what they
 * decode to, verdicts still come from the bytes (docs/behaviour.md §13): a
 * file with invalid UTF-8 stays byte-exact. Once the text no longer matches
 * (edited, replaced, another file opened) the kept bytes are dropped.
 */
import { create } from 'zustand';
import { STORAGE_KEY } from './store';

/** An opened file as kept: its name and its bytes (a Blob: stored and read back without a copy on the page's thread). */
export interface KeptFile {
  name: string;
  bytes: Blob;
}

/** Where the file is kept: IndexedDB in the page, a map in tests. */
export interface FileShelf {
  get(): Promise<KeptFile | undefined>;
  put(file: KeptFile): Promise<void>;
  delete(): Promise<void>;
}

/** What the editor's note says about a file opened before the reload, and whether keeping a file failed. */
interface OpenedFileState {
  /** The file whose bytes the verdicts come from again after the reload, or null. */
  reopened: { name: string; invalidLines: number } | null;
  /** Why the last opened file could not be kept for a reload, or null. */
  keepError: string | null;
}

/** The page's note about the kept file (EditorNotes.tsx reads it). */
export const useKeptFile = create<OpenedFileState>()(() => ({ reopened: null, keepError: null }));

/** The IndexedDB key of the kept file (the same database and store as the large saved fields). */
const KEPT_FILE_KEY = `${STORAGE_KEY}:robotsFile`;

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

function isKept(v: unknown): v is KeptFile {
  if (!v || typeof v !== 'object') return false;
  const { name, bytes } = v as Partial<KeptFile>;
  return typeof name === 'string' && bytes instanceof Blob;
}

/** The browser's IndexedDB as a shelf for one file, or undefined where there is none. */
export function indexedDbShelf(): FileShelf | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  // The database and store of worker/idb.ts (version 1 creates the store).
  const open = () => {
    const r = indexedDB.open('robots-lab', 1);
    r.onupgradeneeded = () => r.result.createObjectStore('values');
    return request(r);
  };
  const run = async (mode: IDBTransactionMode, act: (s: IDBObjectStore) => IDBRequest) => {
    const db = await open();
    try {
      return await request(act(db.transaction('values', mode).objectStore('values')));
    } finally {
      db.close();
    }
  };
  return {
    get: async () => {
      const v: unknown = await run('readonly', (s) => s.get(KEPT_FILE_KEY));
      return isKept(v) ? v : undefined;
    },
    put: async (file) => void (await run('readwrite', (s) => s.put(file, KEPT_FILE_KEY))),
    delete: async () => void (await run('readwrite', (s) => s.delete(KEPT_FILE_KEY))),
  };
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Keeps an opened file for the next reload; says so on the note when the browser refuses. */
export async function keepOpenedFile(shelf: FileShelf | undefined, file: KeptFile): Promise<void> {
  useKeptFile.setState({ reopened: null, keepError: null });
  if (!shelf) return;
  try {
    await shelf.put(file);
  } catch (e) {
    useKeptFile.setState({
      keepError: `${file.name} could not be kept in this browser (${message(e)}): after a reload, verdicts will come from the text shown, not from the file's bytes.`,
    });
  }
}

/**
 * Hands the kept file's bytes to the worker again (`reopen` resolves with the
 * invalid lines it found, or null when the editor's text is no longer what
 * the bytes decode to). A file that no longer matches is dropped.
 */
export async function reopenKeptFile(
  shelf: FileShelf | undefined,
  reopen: (bytes: Blob) => Promise<{ invalidLines: number } | null>,
): Promise<void> {
  if (!shelf) return;
  try {
    const kept = await shelf.get();
    if (!kept) return;
    const opened = await reopen(kept.bytes);
    if (opened) useKeptFile.setState({ reopened: { name: kept.name, invalidLines: opened.invalidLines } });
    else await shelf.delete();
  } catch {
    // Not readable now (IndexedDB blocked, the worker restarted): the text shown counts, as after an edit.
  }
}
