/**
 * URL lists as auditors bring them: plain text (one URL a line), CSV (one
 * column of URLs, with or without a header row) and sitemap XML (`<loc>`
 * elements of a `<urlset>` or a `<sitemapindex>`): which format a list is,
 * and a CSV's shape before it is read. The reading itself is `readList.ts`.
 */

import { CsvRows, looksLikeUrl, sniffSeparator } from './liststream';

export type ListFormat = 'txt' | 'csv' | 'sitemap';

/** Picks the format from the file name, else from the content. */
export function detectListFormat(name: string, text: string): ListFormat {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.tsv')) return 'csv';
  if (lower.endsWith('.xml') || lower.endsWith('.xml.gz')) return 'sitemap';
  if (/^\s*</.test(text) && /<(urlset|sitemapindex)\b/i.test(text.slice(0, 4096))) return 'sitemap';
  return 'txt';
}

/**
 * Splits CSV text into rows of cells (RFC 4180 quoting; comma, or the given
 * separator); blank rows are skipped.
 */
function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  const reader = new CsvRows(separator, (cells) => rows.push(cells));
  reader.write(text);
  reader.end();
  return rows;
}

function csvRows(text: string, name: string): string[][] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return parseCsv(body, sniffSeparator(body, name));
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
