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
