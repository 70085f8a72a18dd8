/**
 * localStorage for the persisted inputs, guarded against quota errors: a
 * paste too large to keep is trimmed (the URL list first, a line count that
 * fits), the robots.txt is kept whenever it fits at all, and the user is told
 * what was not saved. Writes are coalesced so a burst of keystrokes costs one
 * write, and skipped when nothing persisted changed.
 */
import type { PersistStorage, StorageValue } from 'zustand/middleware';
import type { LargeValueStore } from '../worker/idb';
import type { Inputs } from './inputs';

/** Text fields above this many characters are kept in IndexedDB (when given), not localStorage. */
const LARGE_CHARS = 200_000;

/** The text fields that may be large. */
type LargeField = 'urlText' | 'robotsText';
const LARGE_FIELDS: LargeField[] = ['urlText', 'robotsText'];

/** What localStorage holds: the inputs, with large fields moved out (named in `external`). */
interface StoredValue extends StorageValue<Inputs> {
  external?: LargeField[];
}

export interface SafeStorageOptions {
  storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  /** A sentence for the user about what could not be saved; null when all is saved. */
  onNotice(message: string | null): void;
  /** Coalesce writes within this many milliseconds (0: write at once). */
  delayMs?: number;
  setTimeout?(fn: () => void, ms: number): unknown;
  /** Where large text fields go (IndexedDB in the page); without it everything goes to `storage`, trimmed if need be. */
  large?(): LargeValueStore | undefined;
}

export interface SafeStorage extends PersistStorage<Inputs> {
  /** Writes a pending value now (on page hide). */
  flush(): void;
  /** Resolves when large writes in flight have finished. */
  settled(): Promise<void>;
}

function isQuotaError(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const { name, code } = e as { name?: string; code?: number };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

function sameInputs(a: Inputs, b: Inputs): boolean {
  return (
    a.robotsText === b.robotsText &&
    a.robotsUrl === b.robotsUrl &&
    a.urlText === b.urlText &&
    a.crawlers === b.crawlers &&
    a.settings === b.settings &&
    a.selected === b.selected
  );
}

/** The first `n` lines of `text`. */
function firstLines(text: string, n: number): string {
  let at = -1;
  for (let i = 0; i < n; i++) {
    at = text.indexOf('\n', at + 1);
    if (at === -1) return text;
  }
  return text.slice(0, at + 1);
}

function countLines(text: string): number {
  let n = text.length > 0 && !text.endsWith('\n') ? 1 : 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

function trimNotice(kept: number, total: number): string {
  return `The URL list is too large for this browser's storage: only its first ${kept.toLocaleString('en')} of ${total.toLocaleString('en')} lines will be there after a reload. Your robots.txt is saved.`;
}

export function createSafeStorage(opts: SafeStorageOptions): SafeStorage {
  const delay = opts.delayMs ?? 0;
  const later = opts.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let pending: { name: string; value: StorageValue<Inputs> } | null = null;
  let timer: unknown = null;
  let written: Inputs | null = null;
  let lastTrim: { urlText: string; lines: number } | null = null;

  function tryWrite(name: string, value: StoredValue): boolean {
    const s = opts.storage();
    if (!s) return true;
    try {
      s.setItem(name, JSON.stringify(value));
      return true;
    } catch (e) {
      if (isQuotaError(e)) return false;
      throw e;
    }
  }

  /** The large values IndexedDB holds now, so an unchanged list is not written again. */
  const savedLarge: Partial<Record<LargeField, string>> = {};
  /** Large writes in flight, in order: a later write waits for the earlier one. */
  let chain: Promise<void> = Promise.resolve();

  /** Writes large fields to IndexedDB first, then the rest to localStorage, so localStorage never names a value IndexedDB lacks. */
  function writeSplit(name: string, value: StorageValue<Inputs>, big: LargeValueStore): void {
    const external = LARGE_FIELDS.filter((f) => value.state[f].length > LARGE_CHARS);
    const small: StoredValue = { ...value, state: { ...value.state }, external };
    for (const f of external) small.state[f] = '';
    const state = value.state;
    chain = chain.then(async () => {
      try {
        for (const f of external) {
          if (savedLarge[f] === state[f]) continue;
          await big.set(`${name}:${f}`, state[f]);
          savedLarge[f] = state[f];
        }
      } catch (e) {
        opts.onNotice(
          `The URL list could not be saved in this browser's IndexedDB (${e instanceof Error ? e.message : String(e)}); it will not be there after a reload. Your robots.txt is saved.`,
        );
        // Keep the robots.txt (and what fits of the list) the old way.
        writeLocal(name, value);
        return;
      }
      if (tryWrite(name, small)) opts.onNotice(null);
      else writeLocal(name, value);
    });
  }

  function write(name: string, value: StorageValue<Inputs>): void {
    if (written && sameInputs(written, value.state)) return;
    written = value.state;
    const big = opts.large?.();
    if (big && LARGE_FIELDS.some((f) => value.state[f].length > LARGE_CHARS)) {
      writeSplit(name, value, big);
      return;
    }
    writeLocal(name, value);
  }

  function writeLocal(name: string, value: StorageValue<Inputs>): void {
    if (tryWrite(name, value)) {
      opts.onNotice(null);
      return;
    }
    // Too large: keep the robots.txt and as much of the URL list as fits.
    const all = value.state.urlText;
    const total = countLines(all);
    const withUrls = (n: number): StorageValue<Inputs> => ({
      ...value,
      state: { ...value.state, urlText: firstLines(all, n) },
    });
    // The same list was trimmed before (the user only moved the selection, say): one write.
    if (lastTrim && lastTrim.urlText === all && tryWrite(name, withUrls(lastTrim.lines))) {
      opts.onNotice(trimNotice(lastTrim.lines, total));
      return;
    }
    let lo = 0;
    let hi = total;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (tryWrite(name, withUrls(mid))) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (best >= 0) {
      // Leave 1% headroom so that small later changes (the selection, a setting) still fit
      // with the same trimmed list. The last attempt may have failed: write the choice again.
      if (best > 100) best -= Math.ceil(best / 100);
      tryWrite(name, withUrls(best));
      lastTrim = { urlText: all, lines: best };
      opts.onNotice(trimNotice(best, total));
      return;
    }
    opts.onNotice(
      "This robots.txt is too large for this browser's storage: it is not saved and will be lost on reload. The previously saved copy is kept.",
    );
  }

  return {
    getItem(name) {
      const raw = opts.storage()?.getItem(name);
      if (!raw) return null;
      let value: StoredValue;
      try {
        value = JSON.parse(raw) as StoredValue;
      } catch {
        return null;
      }
      const external = Array.isArray(value.external) ? value.external.filter((f) => LARGE_FIELDS.includes(f)) : [];
      const big = opts.large?.();
      if (external.length === 0 || !value.state || typeof value.state !== 'object') return value;
      if (!big) {
        opts.onNotice(
          'The saved URL list is in IndexedDB, which this browser does not offer now: it could not be restored.',
        );
        return value;
      }
      return Promise.all(external.map((f) => big.get(`${name}:${f}`))).then(
        (texts) => {
          const state = { ...value.state };
          external.forEach((f, i) => {
            const t = texts[i];
            if (typeof t === 'string') {
              state[f] = t;
              savedLarge[f] = t;
            } else {
              opts.onNotice(
                `The saved ${f === 'urlText' ? 'URL list' : 'robots.txt'} was not found in this browser's IndexedDB.`,
              );
            }
          });
          return { state, version: value.version };
        },
        (e: unknown) => {
          opts.onNotice(
            `The saved URL list could not be read from IndexedDB (${e instanceof Error ? e.message : String(e)}).`,
          );
          return value;
        },
      );
    },
    setItem(name, value) {
      if (delay <= 0) {
        write(name, value);
        return;
      }
      pending = { name, value };
      if (timer === null) {
        timer = later(() => {
          timer = null;
          const p = pending;
          pending = null;
          if (p) write(p.name, p.value);
        }, delay);
      }
    },
    removeItem(name) {
      opts.storage()?.removeItem(name);
    },
    flush() {
      const p = pending;
      pending = null;
      if (p) write(p.name, p.value);
    },
    settled() {
      return chain;
    },
  };
}
