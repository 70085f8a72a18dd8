/**
 * Small helpers whose behaviour is fixed by Google's reference parser
 * (robots.cc); the conformance vectors in google-other-vectors.json test each.
 */

/** True for the characters of a product token: A-Z a-z - _. */
function isTokenChar(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2d || c === 0x5f;
}

/**
 * The product token of a user-agent value: its longest leading run of
 * A-Z a-z - _ (`Googlebot/2.1` → `Googlebot`, `Bot2` → `Bot`).
 */
export function extractProductToken(value: string): string {
  let end = 0;
  while (end < value.length && isTokenChar(value.charCodeAt(end))) end++;
  return value.slice(0, end);
}

/**
 * Whether a crawler's own token is one the reference can obey: non-empty and
 * made only of A-Z a-z - _.
 */
export function isValidUserAgentToObey(token: string): boolean {
  return token.length > 0 && extractProductToken(token) === token;
}

/** ASCII-only lower case, as the reference's EqualsIgnoreCase compares. */
export function asciiLower(s: string): string {
  let out = '';
  let changed = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) {
      if (!changed) {
        out = s.slice(0, i);
        changed = true;
      }
      out += String.fromCharCode(c + 32);
    } else if (changed) {
      out += s[i];
    }
  }
  return changed ? out : s;
}

/**
 * The part of a URL that robots.txt rules match: path, params and query.
 * Scheme, authority and fragment are cut; an empty result is `/`; a result
 * starting with `?` or `;` gets a leading `/`. Without `://` the first
 * segment is taken as the host; a leading `//` means an authority follows.
 * The path ends at a NUL byte, if any.
 */
export function getPathParamsQuery(url: string): string {
  // Fast paths for the common http(s)://host/… form; same result as below.
  // The URLs of a list mostly share one origin: the last one seen is tried
  // first (lastIndexOf from 0 compares in place; startsWith with a variable
  // prefix is several times slower on sliced strings).
  const origin = lastOrigin;
  if (origin.length !== 0 && url.lastIndexOf(origin, 0) === 0) {
    const c = url.charCodeAt(origin.length);
    if (c === 0x2f || c === 0x3f || c === 0x3b) return pathFrom(url, origin.length);
  }
  const scheme = httpSchemeLength(url);
  if (scheme !== 0) {
    const pathStart = findFirstOf(url, scheme);
    if (pathStart === -1) return '/';
    const hashPos = url.indexOf('#', scheme);
    if (hashPos !== -1 && hashPos < pathStart) return '/';
    // scheme://host has no `/`, `?`, `;` or `#` after the scheme, so a URL
    // that starts with it and then one of `/?;` has its path right there.
    // Kept as a copy, so that it does not hold on to a large string it was cut from.
    lastOrigin = ` ${url.slice(0, pathStart)}`.slice(1);
    return pathFrom(url, pathStart);
  }
  let searchStart = 0;
  if (url.length >= 2 && url.charCodeAt(0) === 0x2f && url.charCodeAt(1) === 0x2f) searchStart = 2;
  const earlyPath = findFirstOf(url, searchStart);
  let protocolEnd = url.indexOf('://', searchStart);
  if (earlyPath !== -1 && (protocolEnd === -1 || earlyPath < protocolEnd)) protocolEnd = -1;
  protocolEnd = protocolEnd === -1 ? searchStart : protocolEnd + 3;
  const pathStart = findFirstOf(url, protocolEnd);
  if (pathStart === -1) return '/';
  const hashPos = url.indexOf('#', searchStart);
  if (hashPos !== -1 && hashPos < pathStart) return '/';
  return pathFrom(url, pathStart);
}

/** The `scheme://host` of the last http(s) URL read, or ''. */
let lastOrigin = '';

/**
 * The path of `url` from `pathStart` (a `/`, `?` or `;`) up to the fragment,
 * with a leading `/`. A NUL ends it: the reference hands the path to its
 * matcher as a C string (docs/behaviour.md §13).
 */
function pathFrom(url: string, pathStart: number): string {
  const hashPos = url.indexOf('#', pathStart);
  let end = hashPos === -1 ? url.length : hashPos;
  const nul = url.indexOf('\0', pathStart);
  if (nul !== -1 && nul < end) end = nul;
  const path = url.slice(pathStart, end);
  return url.charCodeAt(pathStart) === 0x2f ? path : `/${path}`;
}

/** 8 for a URL starting `https://`, 7 for `http://`, else 0 (lower case only, like the fast path needs). */
function httpSchemeLength(url: string): number {
  if (
    url.charCodeAt(0) !== 0x68 ||
    url.charCodeAt(1) !== 0x74 ||
    url.charCodeAt(2) !== 0x74 ||
    url.charCodeAt(3) !== 0x70
  )
    return 0;
  const c = url.charCodeAt(4);
  if (c === 0x73) return url.charCodeAt(5) === 0x3a && url.charCodeAt(6) === 0x2f && url.charCodeAt(7) === 0x2f ? 8 : 0;
  return c === 0x3a && url.charCodeAt(5) === 0x2f && url.charCodeAt(6) === 0x2f ? 7 : 0;
}

/** Index of the first of `/`, `?`, `;` at or after `from`, or -1. */
function findFirstOf(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2f || c === 0x3f || c === 0x3b) return i;
  }
  return -1;
}
