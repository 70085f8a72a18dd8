/**
 * The ARIA tabs pattern's keys, for a tab list that is one Tab stop: the
 * tab the arrow keys, Home and End move to from `from`, or null for any
 * other key. Used by the dock's tabs and the Results / Before / after tabs.
 */
export function tabAfterKey<T>(tabs: readonly (readonly [T, string])[], key: string, from: T): T | null {
  const at = tabs.findIndex(([id]) => id === from);
  const n = tabs.length;
  if (key === 'ArrowRight') return tabs[(at + 1) % n][0];
  if (key === 'ArrowLeft') return tabs[(at + n - 1) % n][0];
  if (key === 'Home') return tabs[0][0];
  if (key === 'End') return tabs[n - 1][0];
  return null;
}
