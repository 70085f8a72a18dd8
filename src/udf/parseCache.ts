/**
 * The last few robots.txt bodies parsed, most recent first. A SQL function
 * is called once per row, and rows of one site come together (a join on
 * the host): parse once per body, not once per row. Bodies are compared by
 * value, since each row brings its own copy; comparing costs a fraction of
 * parsing.
 */
import { parseRobotsTxt } from '../core/parse';
import type { ParsedRobots } from '../core/types';
import { sha256Hex } from './sha256';

/** A parsed body and, once asked for, its SHA-256. */
export interface CachedParse {
  body: string | Uint8Array;
  parsed: ParsedRobots;
  sha256: string | null;
}

const SIZE = 4;
const entries: CachedParse[] = [];

function sameBody(a: string | Uint8Array, b: string | Uint8Array): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The parse of `body`, from the cache or made now. */
export function parsedBody(body: string | Uint8Array): CachedParse {
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (sameBody(e.body, body)) {
      if (i > 0) {
        entries.splice(i, 1);
        entries.unshift(e);
      }
      return e;
    }
  }
  const e: CachedParse = { body, parsed: parseRobotsTxt(body), sha256: null };
  entries.unshift(e);
  if (entries.length > SIZE) entries.pop();
  return e;
}

/** The SHA-256 of a cached body (of its bytes as given, or of a text's UTF-8). */
export function bodySha256(e: CachedParse): string {
  e.sha256 ??= sha256Hex(e.body);
  return e.sha256;
}
