/**
 * The page's saved inputs, as a zustand `PersistStorage`. Small fields go to
 * localStorage under the store's name; a robots.txt or URL list longer than
 * `LARGE_CHARS` goes to the shelf (IndexedDB) under `<name>:<field>`, and
 * localStorage names it with its size, so that one the browser evicted is
 * named to the user instead of missing in silence. A large URL list is saved
 * and read back by the worker, which holds it (`ListKeeper`): the page's
 * thread never copies a million lines.
 *
 * When the browser refuses a write (storage full or blocked), the copy saved
 * before stays whole, the user is told once, and the work stays in the tab;
 * the next write that succeeds clears the notice.
 */
import type { PersistStorage, StorageValue } from 'zustand/middleware';
import type { ListPieces } from '../model/pieces';
import type { Inputs } from '../state/inputs';
import { refusalReason, type Shelf } from './shelf';

type Local = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Text fields above this many characters are kept on the shelf, not in localStorage. */
const LARGE_CHARS = 200_000;

/** The text fields that may be large. */
type LargeField = 'urlText' | 'robotsText';
const LARGE_FIELDS: readonly LargeField[] = ['robotsText', 'urlText'];

/** What localStorage holds: the inputs with their large fields emptied, named in `external`, with their sizes. */
interface StoredValue extends StorageValue<Inputs> {
  external?: LargeField[];
  /** URLs of the list, lines of the robots.txt, when saved. */
  counts?: Partial<Record<LargeField, number>>;
}

/** Saves and reads a large URL list where it is held (the page's worker). */
export interface ListKeeper {
  /** Saves `text` under `key`; resolves with its number of URLs, rejects when the browser refused it. */
  save(key: string, text: string): Promise<number>;
  /** The list saved under `key`, in pieces; null when the browser no longer has it. */
  load(key: string): Promise<{ text: string; pieces: ListPieces } | null>;
}

/** The part of the page's store a restored list goes into. */
interface ListOwner {
  getState(): {
    urlText: string;
    selected: Inputs['selected'];
    setUrlText(text: string, pieces: ListPieces): void;
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

export interface InputsStorage extends PersistStorage<Inputs> {
  /** Writes a pending value now (on page hide). */
  flush(): void;
  /** Writes `value` now even if this tab wrote the same inputs before (another tab has written since). */
  rewrite(name: string, value: StorageValue<Inputs>): void;
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

function sameInputs(a: Inputs, b: Inputs): boolean {
  return (Object.keys(a) as (keyof Inputs)[]).every((k) => a[k] === b[k]);
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
  let timer: unknown = null;
  const flush = () => {
    const p = pending;
    pending = null;
    if (p !== null) write(p);
  };
  return {
    put(value: T) {
      if (delay <= 0) return write(value);
      pending = value;
      if (timer === null)
        timer = later(() => {
          timer = null;
          flush();
        }, delay);
    },
    flush,
    drop() {
      pending = null;
    },
  };
}

/** Reads a large robots.txt back from the shelf; '' (and the user told why) when it is not there. */
async function readRobotsText(
  shelf: Shelf | undefined,
  key: string,
  onMissing: () => void,
  onNotice: (m: string) => void,
): Promise<string> {
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

/** What localStorage gets: the inputs with `large` emptied and named, and a list still being read named too. */
function toStored(
  value: StorageValue<Inputs>,
  large: LargeField[],
  unread: { count: number | null } | null,
): StoredValue {
  const stored: StoredValue = { state: { ...value.state }, version: value.version };
  if (large.length === 0 && !unread) return stored;
  stored.external = unread ? [...large, 'urlText'] : [...large];
  stored.counts = unread?.count != null ? { urlText: unread.count } : {};
  for (const f of large) stored.state[f] = '';
  return stored;
}

/** A `PersistStorage` for the page's inputs. */
export function createInputsStorage(opts: InputsStorageOptions): InputsStorage {
  const lost = (field: LargeField, count: number | null) => (opts.onLost ?? opts.onNotice)(lostMessage(field, count));
  const refused = (e: unknown) =>
    opts.onNotice(
      `Your latest changes are not saved: ${refusalReason(e)}. They stay in this tab; the copy saved before is kept.`,
    );
  /** What the shelf holds now per field, so that an unchanged text is not written again. */
  const kept: Partial<Record<LargeField, { text: string; count: number }>> = {};
  let name = '';
  /** A saved list left for the keeper: while the state's list is still empty, the saved one stands. */
  let unread: { key: string; count: number | null } | null = null;
  let connect: (k: { store: ListOwner; lists: ListKeeper }) => void = () => {};
  const keeper = new Promise<{ store: ListOwner; lists: ListKeeper }>((resolve) => {
    connect = resolve;
  });
  let chain: Promise<void> = Promise.resolve();
  let latest = 0;
  let written: Inputs | null = null;

  /** Puts one large field on the shelf (or through the keeper) unless it is there already; its size. */
  async function keep(field: LargeField, text: string): Promise<number> {
    const had = kept[field];
    if (had?.text === text) return had.count;
    const key = `${name}:${field}`;
    let count: number;
    if (field === 'urlText') {
      count = await (await keeper).lists.save(key, text);
    } else {
      const shelf = opts.shelf?.();
      if (!shelf) throw new Error('IndexedDB is not available');
      await shelf.set(key, text);
      count = countLines(text);
    }
    kept[field] = { text, count };
    return count;
  }

  /** Writes large fields first and localStorage last, so localStorage never names a text the shelf lacks. */
  function write(value: StorageValue<Inputs>): void {
    if (written && sameInputs(written, value.state)) return;
    written = value.state;
    if (value.state.urlText !== '') unread = null;
    const large = LARGE_FIELDS.filter((f) => value.state[f].length > LARGE_CHARS);
    const stored = toStored(value, large, unread);
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
    if (large.length === 0 && !unread) {
      finish();
      return;
    }
    chain = chain.then(async () => {
      try {
        for (const f of large) stored.counts![f] = await keep(f, value.state[f]);
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
    let got: Awaited<ReturnType<ListKeeper['load']>>;
    try {
      got = await lists.load(left.key);
    } catch (e) {
      opts.onNotice(`The saved URL list could not be read from IndexedDB (${errorText(e)}).`);
      return;
    }
    // Typed or imported while the saved list was read: the new list wins.
    if (unread !== left || store.getState().urlText !== '') return;
    unread = null;
    if (!got) return lost('urlText', left.count);
    kept.urlText = { text: got.text, count: left.count ?? countLines(got.text) };
    const { selected } = store.getState();
    store.getState().setUrlText(got.text, got.pieces);
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
      if (external.includes('urlText')) unread = { key: `${key}:urlText`, count: count('urlText') };
      if (!external.includes('robotsText')) return { state, version: value.version };
      const shelf = opts.shelf?.();
      const missing = () => lost('robotsText', count('robotsText'));
      return readRobotsText(shelf, `${key}:robotsText`, missing, opts.onNotice).then((robotsText) => {
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
