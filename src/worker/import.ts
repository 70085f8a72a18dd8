/**
 * Reads a URL list file in the worker (a million-line CSV would block the
 * page for seconds): plain text as it is, a CSV's chosen column, a sitemap's
 * `<loc>` values. The parsing is the engine's (src/core/urllist.ts), shared
 * with the CLI.
 */
import { detectListFormat, inspectCsv, parseCsvList, parseSitemap, parseTextList, sitemapKind } from '../core/urllist';
import type { ImportResult } from '../model/wire';
import { splitRows } from './bulk';

/** An import's list with its rows, split once for the count and the runs. */
export type ImportedList = ImportResult & { rows: { starts: Int32Array; ends: Int32Array } };

/** Turns a file's text into the page's URL list. `column` is 0-based; null lets the reader guess. */
export function importList(raw: string, name: string, column: number | null): ImportedList {
  const r = readList(raw, name, column);
  const rows = splitRows(r.text);
  return { ...r, count: r.format === 'txt' ? rows.starts.length : r.count, rows };
}

function readList(raw: string, name: string, column: number | null): ImportResult {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const format = detectListFormat(name, text);
  if (format === 'sitemap') {
    const urls = parseSitemap(text, name).map((u) => u.url);
    return {
      name,
      format,
      text: joinLines(urls),
      count: urls.length,
      csv: null,
      sitemapIndex: sitemapKind(text) === 'sitemapindex',
    };
  }
  if (format === 'csv') {
    const shape = inspectCsv(text, name);
    const col = column ?? shape.guess;
    const urls = col >= 0 ? parseCsvList(text, name, String(col + 1)).map((u) => u.url) : [];
    return {
      name,
      format,
      text: joinLines(urls),
      count: urls.length,
      csv: { header: shape.header, columns: shape.columns, column: col, sample: shape.sample },
      sitemapIndex: false,
    };
  }
  // `#` lines are comments, as the CLI reads a .txt list; the text is kept as
  // it is when it has none (a million-line list is not copied for nothing).
  if (COMMENT_LINE.test(text)) {
    const urls = parseTextList(text, name).map((u) => u.url);
    return { name, format, text: joinLines(urls), count: urls.length, csv: null, sitemapIndex: false };
  }
  return { name, format, text, count: 0, csv: null, sitemapIndex: false };
}

/** A line whose first non-blank character is `#`. */
const COMMENT_LINE = /^[ \t]*#/m;

function joinLines(urls: string[]): string {
  return urls.length ? `${urls.join('\n')}\n` : '';
}

/**
 * A list file's text, gunzipped first when its first two bytes are gzip's
 * magic number (a `.xml.gz` sitemap), through the browser's own
 * DecompressionStream: nothing leaves the browser and no library is added.
 */
export async function readListFile(file: Blob, name: string): Promise<string> {
  const magic = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  if (magic.length < 2 || magic[0] !== 0x1f || magic[1] !== 0x8b) return file.text();
  try {
    return await new Response(file.stream().pipeThrough(new DecompressionStream('gzip'))).text();
  } catch {
    throw new Error(`cannot read "${name}": broken gzip data`);
  }
}
