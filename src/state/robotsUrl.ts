/**
 * Helps with the robots.txt URL field: completes what people type (a bare
 * host, an origin) to the one place a robots.txt lives, and finds the origin
 * a URL list shares, so the page can offer that origin's robots.txt.
 * A robots.txt governs only its own origin (docs/behaviour.md §1).
 */
import { urlOrigin } from '../core/url';

/** What the field's text means: a usable robots.txt URL (possibly empty), or why it is not one. */
export type RobotsUrlReading = { ok: true; url: string; completed: boolean } | { ok: false; error: string };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Reads the field's text. Empty stays empty (no scope check). A host or an
 * origin without a path gets `https://` and `/robots.txt` added; a URL with
 * another path is refused with the address it should be.
 */
export function readRobotsUrl(text: string): RobotsUrlReading {
  const t = text.trim();
  if (t === '') return { ok: true, url: '', completed: false };
  // "example.com:8080" parses as scheme "example.com:", so a scheme needs "//" after it unless it is http(s).
  const hasScheme = SCHEME.test(t) && (/^https?:/i.test(t) || t.includes('://'));
  let u: URL;
  try {
    u = new URL(hasScheme ? t : `https://${t.replace(/^\/+/, '')}`);
  } catch {
    return { ok: false, error: 'Not a URL: type a site such as example.com or https://example.com/robots.txt.' };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return { ok: false, error: `Crawlers fetch robots.txt over http or https, not ${u.protocol.slice(0, -1)}.` };
  }
  if (u.hostname === '' || (!u.hostname.includes('.') && u.hostname !== 'localhost' && !u.hostname.startsWith('['))) {
    return { ok: false, error: 'Not a host name: type a site such as example.com.' };
  }
  const origin = `${u.protocol}//${u.host}`;
  if ((u.pathname !== '/' && u.pathname !== '/robots.txt') || u.search !== '' || u.hash !== '') {
    return { ok: false, error: `A robots.txt lives only at the root of its site: ${origin}/robots.txt.` };
  }
  const url = `${origin}/robots.txt`;
  return { ok: true, url, completed: url !== t };
}

/** The origin (`scheme://host[:port]`) of an absolute http(s) URL, or null for a path or anything else. */
export function originOf(url: string): string | null {
  return urlOrigin(url.trim());
}

/** How the absolute URLs of a list spread over origins. */
export interface OriginSpread {
  /** The origin most URLs are on, or null when the list has no absolute URL. */
  main: string | null;
  /** How many URLs are on `main`. */
  mainCount: number;
  /** How many absolute http(s) URLs the list has. */
  absolute: number;
  /** Every origin of the list, in the order each first appears. */
  origins: string[];
}

/** Counts the origins of `urls` (paths, comments and other lines are not counted). */
export function originSpread(urls: Iterable<string>): OriginSpread {
  const counts = new Map<string, number>();
  let absolute = 0;
  for (const url of urls) {
    const o = originOf(url);
    if (o === null) continue;
    absolute++;
    counts.set(o, (counts.get(o) ?? 0) + 1);
  }
  let main: string | null = null;
  let mainCount = 0;
  for (const [o, n] of counts) {
    if (n > mainCount) {
      main = o;
      mainCount = n;
    }
  }
  return { main, mainCount, absolute, origins: [...counts.keys()] };
}
