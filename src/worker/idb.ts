/**
 * A tiny key → string store on IndexedDB, for what is too large for
 * localStorage (a URL list of a million lines, a huge robots.txt).
 */

/** Where large values live; a fake in tests. */
export interface LargeValueStore {
  get(key: string): Promise<string | undefined>;
  /** Stores `value`; a store that counts the list's URLs while saving resolves with that number (anything else: not counted). */
  set(key: string, value: string): Promise<unknown>;
  delete(key: string): Promise<void>;
}

const DB = 'robots-lab';
const STORE = 'values';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
  });
}

/** The browser's IndexedDB, or undefined where there is none (private modes of some browsers, tests). */
export function indexedDbStore(): LargeValueStore | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  let db: Promise<IDBDatabase> | null = null;
  const open = (): Promise<IDBDatabase> => {
    if (!db) {
      const r = indexedDB.open(DB, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(STORE);
      db = request(r);
      db.catch(() => {
        db = null;
      });
    }
    return db;
  };
  const tx = async (mode: IDBTransactionMode) => (await open()).transaction(STORE, mode);
  const done = (t: IDBTransaction) =>
    new Promise<void>((resolve, reject) => {
      t.oncomplete = () => resolve();
      t.onerror = () => reject(t.error ?? new Error('IndexedDB transaction failed'));
      t.onabort = () => reject(t.error ?? new Error('IndexedDB transaction aborted'));
    });
  return {
    async get(key) {
      const v = await request((await tx('readonly')).objectStore(STORE).get(key));
      return typeof v === 'string' ? v : undefined;
    },
    async set(key, value) {
      const t = await tx('readwrite');
      t.objectStore(STORE).put(value, key);
      await done(t);
    },
    async delete(key) {
      const t = await tx('readwrite');
      t.objectStore(STORE).delete(key);
      await done(t);
    },
  };
}

/**
 * Stores `text` under `key` in `store` and calls `done` with the reason it
 * could not, or null once it is stored; at once when there is no store.
 */
export function storeText(
  store: LargeValueStore | undefined,
  key: string,
  text: string,
  done: (error: string | null) => void,
): void {
  if (!store) {
    done('IndexedDB is not available');
    return;
  }
  store.set(key, text).then(
    () => done(null),
    (e: unknown) => done(e instanceof Error ? e.message : String(e)),
  );
}
