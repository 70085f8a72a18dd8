/**
 * The one IndexedDB store of the page and its worker, through idb-keyval:
 * texts, URL lists and opened files, by key. The page and the worker each
 * open it once (`browserShelf`); tests pass a `Shelf` of their own. The
 * database and store are those earlier versions wrote (`robots-lab`,
 * `values`), so what they saved is read as it is.
 */
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/** A key → value store: IndexedDB in the browser, a Map in tests. Values are anything structured clone takes. */
export interface Shelf {
  get(key: string): Promise<unknown>;
  /** Rejects when the browser refuses the value (storage full or blocked). */
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
}

function openShelf(): Shelf | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  let store: UseStore | undefined;
  // Opened on first use: a page that never saves anything large never opens the database.
  const db = () => (store ??= createStore('robots-lab', 'values'));
  return {
    get: (key) => get(key, db()),
    set: (key, value) => set(key, value, db()),
    delete: (key) => del(key, db()),
  };
}

/** This realm's shelf (the page's or the worker's), or undefined where the browser offers no IndexedDB. */
export const browserShelf: Shelf | undefined = openShelf();

/** A saved URL list's chunks (a list saved as one string is one chunk), or undefined when none is saved under `key`. */
export async function loadList(shelf: Shelf, key: string): Promise<string[] | undefined> {
  const v = await shelf.get(key);
  if (typeof v === 'string') return [v];
  return Array.isArray(v) && v.every((c) => typeof c === 'string') ? v : undefined;
}

/** Why the browser refused to store something, in the user's words. */
export function refusalReason(e: unknown): string {
  const { name, code } = (e && typeof e === 'object' ? e : {}) as { name?: string; code?: number };
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014)
    return "this browser's storage for the page is full";
  return `this browser refused to store it (${e instanceof Error ? e.message : String(e)})`;
}
