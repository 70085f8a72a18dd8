/**
 * The persisted text fields too large for localStorage (a URL list of a
 * million lines, a huge robots.txt) live in IndexedDB; localStorage names
 * them (`external`) with their sizes (`counts`), so that a value the browser
 * evicted is named to the user rather than silently missing. A field may be
 * deferred: the page's worker reads it from IndexedDB itself, and the page
 * says when it is back (`restored`).
 */
import type { StorageValue } from 'zustand/middleware';
import type { LargeValueStore } from '../worker/idb';
import type { Inputs } from './inputs';
import { countLines, type TryWrite } from './localWrite';

/** Text fields above this many characters are kept in IndexedDB (when given), not localStorage. */
const LARGE_CHARS = 200_000;

/** The text fields that may be large. */
export type LargeField = 'urlText' | 'robotsText';
const LARGE_FIELDS: LargeField[] = ['urlText', 'robotsText'];

/** What localStorage holds: the inputs, with large fields moved out. */
export interface StoredValue extends StorageValue<Inputs> {
  /** The fields kept in IndexedDB (under `<name>:<field>`); empty here. */
  external?: LargeField[];
  /** Their sizes when saved: URLs of the list, lines of the robots.txt. */
  counts?: Partial<Record<LargeField, number>>;
}

/** A saved field the caller restores itself: its IndexedDB key and its size when saved (null: unknown). */
export interface DeferredField {
  field: LargeField;
  key: string;
  count: number | null;
}

/** The sentence for a saved field the browser no longer has. */
export function lostMessage(field: LargeField, count: number | null): string {
  if (field === 'robotsText')
    return `Your saved robots.txt${count === null ? '' : ` of ${count.toLocaleString('en')} lines`} is no longer stored by this browser; open it again.`;
  const n = count === null ? '' : ` of ${count.toLocaleString('en')} URL${count === 1 ? '' : 's'}`;
  return `Your saved list${n} is no longer stored by this browser; import it again.`;
}

interface LargeFieldDeps {
  big(): LargeValueStore | undefined;
  tryWrite: TryWrite;
  writeLocal(name: string, value: StorageValue<Inputs>): void;
  onNotice(message: string | null): void;
  /** A saved field is gone (evicted); without it, the notice says so. */
  onLost?(field: LargeField, count: number | null): void;
  /** Fields `read` leaves empty for the caller to restore. */
  deferred: LargeField[];
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The IndexedDB side of the safe storage. */
export function createLargeFields(deps: LargeFieldDeps) {
  /** The values IndexedDB holds now and their sizes, so that an unchanged list is not written again. */
  const saved: Partial<Record<LargeField, { text: string; count: number }>> = {};
  /** Deferred fields not restored yet: while the state still has them empty, IndexedDB's copy stands. */
  const pending = new Map<LargeField, DeferredField>();
  /** Large writes in flight, in order: a later write waits for the earlier one. */
  let chain: Promise<void> = Promise.resolve();
  const lost = (f: LargeField, count: number | null) =>
    deps.onLost ? deps.onLost(f, count) : deps.onNotice(lostMessage(f, count));

  /** True when `state` has a field for IndexedDB (or one still waiting to be restored from it). */
  function wants(state: Inputs): boolean {
    for (const f of pending.keys()) if (state[f] === '') return true;
    return LARGE_FIELDS.some((f) => state[f].length > LARGE_CHARS);
  }

  /** Writes large fields to IndexedDB first, then the rest to localStorage, so localStorage never names a value IndexedDB lacks. */
  function write(name: string, value: StorageValue<Inputs>, big: LargeValueStore): void {
    const state = value.state;
    for (const [f] of pending) if (state[f] !== '') pending.delete(f);
    const fresh = LARGE_FIELDS.filter((f) => state[f].length > LARGE_CHARS);
    const small: StoredValue = { ...value, state: { ...state }, external: [...fresh, ...pending.keys()], counts: {} };
    for (const f of small.external!) small.state[f] = '';
    for (const [f, d] of pending) if (d.count !== null) small.counts![f] = d.count;
    chain = chain.then(async () => {
      try {
        for (const f of fresh) {
          if (saved[f]?.text !== state[f]) {
            const n = await big.set(`${name}:${f}`, state[f]);
            saved[f] = { text: state[f], count: typeof n === 'number' ? n : countLines(state[f]) };
          }
          small.counts![f] = saved[f]!.count;
        }
      } catch (e) {
        deps.onNotice(
          `The URL list could not be saved in this browser's IndexedDB (${errorText(e)}); it will not be there after a reload. Your robots.txt is saved.`,
        );
        // Save what localStorage takes instead.
        deps.writeLocal(name, value);
        return;
      }
      if (deps.tryWrite(name, small)) deps.onNotice(null);
      else deps.writeLocal(name, value);
    });
  }

  /** The stored value with its large fields back (a promise when some are read from IndexedDB); deferred ones stay empty. */
  function read(name: string, value: StoredValue): StorageValue<Inputs> | Promise<StorageValue<Inputs>> {
    const external = Array.isArray(value.external) ? value.external.filter((f) => LARGE_FIELDS.includes(f)) : [];
    if (external.length === 0 || !value.state || typeof value.state !== 'object') return value;
    const big = deps.big();
    if (!big) {
      deps.onNotice(
        'The saved URL list is in IndexedDB, which this browser does not offer now: it could not be restored.',
      );
      return value;
    }
    const count = (f: LargeField) => (typeof value.counts?.[f] === 'number' ? value.counts[f] : null);
    for (const f of external)
      if (deps.deferred.includes(f)) pending.set(f, { field: f, key: `${name}:${f}`, count: count(f) });
    const now = external.filter((f) => !deps.deferred.includes(f));
    if (now.length === 0) return { state: value.state, version: value.version };
    return Promise.all(now.map((f) => big.get(`${name}:${f}`))).then(
      (texts) => {
        const state = { ...value.state };
        now.forEach((f, i) => {
          const t = texts[i];
          if (typeof t !== 'string') lost(f, count(f));
          else {
            state[f] = t;
            saved[f] = { text: t, count: count(f) ?? countLines(t) };
          }
        });
        return { state, version: value.version };
      },
      (e: unknown) => {
        deps.onNotice(`The saved URL list could not be read from IndexedDB (${errorText(e)}).`);
        return value;
      },
    );
  }

  /**
   * A deferred field is back: `text` is the saved value (now in the state), null
   * when IndexedDB no longer has it, or an Error when it could not be read.
   */
  function restored(field: LargeField, text: string | null | Error): void {
    const d = pending.get(field);
    if (!d) return;
    pending.delete(field);
    if (typeof text === 'string') saved[field] = { text, count: d.count ?? countLines(text) };
    else if (text === null) lost(field, d.count);
    else deps.onNotice(`The saved URL list could not be read from IndexedDB (${text.message}).`);
  }

  return {
    wants,
    write,
    read,
    restored,
    deferredFields: (): DeferredField[] => [...pending.values()],
    settled: () => chain,
  };
}
