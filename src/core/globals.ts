/**
 * The two web-platform classes the engine uses, reached through globalThis
 * so that core/ compiles against lib ES2022 alone (no DOM types). Both exist
 * in browsers, Web Workers and Node; a bare ECMAScript context (a warehouse's
 * JavaScript UDF, a `node:vm` context) has neither. There, decoding bytes
 * falls back to the engine's own decoder, which is the same algorithm
 * (WHATWG Encoding, UTF-8 decode), and anything that needs the URL parser
 * throws `MissingPlatformError`: never a verdict changed in silence.
 */

export interface UrlLike {
  href: string;
  origin: string;
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
}

interface Globals {
  URL: new (url: string, base?: string) => UrlLike;
  TextDecoder: new (
    label?: string,
    options?: { fatal?: boolean; ignoreBOM?: boolean },
  ) => {
    decode(input: Uint8Array): string;
  };
}

const g = globalThis as unknown as Partial<Globals>;

/**
 * Thrown where the engine needs a web-platform class that this JavaScript
 * context lacks (the URL parser in a warehouse UDF): the caller learns what
 * is missing instead of getting another answer.
 */
export class MissingPlatformError extends Error {
  constructor(readonly missing: 'URL') {
    super(
      `this JavaScript context has no ${missing} class (WHATWG URL Standard), which reading a URL as a crawler requests it needs`,
    );
    this.name = 'MissingPlatformError';
  }
}

/**
 * Parses a URL with the WHATWG URL parser; null when it is not a valid URL.
 * Throws `MissingPlatformError` where the context has no URL class.
 */
export function parseUrl(input: string, base?: string): UrlLike | null {
  const URL = g.URL;
  if (typeof URL !== 'function') throw new MissingPlatformError('URL');
  try {
    return new URL(input, base);
  } catch {
    return null;
  }
}

/**
 * Decodes UTF-8 bytes, keeping any byte-order mark; reports whether the
 * bytes were valid UTF-8. Without `TextDecoder`, the engine's own decoder
 * gives the same text.
 */
export function decodeUtf8(bytes: Uint8Array): { text: string; valid: boolean } {
  if (typeof g.TextDecoder !== 'function') {
    return { text: decodeUtf8WithOffsets(bytes).text, valid: isValidUtf8(bytes) };
  }
  try {
    return { text: new g.TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), valid: true };
  } catch {
    return { text: new g.TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes), valid: false };
  }
}

/** Whether `bytes` are well-formed UTF-8 (RFC 3629: no overlong forms, surrogates or code points past U+10FFFF). */
function isValidUtf8(bytes: Uint8Array): boolean {
  return firstInvalidUtf8(bytes) === -1;
}

/** Where the first ill-formed UTF-8 sequence of `bytes` starts (as isValidUtf8 reads them); -1 when there is none. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let needed: number;
    let lower = 0x80;
    let upper = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) needed = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      needed = 2;
      if (b === 0xe0) lower = 0xa0;
      if (b === 0xed) upper = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      needed = 3;
      if (b === 0xf0) lower = 0x90;
      if (b === 0xf4) upper = 0x8f;
    } else return i;
    if (i + needed >= bytes.length) return i;
    const second = bytes[i + 1];
    if (second < lower || second > upper) return i;
    for (let k = 2; k <= needed; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return i;
    i += needed + 1;
  }
  return -1;
}

/**
 * Decodes UTF-8 bytes exactly as `TextDecoder` does without `fatal` (each
 * maximal invalid sequence becomes one U+FFFD, WHATWG Encoding §4.3), and
 * records where each character's bytes start: `offsets[i]` is the byte
 * offset of UTF-16 unit `i` (both halves of a pair share it), and
 * `offsets[text.length]` is `bytes.length`. The parser needs it for invalid
 * input only, where a character no longer says how many bytes it stood for
 * (docs/behaviour.md §13).
 */
export function decodeUtf8WithOffsets(bytes: Uint8Array): { text: string; offsets: Uint32Array } {
  const units: number[] = [];
  const starts: number[] = [];
  const emit = (cp: number, start: number): void => {
    if (cp >= 0x10000) {
      units.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
      starts.push(start, start);
    } else {
      units.push(cp);
      starts.push(start);
    }
  };
  let needed = 0;
  let seen = 0;
  let cp = 0;
  let lower = 0x80;
  let upper = 0xbf;
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (needed === 0) {
      start = i;
      if (b < 0x80) emit(b, i);
      else if (b >= 0xc2 && b <= 0xdf) [needed, cp] = [1, b & 0x1f];
      else if (b >= 0xe0 && b <= 0xef) {
        if (b === 0xe0) lower = 0xa0;
        if (b === 0xed) upper = 0x9f;
        [needed, cp] = [2, b & 0x0f];
      } else if (b >= 0xf0 && b <= 0xf4) {
        if (b === 0xf0) lower = 0x90;
        if (b === 0xf4) upper = 0x8f;
        [needed, cp] = [3, b & 0x07];
      } else emit(0xfffd, i);
      continue;
    }
    if (b < lower || b > upper) {
      // The sequence so far is one U+FFFD; this byte starts afresh.
      emit(0xfffd, start);
      needed = seen = 0;
      lower = 0x80;
      upper = 0xbf;
      i--;
      continue;
    }
    lower = 0x80;
    upper = 0xbf;
    cp = (cp << 6) | (b & 0x3f);
    if (++seen === needed) {
      emit(cp, start);
      needed = seen = 0;
    }
  }
  if (needed !== 0) emit(0xfffd, start);
  const offsets = new Uint32Array(units.length + 1);
  offsets.set(starts);
  offsets[units.length] = bytes.length;
  let text = '';
  for (let i = 0; i < units.length; i += 8192) text += String.fromCharCode(...units.slice(i, i + 8192));
  return { text, offsets };
}
