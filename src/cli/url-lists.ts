/**
 * URL lists for `check`: plain text (one URL a line), CSV (one column of
 * URLs) and sitemap XML (`<loc>` elements, gzipped or not). The parsing is
 * the engine's (src/core/urllist.ts, shared with the page); this file adds
 * reading bytes and the CLI's error type.
 */
import { gunzipSync } from 'node:zlib';
import * as lists from '../core/urllist';
import { CliError } from './io';

export { detectListFormat, parseCsv } from '../core/urllist';

/** Runs a list parser, turning its errors into the CLI's. */
function cli<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof lists.UrlListError) throw new CliError(e.message);
    throw e;
  }
}

/** Decodes a list file's bytes (gunzipping a gzip stream first). */
export function decodeListBytes(bytes: Uint8Array, name: string): string {
  let data = bytes;
  if (data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b) {
    try {
      data = gunzipSync(data);
    } catch {
      throw new CliError(`cannot read URL list "${name}": broken gzip data`);
    }
  }
  let text = new TextDecoder().decode(data);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text;
}

/** Reads a URL list in the given (or detected) format. */
export function parseUrlList(text: string, name: string, column?: string): lists.ListedUrl[] {
  return cli(() => lists.parseUrlList(text, name, column));
}

/** One URL a line; blank lines and lines starting with `#` are skipped. */
export function parseTextList(text: string, name: string): lists.ListedUrl[] {
  return lists.parseTextList(text, name);
}

/** The `<loc>` values of a sitemap (or sitemap index), in order. */
export function parseSitemap(text: string, name: string): lists.ListedUrl[] {
  return cli(() => lists.parseSitemap(text, name));
}

/** The URLs of one CSV column (see the engine's parseCsvList). */
export function parseCsvList(text: string, name: string, column?: string): lists.ListedUrl[] {
  return cli(() => lists.parseCsvList(text, name, column));
}
