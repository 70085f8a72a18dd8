/**
 * The page's saved inputs, as a zustand `PersistStorage`. Small fields go to
 * localStorage under the store's name; a robots.txt or URL list longer than
 * `LARGE_CHARS` goes to the shelf (IndexedDB) under `<name>:<field>`, and
 * localStorage names it with its size, so that one the browser evicted is
 * named to the user instead of missing in silence. A URL list the worker
 * holds (`urlList`: imported or restored) is saved and read back by the
 * worker (`ListKeeper`), under the same key: the page's thread never copies
 * a million lines.
 *
 * When the browser refuses a write (storage full or blocked), the copy saved
 * before stays whole, the user is told once, and the work stays in the tab;
 * the next write that succeeds clears the notice.
 */
import type { PersistStorage, StorageValue } from 'zustand/middleware';
import type { ListHandle } from '../model/wire';
import type { Inputs } from '../state/inputs';
import { refusalReason, type Shelf } from './shelf';

type Local = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Text fields above this many characters are kept on the shelf, not in localStorage. */
const LARGE_CHARS = 200_000;

/** The text fields that may be large. */
type LargeField = 'urlText' | 'robotsText';
const LARGE_FIELDS: readonly LargeField[] = ['robotsText', 'urlText'];

/** The inputs as saved: what the user entered, and the handle of a list the worker holds. */
type SavedInputs = Inputs & { urlList?: ListHandle | null };

/** What localStorage holds: the inputs with their large fields emptied, named in `external`, with their sizes. */
interface StoredValue extends StorageValue<Inputs> {
  external?: LargeField[];
  /** URLs of the list, lines of the robots.txt, when saved. */
  counts?: Partial<Record<LargeField, number>>;
  /** The file a held list was imported from, when it was. */
  listName?: string;
}

/** Saves and reads the URL list the worker holds. */
interface ListKeeper {
  /** Saves the held list under `key`; resolves with its number of URLs, rejects when the browser refused it. */
  save(key: string): Promise<number>;
  /** Has the worker hold the list saved under `key`; its handle, null when the browser no longer has it. */
  load(key: string, name: string | null): Promise<ListHandle | null>;
}

/** The part of the page's store a restored list goes into. */
interface ListOwner {
  getState(): {
    urlText: string;
    urlList: ListHandle | null;
    selected: Inputs['selected'];
    setHeldList(list: ListHandle): void;
    select(cell: Inputs['selected']): void;
  };
}

export interface InputsStorageOptions {
  /** localStorage, or undefined where it is blocked (nothing is saved then). */
  storage(): Local | undefined;
  /** Where large texts go; without one they stay in the tab. */
  shelf?(): Shelf | undefined;
  /** A sentence about what could not be saved or read; null once all is saved. */
  onNotice(message: string | null): void;
  /** A sentence about a saved text the browser no longer has. */
  onLost?(message: string): void;
  /** Coalesce writes within this many milliseconds (0: write at once). */
  delayMs?: number;
  setTimeout?(fn: () => void, ms: number): unknown;
}

export interface InputsStorage extends PersistStorage<SavedInputs> {
  /** Writes a pending value now (on page hide). */
  flush(): void;
  /** Writes `value` now even if this tab wrote the same inputs before (another tab has written since). */
  rewrite(name: string, value: StorageValue<SavedInputs>): void;
  /** Resolves when the writes in flight have finished. */
  settled(): Promise<void>;
  /** Large lists go through `keeper` from now on; a saved one left for it is read back into `store`. */
  connect(store: ListOwner, keeper: ListKeeper): Promise<void>;
  /** Reads back a saved list the last `getItem` left for the keeper (after a rehydrate). */
  restoreList(): Promise<void>;
  /** Removes everything saved under the store's name, here and on the shelf. */
  forget(): Promise<void>;
}

/** The sentence for a saved text the browser no longer has. */
function lostMessage(field: LargeField, count: number | null): string {
  const n = (unit: string) =>
    count === null ? '' : ` of ${count.toLocaleString('en')} ${unit}${count === 1 ? '' : 's'}`;
  return field === 'robotsText'
    ? `Your saved robots.txt${n('line')} is no longer stored by this browser; open it again.`
    : `Your saved list${n('URL')} is no longer stored by this browser; import it again.`;
}

/** Lines of `text` (a last line without a line end counts). */
function countLines(text: string): number {
  let n = text.length > 0 && !text.endsWith('\n') ? 1 : 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

function sameInputs(a: SavedInputs, b: SavedInputs): boolean {
  return (Object.keys(a) as (keyof SavedInputs)[]).every((k) => a[k] === b[k]);
}

function parseStored(raw: string | null | undefined): StoredValue | null {
  try {
    const v = raw ? (JSON.parse(raw) as StoredValue) : null;
    return v?.state && typeof v.state === 'object' ? v : null;
  } catch {
    return null;
  }
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Hands `write` the newest value once `delay` ms have passed since the first unwritten one (at once when 0). */
function coalesce<T>(write: (value: T) => void, delay: number, later: (fn: () => void, ms: number) => unknown) {
  let pending: T | null = null;
  const flush = () => {
    const p = pending;
    pending = null;
    if (p !== null) write(p);
  };
  return {
    put(value: T) {
      // The first unwritten value sets the timer; the ones after it only replace it.
      if (pending === null && delay > 0) later(flush, delay);
      pending = value;
      if (delay <= 0) flush();
    },
    flush,
    drop() {
      pending = null;
    },
  };
}

/** Reads a large robots.txt back from the shelf; '' (and the user told why) when it is not there. */
async function readRobotsText(opts: InputsStorageOptions, key: string, onMissing: () => void): Promise<string> {
  const shelf = opts.shelf?.();
  const onNotice = opts.onNotice;
  try {
    const text = await shelf?.get(key);
    if (typeof text === 'string') return text;
    if (shelf) onMissing();
    else onNotice('The saved robots.txt is in IndexedDB, which this browser does not offer now.');
  } catch (e) {
    onNotice(`The saved robots.txt could not be read from IndexedDB (${errorText(e)}).`);
  }
  return '';
}

/** What localStorage gets: the inputs with `large` emptied and named, and a held list (or one being read) named too. */
function toStored(
  value: StorageValue<SavedInputs>,
  large: LargeField[],
  held: { count: number | null; name: string | null } | null,
): StoredValue {
  const { urlList: _, ...state } = value.state;
  const stored: StoredValue = { state, version: value.version };
  if (large.length === 0 && !held) return stored;
  stored.external = held ? [...large, 'urlText'] : [...large];
  stored.counts = held?.count != null ? { urlText: held.count } : {};
  if (held?.name) stored.listName = held.name;
  for (const f of large) stored.state[f] = '';
  return stored;
}

/** Puts a text on the shelf under `key`; answers its lines. */
async function shelve(shelf: Shelf | undefined, key: string, text: string): Promise<number> {
  if (!shelf) throw new Error('IndexedDB is not available');
  await shelf.set(key, text);
  return countLines(text);
}

/** A `PersistStorage` for the page's inputs. */
export function createInputsStorage(opts: InputsStorageOptions): InputsStorage {
  const lost = (field: LargeField, count: number | null) => (opts.onLost ?? opts.onNotice)(lostMessage(field, count));
  const refused = (e: unknown) =>
    opts.onNotice(
      `Your latest changes are not saved: ${refusalReason(e)}. They stay in this tab; the copy saved before is kept.`,
    );
  /** What the shelf holds now per field (a text, or the held list), so that it is not written again. */
  const kept: Partial<Record<LargeField, { text: string | ListHandle; count: number }>> = {};
  let name = '';
  /** A saved list left for the keeper: while the state's list is still empty, the saved one stands. */
  let unread: { key: string; count: number | null; name: string | null } | null = null;
  let connect: (k: { store: ListOwner; lists: ListKeeper }) => void = () => {};
  const keeper = new Promise<{ store: ListOwner; lists: ListKeeper }>((resolve) => {
    connect = resolve;
  });
  let chain: Promise<void> = Promise.resolve();
  let latest = 0;
  let written: SavedInputs | null = null;

  /** Puts one large field (or the held list, through the keeper) on the shelf unless it is there already; its size. */
  async function keep(field: LargeField, text: string | ListHandle): Promise<number> {
    const had = kept[field];
    if (had?.text === text) return had.count;
    const key = `${name}:${field}`;
    const count =
      typeof text === 'string' ? await shelve(opts.shelf?.(), key, text) : await (await keeper).lists.save(key);
    kept[field] = { text, count };
    return count;
  }

  /** Writes large fields first and localStorage last, so localStorage never names a text the shelf lacks. */
  function write(value: StorageValue<SavedInputs>): void {
    if (written && sameInputs(written, value.state)) return;
    written = value.state;
    const list = value.state.urlList ?? null;
    if (value.state.urlText !== '' || list) unread = null;
    const large = LARGE_FIELDS.filter((f) => value.state[f].length > LARGE_CHARS);
    const held = list ? { count: list.count, name: list.name } : unread;
    const stored = toStored(value, large, held);
    const me = ++latest;
    const finish = () => {
      // A later write has superseded this one while its large fields were saved.
      if (me !== latest) return;
      try {
        opts.storage()?.setItem(name, JSON.stringify(stored));
        opts.onNotice(null);
      } catch (e) {
        refused(e);
      }
    };
    if (large.length === 0 && !held) {
      finish();
      return;
    }
    chain = chain.then(async () => {
      try {
        for (const f of large) stored.counts![f] = await keep(f, value.state[f]);
        if (list) stored.counts!.urlText = await keep('urlText', list);
      } catch (e) {
        if (me === latest) refused(e);
        return;
      }
      finish();
    });
  }

  async function restoreList(): Promise<void> {
    const left = unread;
    if (!left) return;
    const { store, lists } = await keeper;
    let got: ListHandle | null;
    try {
      got = await lists.load(left.key, left.name);
    } catch (e) {
      opts.onNotice(`The saved URL list could not be read from IndexedDB (${errorText(e)}).`);
      return;
    }
    // Typed or imported while the saved list was read: the new list wins.
    if (unread !== left || store.getState().urlText !== '' || store.getState().urlList) return;
    unread = null;
    if (!got) return lost('urlText', left.count);
    kept.urlText = { text: got, count: got.count };
    const { selected } = store.getState();
    store.getState().setHeldList(got);
    // setUrlText forgets the selected cell; the saved one belongs to the list it was saved with.
    store.getState().select(selected);
  }

  const writes = coalesce(write, opts.delayMs ?? 0, opts.setTimeout ?? ((fn, ms) => setTimeout(fn, ms)));

  return {
    getItem(key) {
      name = key;
      unread = null;
      const value = parseStored(opts.storage()?.getItem(key));
      if (!value) return null;
      const external = Array.isArray(value.external) ? value.external : [];
      const count = (f: LargeField) => (typeof value.counts?.[f] === 'number' ? value.counts[f] : null);
      const state = { ...value.state };
      const listName = typeof value.listName === 'string' ? value.listName : null;
      if (external.includes('urlText')) unread = { key: `${key}:urlText`, count: count('urlText'), name: listName };
      if (!external.includes('robotsText')) return { state, version: value.version };
      const missing = () => lost('robotsText', count('robotsText'));
      return readRobotsText(opts, `${key}:robotsText`, missing).then((robotsText) => {
        if (robotsText) kept.robotsText = { text: robotsText, count: count('robotsText') ?? countLines(robotsText) };
        return { state: { ...state, robotsText }, version: value.version };
      });
    },
    setItem(key, value) {
      name = key;
      writes.put(value);
    },
    removeItem(key) {
      opts.storage()?.removeItem(key);
    },
    flush: writes.flush,
    rewrite(key, value) {
      name = key;
      writes.drop();
      // Another tab may have put its own texts on the shelf since: write this tab's again.
      for (const f of LARGE_FIELDS) delete kept[f];
      written = null;
      write(value);
    },
    settled: () => chain,
    async connect(store, lists) {
      connect({ store, lists });
      await restoreList();
    },
    restoreList,
    async forget() {
      writes.flush();
      await chain;
      if (!name) return;
      const local = opts.storage();
      for (const key of Object.keys(local ?? {})) if (key.startsWith(name)) local?.removeItem(key);
      const shelf = opts.shelf?.();
      if (shelf) await Promise.all(['urlText', 'robotsText', 'robotsFile'].map((f) => shelf.delete(`${name}:${f}`)));
    },
  };
}
