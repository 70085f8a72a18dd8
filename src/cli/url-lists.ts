/**
 * URL lists for `check`: plain text (one URL a line), CSV (one column of
 * URLs) and sitemap XML (`<loc>` elements, gzipped or not).
 */
import { gunzipSync } from 'node:zlib';
import { CliError } from './io';

/** One URL of a list and where it came from (for messages). */
export interface ListedUrl {
  url: string;
  /** `file:line` or `command line`. */
  origin: string;
}

export type ListFormat = 'txt' | 'csv' | 'sitemap';

/** Picks the format from the file name, else from the content. */
export function detectListFormat(name: string, text: string): ListFormat {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.tsv')) return 'csv';
  if (lower.endsWith('.xml') || lower.endsWith('.xml.gz')) return 'sitemap';
  if (/^\s*</.test(text) && /<(urlset|sitemapindex)\b/i.test(text)) return 'sitemap';
  return 'txt';
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
export function parseUrlList(text: string, name: string, column?: string): ListedUrl[] {
  const format = detectListFormat(name, text);
  if (format === 'sitemap') return parseSitemap(text, name);
  if (format === 'csv') return parseCsvList(text, name, column);
  if (column !== undefined) throw new CliError(`--column applies to CSV lists, but "${name}" is not a .csv file`);
  return parseTextList(text, name);
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

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(s: string): string {
  const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(s);
  if (cdata) return cdata[1];
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ent: string) => {
    if (ent[0] === '#') {
      const code = ent[1] === 'x' || ent[1] === 'X' ? parseInt(ent.slice(2), 16) : parseInt(ent.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return XML_ENTITIES[ent] ?? whole;
  });
}

/** The `<loc>` values of a sitemap (or sitemap index), in order. */
export function parseSitemap(text: string, name: string): ListedUrl[] {
  const out: ListedUrl[] = [];
  const re = /<(?:[A-Za-z_][\w.-]*:)?loc\s*>([\s\S]*?)<\/(?:[A-Za-z_][\w.-]*:)?loc\s*>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const url = decodeXmlText(m[1].trim()).trim();
    if (url === '') continue;
    const line = countLines(text, m.index);
    out.push({ url, origin: `${name}:${line}` });
  }
  if (out.length === 0 && !/<(urlset|sitemapindex)\b/i.test(text)) {
    throw new CliError(`"${name}" does not look like a sitemap: no <urlset> or <sitemapindex> element`);
  }
  return out;
}

function countLines(text: string, upTo: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < upTo; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Splits CSV text into rows of cells (RFC 4180 quoting; comma, or tab for .tsv). */
export function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
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

function looksLikeUrl(cell: string): boolean {
  const s = cell.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(s) || s.startsWith('/');
}

/**
 * The URLs of one CSV column: `column` names it (header text, case-insensitive,
 * or a 1-based number); otherwise the first column whose first data cell
 * looks like a URL or a path. A first row with no URL in it is a header.
 */
export function parseCsvList(text: string, name: string, column?: string): ListedUrl[] {
  const sep = name.toLowerCase().endsWith('.tsv') ? '\t' : ',';
  const rows = parseCsv(text, sep).filter((r) => !(r.length === 1 && r[0].trim() === ''));
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
      throw new CliError(`no column "${column}" in "${name}"${known}`);
    }
  } else {
    const sample = data.find((r) => r.some(looksLikeUrl));
    index = sample ? sample.findIndex(looksLikeUrl) : -1;
    if (index === -1) throw new CliError(`no column of URLs found in "${name}"; name one with --column`);
  }
  const out: ListedUrl[] = [];
  data.forEach((r, i) => {
    const cell = (r[index] ?? '').trim();
    if (cell !== '') out.push({ url: cell, origin: `${name}:${firstDataLine + i}` });
  });
  return out;
}
