/**
 * URL lists as auditors bring them: plain text (one URL a line), CSV (one
 * column of URLs, with or without a header row) and sitemap XML (`<loc>`
 * elements of a `<urlset>` or a `<sitemapindex>`). Pure text in, URLs out:
 * the CLI and the page's worker read lists the same way. Decoding bytes
 * (gzip, BOM) is the caller's job.
 */

import { SaxesParser } from 'saxes';
import { ABSOLUTE_URL } from './url';

/** One URL of a list and where it came from (for messages). */
export interface ListedUrl {
  url: string;
  /** `name:line`. */
  origin: string;
}

export type ListFormat = 'txt' | 'csv' | 'sitemap';

/** A list that cannot be read as asked; the message names the list. */
export class UrlListError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UrlListError';
  }
}

/** Picks the format from the file name, else from the content. */
export function detectListFormat(name: string, text: string): ListFormat {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.tsv')) return 'csv';
  if (lower.endsWith('.xml') || lower.endsWith('.xml.gz')) return 'sitemap';
  if (/^\s*</.test(text) && /<(urlset|sitemapindex)\b/i.test(text.slice(0, 4096))) return 'sitemap';
  return 'txt';
}

/** One URL a line; blank lines and lines starting with `#` are skipped. */
export function parseTextList(text: string, name: string): ListedUrl[] {
  const out: ListedUrl[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '' || line.startsWith('#')) continue;
    out.push({ url: line, origin: `${name}:${i + 1}` });
  }
  return out;
}

/**
 * What a sitemap file is: a `<urlset>` lists pages, a `<sitemapindex>` lists
 * other sitemaps (whose pages are not in this file); null when neither.
 */
export function sitemapKind(text: string): 'urlset' | 'sitemapindex' | null {
  const m = /<(?:[A-Za-z_][\w.-]*:)?(urlset|sitemapindex)\b/i.exec(text);
  return m ? (m[1].toLowerCase() as 'urlset' | 'sitemapindex') : null;
}

/** The namespace of the sitemap protocol (sitemaps.org 0.9). */
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * The `<loc>` values of a sitemap, in order: a `<urlset>`'s pages
 * (`<url><loc>`), or a `<sitemapindex>`'s child sitemaps (`<sitemap><loc>`),
 * in the sitemap namespace only. Read by a real XML parser (saxes):
 * entities and CDATA are decoded, comments skipped, and the `<loc>` of
 * other vocabularies (`<image:loc>`, `<video:…>`) not taken. Malformed XML
 * is an error naming its line.
 */
export function parseSitemap(text: string, name: string): ListedUrl[] {
  const out: ListedUrl[] = [];
  const parser = new SaxesParser({ xmlns: true, position: true });
  const path: string[] = [];
  let root: string | null = null;
  let loc: { text: string; line: number } | null = null;
  parser.on('opentag', (tag) => {
    // Elements in no namespace are taken as the sitemap's (many files omit
    // xmlns); only another vocabulary's are told apart.
    const local = tag.uri === SITEMAP_NS || tag.uri === '' ? tag.local : `{${tag.uri}}${tag.local}`;
    if (path.length === 0) root = local;
    const parent = path[path.length - 1];
    if (local === 'loc' && (parent === 'url' || parent === 'sitemap') && path.length === 2) {
      loc = { text: '', line: parser.line };
    }
    path.push(local);
  });
  parser.on('text', (t) => {
    if (loc) loc.text += t;
  });
  parser.on('cdata', (t) => {
    if (loc) loc.text += t;
  });
  parser.on('closetag', () => {
    path.pop();
    if (loc && path.length === 2) {
      const url = loc.text.trim();
      if (url !== '') out.push({ url, origin: `${name}:${loc.line}` });
      loc = null;
    }
  });
  try {
    parser.write(text).close();
  } catch (err) {
    throw new UrlListError(
      `"${name}" is not well-formed XML: ${(err as Error).message.replace(/^undefined:/, 'line ')}`,
    );
  }
  if (root !== 'urlset' && root !== 'sitemapindex') {
    throw new UrlListError(`"${name}" does not look like a sitemap: no <urlset> or <sitemapindex> root element`);
  }
  return out;
}

/** Splits CSV text into rows of cells (RFC 4180 quoting; comma, or tab for .tsv). */
export function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    if (!quoted && cell === '') {
      // Fast path: an unquoted cell runs to the next separator or line end.
      let j = i;
      while (j < n) {
        const c = text[j];
        if (c === separator || c === '\n' || c === '\r' || c === '"') break;
        j++;
      }
      if (j > i && (j === n || text[j] !== '"')) {
        cell = text.slice(i, j);
        i = j - 1;
        continue;
      }
    }
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Whether a CSV cell holds an absolute URL or a path. */
function looksLikeUrl(cell: string): boolean {
  const s = cell.trim();
  return ABSOLUTE_URL.test(s) || s.startsWith('/');
}

/**
 * The separator of a CSV: tab for .tsv, else whichever of comma, semicolon
 * and tab occurs most often outside quotes in the first line (comma on a tie
 * or when none does), as spreadsheet exports in many locales use `;`.
 */
function sniffSeparator(text: string, name = ''): string {
  if (name.toLowerCase().endsWith('.tsv')) return '\t';
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best = ',';
  for (const [sep, n] of counts) if (n > (counts.get(best) ?? 0)) best = sep;
  return best;
}

function csvRows(text: string, name: string): string[][] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return parseCsv(body, sniffSeparator(body, name)).filter((r) => !(r.length === 1 && r[0].trim() === ''));
}

/** The shape of a CSV list, to let a person choose the URL column. */
export interface CsvShape {
  /** The header row's cells, or null when the first row already holds a URL. */
  header: string[] | null;
  /** How many columns the widest of the first rows has. */
  columns: number;
  /** The 0-based column that looks like URLs, or -1. */
  guess: number;
  /** The first data rows (up to 3), for a preview. */
  sample: string[][];
  /** Data rows (header excluded). */
  rows: number;
}

function guessColumn(data: string[][]): number {
  const sample = data.find((r) => r.some(looksLikeUrl));
  return sample ? sample.findIndex(looksLikeUrl) : -1;
}

/** Reads a CSV's header, width and likely URL column. */
export function inspectCsv(text: string, name: string): CsvShape {
  const rows = csvRows(text, name);
  if (rows.length === 0) return { header: null, columns: 0, guess: -1, sample: [], rows: 0 };
  const hasHeader = !rows[0].some(looksLikeUrl);
  const data = hasHeader ? rows.slice(1) : rows;
  const columns = Math.max(...rows.slice(0, 50).map((r) => r.length));
  return {
    header: hasHeader ? rows[0].map((h) => h.trim()) : null,
    columns,
    guess: guessColumn(data),
    sample: data.slice(0, 3),
    rows: data.length,
  };
}

/**
 * The URLs of one CSV column: `column` names it (header text, case-insensitive,
 * or a 1-based number); otherwise the first column whose first data cell
 * looks like a URL or a path. A first row with no URL in it is a header.
 */
export function parseCsvList(text: string, name: string, column?: string): ListedUrl[] {
  const rows = csvRows(text, name);
  if (rows.length === 0) return [];
  const hasHeader = !rows[0].some(looksLikeUrl);
  const header = hasHeader ? rows[0].map((h) => h.trim()) : [];
  const data = hasHeader ? rows.slice(1) : rows;
  const firstDataLine = hasHeader ? 2 : 1;
  let index: number;
  if (column !== undefined) {
    const byName = header.findIndex((h) => h.toLowerCase() === column.trim().toLowerCase());
    if (byName !== -1) index = byName;
    else if (/^[1-9][0-9]*$/.test(column)) index = Number(column) - 1;
    else {
      const known = header.length ? `; its columns are: ${header.join(', ')}` : ' (it has no header row)';
      throw new UrlListError(`no column "${column}" in "${name}"${known}`);
    }
  } else {
    index = guessColumn(data);
    if (index === -1) throw new UrlListError(`no column of URLs found in "${name}"; name one with --column`);
  }
  const out: ListedUrl[] = [];
  data.forEach((r, i) => {
    const cell = (r[index] ?? '').trim();
    if (cell !== '') out.push({ url: cell, origin: `${name}:${firstDataLine + i}` });
  });
  return out;
}

/** Reads a URL list in the detected format (`column` picks a CSV column). */
export function parseUrlList(text: string, name: string, column?: string): ListedUrl[] {
  const format = detectListFormat(name, text);
  if (format === 'sitemap') return parseSitemap(text, name);
  if (format === 'csv') return parseCsvList(text, name, column);
  if (column !== undefined) throw new UrlListError(`--column applies to CSV lists, but "${name}" is not a .csv file`);
  return parseTextList(text, name);
}
