/**
 * From what a user types to what a crawler requests (docs/behaviour.md §12 The URL), and
 * which URLs a robots.txt governs (docs/behaviour.md §1). Uses the WHATWG URL parser.
 */
import { parseUrl } from './globals';

/** A URL in the form a crawler requests it, and what changed on the way. */
export interface RequestUrl {
  /** What the user typed, trimmed. */
  input: string;
  /** The request form: absolute URL, or path+query when the input was a path. Empty on error. */
  url: string;
  changed: boolean;
  /** Human-readable list of changes (e.g. "host converted to punycode"). */
  changes: string[];
  /** Set when the input cannot be read as a URL. */
  error?: string;
}

/**
 * An absolute URL's start: a scheme (RFC 3986 §3.1) then `//`. The one
 * definition every reader of typed URLs, URL lists and Sitemap values uses.
 */
export const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:\/\//i;
const HOSTLIKE = /^[^\s/?#:]+\.[^\s/?#:]+(:\d+)?([/?#]|$)/;

/**
 * Characters a path or query keeps as they are (RFC 3986 unreserved and
 * sub-delims, `:`, `@`, `?`); `/` and `%` have checks of their own.
 */
const KEPT = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&()*+,;=:@?')
  KEPT[c.charCodeAt(0)] = 1;

const SLASH = 0x2f;
const DOT = 0x2e;
const PERCENT = 0x25;
const QUESTION = 0x3f;

const isLowerOrDigitOrHyphen = (c: number): boolean =>
  (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d;
const isUpperHex = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46);

/** A lower-case ASCII host name: non-empty labels of `[a-z0-9-]`, the last starting with a letter. */
function isPlainHost(s: string, start: number, end: number): boolean {
  let label = start;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === DOT) {
      if (i === label) return false;
      label = i + 1;
    } else if (!isLowerOrDigitOrHyphen(c)) return false;
  }
  const first = s.charCodeAt(label);
  return label < end && first >= 0x61 && first <= 0x7a;
}

/** True when a segment ends at `j`: `/`, `?` or the end of `s`. */
function segmentEnds(s: string, j: number): boolean {
  return j === s.length || s.charCodeAt(j) === SLASH || s.charCodeAt(j) === QUESTION;
}

/** True when a `.` or `..` segment starts at `i`. */
function isDotSegment(s: string, i: number): boolean {
  if (s.charCodeAt(i) !== DOT) return false;
  return segmentEnds(s, i + 1) || (s.charCodeAt(i + 1) === DOT && segmentEnds(s, i + 2));
}

/**
 * A conservative test for input that the URL parser would leave as it is:
 * http(s) with a lower-case ASCII host name (last label starting with a
 * letter, so never an IP address to rewrite), no port, user info or
 * fragment, then a path and query of characters that are never escaped;
 * or such a path alone (one leading `/`). No dot segment (`/.` or `/..`
 * followed by `/`, `?` or the end; `/.json` is a name and stays), no
 * `%2E`, and every `%` followed by two upper-case hex digits. Anything else
 * takes the full path. One pass over the characters, never backtracking:
 * the regular expression it replaces cost JavaScriptCore (Safari) many
 * times what it cost V8 on every row of a bulk run.
 */
export function isRequestForm(input: string): boolean {
  let i: number;
  if (input.charCodeAt(0) === SLASH) {
    if (input.charCodeAt(1) === SLASH) return false;
    i = 0;
  } else {
    const hostStart = input.startsWith('https://') ? 8 : input.startsWith('http://') ? 7 : -1;
    if (hostStart < 0) return false;
    i = input.indexOf('/', hostStart);
    if (i < 0 || !isPlainHost(input, hostStart, i)) return false;
  }
  for (const n = input.length; i < n; ) {
    const c = input.charCodeAt(i);
    if (c === SLASH) {
      if (isDotSegment(input, i + 1)) return false;
      i++;
    } else if (c === PERCENT) {
      const h1 = input.charCodeAt(i + 1);
      const h2 = input.charCodeAt(i + 2);
      if (!isUpperHex(h1) || !isUpperHex(h2) || (h1 === 0x32 && h2 === 0x45)) return false;
      i += 3;
    } else if (c < 128 && KEPT[c] === 1) i++;
    else return false;
  }
  return true;
}

function upperHexEscapes(s: string): string {
  return s.replace(/%[0-9a-fA-F]{2}/g, (m) => m.toUpperCase());
}

/**
 * Turns a full URL, a path, raw Unicode or an internationalised host into
 * the URL a crawler requests: UTF-8 percent-encoding with upper-case hex,
 * punycode host, no fragment. `base` (for example the robots.txt URL) gives
 * the scheme for host-only input like `example.com/page`.
 */
export function toRequestUrl(rawInput: string, base?: string): RequestUrl {
  const input = rawInput.trim();
  if (isRequestForm(input)) return { input, url: input, changed: false, changes: [] };
  const changes: string[] = [];
  if (input === '') return { input, url: '', changed: false, changes, error: 'empty line' };
  if (/\s/.test(input.replace(/ /g, ''))) {
    return { input, url: '', changed: false, changes, error: 'contains a tab or line break' };
  }
  let absolute = input;
  let pathOnly = false;
  if (input.startsWith('/') && !input.startsWith('//')) {
    pathOnly = true;
    absolute = `http://robots-lab.invalid${input}`;
  } else if (input.startsWith('//')) {
    absolute = `http:${input}`;
  } else if (!ABSOLUTE_URL.test(input)) {
    if (HOSTLIKE.test(input)) {
      const scheme = base && ABSOLUTE_URL.test(base) ? base.slice(0, base.indexOf(':')) : 'https';
      absolute = `${scheme}://${input}`;
      changes.push(`${scheme}:// added`);
    } else {
      return { input, url: '', changed: false, changes, error: 'not a URL or a path starting with /' };
    }
  }
  const u = parseUrl(absolute);
  if (!u) return { input, url: '', changed: false, changes, error: 'not a valid URL' };
  const hashIdx = input.indexOf('#');
  if (hashIdx !== -1) changes.push('fragment removed (crawlers do not send it)');
  const pathQuery = upperHexEscapes(u.pathname + u.search);
  let url: string;
  if (pathOnly) {
    url = pathQuery;
  } else {
    const auth = u.username || u.password ? `${u.username}${u.password ? `:${u.password}` : ''}@` : '';
    url = `${u.protocol}//${auth}${u.host}${pathQuery}`;
    const typedHost = hostOf(input);
    if (typedHost !== null && typedHost.toLowerCase() !== u.host.toLowerCase() && /[\u0080-\uffff]/.test(typedHost)) {
      changes.push(`host converted to punycode (${u.host})`);
    } else if (typedHost !== null && typedHost !== u.host && typedHost.toLowerCase() === u.host) {
      changes.push('host lower-cased');
    }
    const typedPort = typedHost === null ? undefined : /:(\d*)$/.exec(typedHost)?.[1];
    if (typedPort !== undefined && u.port === '') {
      changes.push(typedPort === '' ? 'empty port removed' : `default port :${typedPort} removed`);
    }
  }
  const typedPath = pathPart(input, pathOnly);
  if (typedPath !== null && typedPath !== pathQuery) {
    if (/[\u0080-\uffff]/.test(typedPath)) changes.push('non-ASCII characters percent-encoded as UTF-8');
    if (/%[0-9a-f]?[a-f]/.test(typedPath)) changes.push('percent-escapes upper-cased');
    if (/\/\.\.?(\/|$|\?)/.test(typedPath)) changes.push('dot segments resolved');
    if (/[ "<>`{}|^\\]/.test(typedPath)) changes.push('reserved characters percent-encoded');
    if (typedPath === '' && pathQuery === '/') changes.push('empty path becomes /');
    if (changes.length === 0 || (hashIdx !== -1 && changes.length === 1)) changes.push('path normalised');
  }
  const changed = url !== input;
  // Every change is named: a URL shown in another form always says why.
  if (changed && changes.length === 0) changes.push('URL normalised');
  return { input, url, changed, changes: changed ? changes : [] };
}

function hostOf(input: string): string | null {
  const m = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:)?\/\/(?:[^@/?#]*@)?([^/?#]*)/.exec(input) ?? /^([^/?#]*)/.exec(input);
  return m ? m[1] : null;
}

function pathPart(input: string, pathOnly: boolean): string | null {
  let rest = input;
  const hash = rest.indexOf('#');
  if (hash !== -1) rest = rest.slice(0, hash);
  if (pathOnly) return rest;
  const m = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:)?(?:\/\/)?[^/?]*(.*)$/.exec(rest);
  return m ? m[1] : null;
}

/** Whether a URL is governed by a robots.txt (docs/behaviour.md §1). */
export interface ScopeCheck {
  inScope: boolean;
  /** Why not, in a sentence; empty when in scope. */
  reason: string;
}

/**
 * Checks that `robotsUrl` is a valid robots.txt location (/robots.txt at the
 * top of an origin) and that `url` has the same origin (scheme, host, port;
 * default ports and punycode folded by the URL parser).
 */
export function checkScope(robotsUrl: string, url: string): ScopeCheck {
  const r = parseUrl(robotsUrl.trim());
  if (!r) return { inScope: false, reason: 'the robots.txt URL is not a valid URL' };
  if (r.pathname !== '/robots.txt') {
    return { inScope: false, reason: `a robots.txt must be at /robots.txt of its origin, not ${r.pathname}` };
  }
  const u = parseUrl(url.trim());
  if (!u) return { inScope: false, reason: 'not an absolute URL' };
  const origin = (x: { protocol: string; hostname: string; port: string }) =>
    `${x.protocol}//${x.hostname}:${x.port || defaultPort(x.protocol)}`;
  if (origin(u) !== origin(r)) {
    return {
      inScope: false,
      reason: `outside the scope of ${r.protocol}//${r.host}/robots.txt (different ${diff(u, r)})`,
    };
  }
  return { inScope: true, reason: '' };
}

function defaultPort(protocol: string): string {
  return protocol === 'http:' ? '80' : protocol === 'https:' ? '443' : protocol === 'ftp:' ? '21' : '';
}

function diff(
  a: { protocol: string; hostname: string; port: string },
  b: { protocol: string; hostname: string; port: string },
): string {
  if (a.protocol !== b.protocol) return 'scheme';
  if (a.hostname !== b.hostname) return 'host';
  return 'port';
}

/**
 * The origin of an absolute http(s) URL, lower-cased host and default port
 * dropped as `URL#origin` does; null for anything else.
 */
export function urlOrigin(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  return parseUrl(url)?.origin ?? null;
}
