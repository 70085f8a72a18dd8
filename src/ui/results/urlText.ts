/** How a URL is shown in a row: the path when the rows share an origin, cut in the middle when too long. */

/**
 * Cuts `text` to at most `max` characters by dropping its middle: the start
 * (where a path begins) and the end (where URLs differ most) both stay.
 */
export function truncateMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return '…';
  const keep = max - 1;
  const head = Math.ceil(keep / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`;
}

/** The part of `url` to show under a header that names `origin`: its path and query when it is on it. */
export function shownPart(url: string, origin: string | null): string {
  if (origin === null) return url;
  const t = url.trim();
  if (t.length > origin.length && t.slice(0, origin.length).toLowerCase() === origin && t[origin.length] === '/')
    return t.slice(origin.length);
  return t === origin ? '/' : url;
}
