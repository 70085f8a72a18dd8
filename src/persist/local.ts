/**
 * Small saved values in localStorage: the inputs' small fields, the table's
 * filters, the theme, whether the inputs panel is open. Reads and writes
 * never throw: where the browser blocks or fills localStorage, the value is
 * not kept, and the page goes on.
 */

/** The page's localStorage, or undefined where it is blocked (or there is none, as in Node). */
export function browserLocal(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The value saved under `key`, or null (none, or storage blocked). */
export function readLocal(key: string, local: Pick<Storage, 'getItem'> | undefined = browserLocal()): string | null {
  try {
    return local?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Saves `value` under `key` (null removes it); false when the browser refused it. */
export function writeLocal(
  key: string,
  value: string | null,
  local: Pick<Storage, 'setItem' | 'removeItem'> | undefined = browserLocal(),
): boolean {
  try {
    if (value === null) local?.removeItem(key);
    else local?.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}
