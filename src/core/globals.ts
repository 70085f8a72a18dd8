/**
 * The two web-platform classes the engine uses, reached through globalThis
 * so that core/ compiles against lib ES2022 alone (no DOM types). Both exist
 * in every place the engine runs: browsers, Web Workers and Node.
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

const g = globalThis as unknown as Globals;

/** Parses a URL with the WHATWG URL parser; null when it is not a valid URL. */
export function parseUrl(input: string, base?: string): UrlLike | null {
  try {
    return new g.URL(input, base);
  } catch {
    return null;
  }
}

/** Decodes UTF-8 bytes, keeping any byte-order mark; reports whether the bytes were valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): { text: string; valid: boolean } {
  try {
    return { text: new g.TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), valid: true };
  } catch {
    return { text: new g.TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes), valid: false };
  }
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
