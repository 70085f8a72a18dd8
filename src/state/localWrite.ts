/**
 * Writing the persisted inputs to localStorage, which has a small quota
 * (large texts go to IndexedDB, largeFields.ts): a value that does not fit
 * leaves the saved copy as it was, and the user is told.
 */
import type { StorageValue } from 'zustand/middleware';
import type { Inputs } from './inputs';

type Local = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Writes one value; false when the quota refused it. */
export type TryWrite = (name: string, value: StorageValue<Inputs>) => boolean;

function isQuotaError(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const { name, code } = e as { name?: string; code?: number };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

/** Lines of `text` (a last line without a line end counts). */
export function countLines(text: string): number {
  let n = text.length > 0 && !text.endsWith('\n') ? 1 : 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

/** A `TryWrite` on the storage `storage()` gives now (none: nothing to write to, which counts as written). */
export function localTryWrite(storage: () => Local | undefined): TryWrite {
  return (name, value) => {
    const s = storage();
    if (!s) return true;
    try {
      s.setItem(name, JSON.stringify(value));
      return true;
    } catch (e) {
      if (isQuotaError(e)) return false;
      throw e;
    }
  };
}

/** Writes everything to localStorage; when the quota refuses it, the saved copy stays and the user is told. */
export function createLocalWriter(tryWrite: TryWrite, onNotice: (message: string | null) => void) {
  return function writeLocal(name: string, value: StorageValue<Inputs>): void {
    if (tryWrite(name, value)) onNotice(null);
    else
      onNotice(
        "Your inputs are too large for this browser's storage: they are not saved and will be lost on reload. The previously saved copy is kept.",
      );
  };
}
