/**
 * Pattern normalisation and the reference matcher for one pattern.
 */

const HEX = '0123456789ABCDEF';

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/**
 * Normalises an allow/disallow value as the reference does: each `%xx`
 * escape gets upper-case hex digits; each byte >= 0x80 of the UTF-8 encoding
 * becomes `%XX`; nothing else changes (`%62` stays `%62`). The result is
 * always ASCII, so its length is its byte length.
 */
export function escapePattern(value: string): string {
  // Fast path: plain ASCII without lower-case escapes needs no change.
  let needs = false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0x80) {
      needs = true;
      break;
    }
    if (c === 0x25 && isHex(value.charCodeAt(i + 1)) && isHex(value.charCodeAt(i + 2))) {
      const a = value.charCodeAt(i + 1);
      const b = value.charCodeAt(i + 2);
      if ((a >= 0x61 && a <= 0x66) || (b >= 0x61 && b <= 0x66)) {
        needs = true;
        break;
      }
      i += 2;
    }
  }
  if (!needs) return value;
  // Copy ASCII runs whole; only escapes and non-ASCII characters are rebuilt.
  let out = '';
  let run = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x25 && isHex(value.charCodeAt(i + 1)) && isHex(value.charCodeAt(i + 2))) {
      out += `${value.slice(run, i)}%${value[i + 1].toUpperCase()}${value[i + 2].toUpperCase()}`;
      i += 2;
      run = i + 1;
    } else if (c >= 0x80) {
      out += value.slice(run, i);
      let cp = c;
      if (c >= 0xd800 && c <= 0xdbff) {
        const d = value.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        } else cp = 0xfffd;
      } else if (c >= 0xdc00 && c <= 0xdfff) cp = 0xfffd;
      out += escapeCodePoint(cp);
      run = i + 1;
    }
  }
  return out + value.slice(run);
}

/**
 * Normalises an allow/disallow value given as bytes, which need not be
 * valid UTF-8 (docs/behaviour.md §13): the reference escapes each byte
 * >= 0x80 on its own, so `/\xFF` becomes `/%FF`, and a character cut by the
 * line limit keeps its first bytes (`%C3`). Same rules as `escapePattern`.
 */
export function escapePatternBytes(value: ArrayLike<number>): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === 0x25 && isHex(value[i + 1]) && isHex(value[i + 2])) {
      out += `%${String.fromCharCode(value[i + 1], value[i + 2]).toUpperCase()}`;
      i += 2;
    } else if (c >= 0x80) {
      out += `%${HEX[c >> 4]}${HEX[c & 15]}`;
    } else {
      out += String.fromCharCode(c);
    }
  }
  return out;
}

/** `%XX` escapes of the UTF-8 bytes of one code point. */
function escapeCodePoint(cp: number): string {
  const b = (x: number) => `%${HEX[x >> 4]}${HEX[x & 15]}`;
  if (cp < 0x800) return b(0xc0 | (cp >> 6)) + b(0x80 | (cp & 63));
  if (cp < 0x10000) return b(0xe0 | (cp >> 12)) + b(0x80 | ((cp >> 6) & 63)) + b(0x80 | (cp & 63));
  return b(0xf0 | (cp >> 18)) + b(0x80 | ((cp >> 12) & 63)) + b(0x80 | ((cp >> 6) & 63)) + b(0x80 | (cp & 63));
}

/**
 * The index.html rule (Google-specific): an allow pattern whose last
 * segment starts with `/index.htm` also allows its directory exactly, as if
 * it were `<directory>/$`. Returns that pattern, or null.
 */
export function indexHtmlAlternative(pattern: string): string | null {
  const slash = pattern.lastIndexOf('/');
  if (slash === -1) return null;
  if (!pattern.startsWith('/index.htm', slash)) return null;
  return `${pattern.slice(0, slash + 1)}$`;
}

/**
 * Whether `pattern` matches `path` from its start (`*` any run, `$` at the
 * very end anchors; a `$` elsewhere is literal). The literal text before the
 * first `*` must start the path; each later `*`-separated segment is found
 * left to right, as early as possible (greedy leftmost search is exact for
 * patterns of `*` alone, and never backtracks); with a final `$` the last
 * segment must end the path. The path may hold non-ASCII code units:
 * patterns are ASCII after normalisation, so comparing code units gives the
 * same answer as the reference's byte comparison. Property tests check this
 * against the reference's position-set algorithm.
 */
export function matchesPattern(path: string, pattern: string): boolean {
  const anchored = pattern.length > 0 && pattern.charCodeAt(pattern.length - 1) === 0x24;
  const end = anchored ? pattern.length - 1 : pattern.length;
  let star = pattern.indexOf('*');
  if (star === -1 || star >= end) {
    // No wildcard: a prefix, or with `$` the whole path.
    if (!anchored) return path.startsWith(pattern);
    return path.length === end && pattern.startsWith(path);
  }
  if (!startsWithRange(path, 0, pattern, 0, star)) return false;
  let pos = star;
  for (;;) {
    const from = star + 1;
    const next = pattern.indexOf('*', from);
    const last = next === -1 || next >= end;
    const to = last ? end : next;
    const len = to - from;
    if (last) {
      if (!anchored) return len === 0 || path.indexOf(pattern.slice(from, to), pos) !== -1;
      return path.length - len >= pos && startsWithRange(path, path.length - len, pattern, from, len);
    }
    if (len > 0) {
      const at = path.indexOf(pattern.slice(from, to), pos);
      if (at === -1) return false;
      pos = at + len;
    }
    star = next;
  }
}

/** Whether path[at, at + len) equals pattern[from, from + len). */
function startsWithRange(path: string, at: number, pattern: string, from: number, len: number): boolean {
  if (at + len > path.length) return false;
  for (let i = 0; i < len; i++) if (path.charCodeAt(at + i) !== pattern.charCodeAt(from + i)) return false;
  return true;
}
