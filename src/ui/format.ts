/**
 * Numbers as the page writes them (1,000,000). One formatter for the page:
 * `n.toLocaleString('en')` builds a new one on every call (~70 µs in
 * Chromium), and a streaming run re-renders dozens of counts a few times a
 * second.
 */
const counts = new Intl.NumberFormat('en');

/** `n` with thousands separators, as `n.toLocaleString('en')` writes it. */
export function formatCount(n: number): string {
  return counts.format(n);
}
