/**
 * The URL list as the user typed it: one URL or path per line. Blank lines
 * are skipped; the page and the worker split it the same way, so row numbers
 * agree on both sides.
 */
export function splitUrlList(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  const n = text.length;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 10;
    if (c === 10 || c === 13) {
      const line = text.slice(start, i).trim();
      if (line !== '') out.push(line);
      start = i + 1;
    }
  }
  return out;
}
