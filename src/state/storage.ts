/**
 * The persisted inputs' storage, guarded against quota errors: large text
 * fields go to IndexedDB (largeFields.ts), the rest to localStorage
 * (localWrite.ts), and the user is told what was not saved. Writes are coalesced so a burst of keystrokes costs one write, and
 * skipped when nothing persisted changed.
 */
import type { PersistStorage, StorageValue } from 'zustand/middleware';
import type { LargeValueStore } from '../worker/idb';
import type { Inputs } from './inputs';
import { createLargeFields, type DeferredField, type LargeField, type StoredValue } from './largeFields';
import { createLocalWriter, localTryWrite } from './localWrite';

export interface SafeStorageOptions {
  storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  /** A sentence for the user about what could not be saved; null when all is saved. */
  onNotice(message: string | null): void;
  /** A saved large field the browser evicted from IndexedDB (`count`: its URLs or lines when saved). */
  onLost?(field: LargeField, count: number | null): void;
  /** Coalesce writes within this many milliseconds (0: write at once). */
  delayMs?: number;
  setTimeout?(fn: () => void, ms: number): unknown;
  /** Where large text fields go (IndexedDB in the page); without it everything goes to `storage`. */
  large?(): LargeValueStore | undefined;
  /** Large fields `getItem` leaves empty: the caller restores them (the page's worker reads the URL list itself). */
  deferred?: LargeField[];
}

export interface SafeStorage extends PersistStorage<Inputs> {
  /** Writes a pending value now (on page hide). */
  flush(): void;
  /** Writes `value` now even if this tab wrote the same inputs before (another tab has written since). */
  rewrite(name: string, value: StorageValue<Inputs>): void;
  /** Resolves when large writes in flight have finished. */
  settled(): Promise<void>;
  /** The deferred fields the last `getItem` left for the caller to restore. */
  deferredFields(): DeferredField[];
  /** A deferred field is back (`text`), gone from IndexedDB (null), or could not be read (an Error). */
  restored(field: LargeField, text: string | null | Error): void;
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

function parseStored(raw: string | null | undefined): StoredValue | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as StoredValue;
  } catch {
    return null;
  }
}

/** A zustand `PersistStorage` for the page's inputs. */
export function createSafeStorage(opts: SafeStorageOptions): SafeStorage {
  const delay = opts.delayMs ?? 0;
  const later = opts.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const tryWrite = localTryWrite(opts.storage);
  const writeLocal = createLocalWriter(tryWrite, opts.onNotice);
  const large = createLargeFields({
    big: () => opts.large?.(),
    tryWrite,
    writeLocal,
    onNotice: opts.onNotice,
    onLost: opts.onLost,
    deferred: opts.deferred ?? [],
  });
  let pending: { name: string; value: StorageValue<Inputs> } | null = null;
  let timer: unknown = null;
  let written: Inputs | null = null;

  function write(name: string, value: StorageValue<Inputs>): void {
    if (written && sameInputs(written, value.state)) return;
    written = value.state;
    const big = opts.large?.();
    if (big && large.wants(value.state)) large.write(name, value, big);
    else writeLocal(name, value);
  }

  return {
    getItem(name) {
      const value = parseStored(opts.storage()?.getItem(name));
      return value && large.read(name, value);
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
    rewrite(name, value) {
      pending = null;
      written = null;
      write(name, value);
    },
    settled: large.settled,
    deferredFields: large.deferredFields,
    restored: large.restored,
  };
}
