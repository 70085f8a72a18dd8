/**
 * Numbers as the page writes them (1,000,000). One formatter for the page:
 * `n.toLocaleString('en')` builds a new one on every call, and a streaming
 * run re-renders dozens of counts a few times a second.
 */
const counts = new Intl.NumberFormat('en');

/** `n` with thousands separators, as `n.toLocaleString('en')` writes it. */
export function formatCount(n: number): string {
  return counts.format(n);
}

/** "1 URL", "2,000 URLs": a count and its noun, plural unless the count is one. */
export function countOf(n: number, noun: string): string {
  return `${counts.format(n)} ${noun}${n === 1 ? '' : 's'}`;
}

/** A message as the page shows it: starting with a capital (the engine's reasons start in lower case, mid-sentence). */
export function sentence(text: string): string {
  return text.length > 0 ? text[0].toUpperCase() + text.slice(1) : text;
}

/** An instant as the page writes it, the same on every machine: "2026-09-10 06:00 UTC"; text that is no date stays as it is. */
export function formatUtc(t: number | string): string {
  const d = new Date(t);
  return Number.isNaN(d.getTime()) ? String(t) : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
