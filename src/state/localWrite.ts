/**
 * Writing the persisted inputs to localStorage, which has a small quota: a
 * value too large to keep is trimmed (the URL list cut to a line count that
 * fits), the robots.txt is kept whenever it fits at all, and the user is told
 * what was not saved.
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

/** The first `n` lines of `text`. */
function firstLines(text: string, n: number): string {
  let at = -1;
  for (let i = 0; i < n; i++) {
    at = text.indexOf('\n', at + 1);
    if (at === -1) return text;
  }
  return text.slice(0, at + 1);
}

/** Lines of `text` (a last line without a line end counts). */
export function countLines(text: string): number {
  let n = text.length > 0 && !text.endsWith('\n') ? 1 : 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

function trimNotice(kept: number, total: number): string {
  return `The URL list is too large for this browser's storage: only its first ${kept.toLocaleString('en')} of ${total.toLocaleString('en')} lines will be there after a reload. Your robots.txt is saved.`;
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

/** The largest line count of the list that fits (binary search over writes), or -1 when not even none does. */
function largestFit(tryWrite: TryWrite, name: string, withUrls: (n: number) => StorageValue<Inputs>, total: number) {
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
  return best;
}

/**
 * Writes everything to localStorage, trimming the URL list when the quota
 * refuses it whole. Remembers the last trim, so that a later write of the
 * same list (the user only moved the selection, say) costs one write.
 */
export function createLocalWriter(tryWrite: TryWrite, onNotice: (message: string | null) => void) {
  let lastTrim: { urlText: string; lines: number } | null = null;
  return function writeLocal(name: string, value: StorageValue<Inputs>): void {
    if (tryWrite(name, value)) {
      onNotice(null);
      return;
    }
    const all = value.state.urlText;
    const total = countLines(all);
    const withUrls = (n: number): StorageValue<Inputs> => ({
      ...value,
      state: { ...value.state, urlText: firstLines(all, n) },
    });
    if (lastTrim && lastTrim.urlText === all && tryWrite(name, withUrls(lastTrim.lines))) {
      onNotice(trimNotice(lastTrim.lines, total));
      return;
    }
    let best = largestFit(tryWrite, name, withUrls, total);
    if (best < 0) {
      onNotice(
        "This robots.txt is too large for this browser's storage: it is not saved and will be lost on reload. The previously saved copy is kept.",
      );
      return;
    }
    // Leave 1% headroom so that small later changes (the selection, a setting) still fit
    // with the same trimmed list. The last attempt may have failed: write the choice again.
    if (best > 100) best -= Math.ceil(best / 100);
    tryWrite(name, withUrls(best));
    lastTrim = { urlText: all, lines: best };
    onNotice(trimNotice(best, total));
  };
}
