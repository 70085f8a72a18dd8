/**
 * URL lists read incrementally: text goes in chunk by chunk (`write`, then
 * `end`), and the URLs found so far come out with `take`, so a list of any
 * size is read in flat memory. The whole-text readers of urllist.ts are
 * these readers fed once. CSV is RFC 4180 with a sniffed separator; a
 * sitemap is read by saxes, a streaming XML parser.
 */

import { SaxesParser } from 'saxes';
import { ABSOLUTE_URL } from './url';

/** URLs found so far, with the physical line each starts on. */
export interface UrlChunk {
  urls: string[];
  lines: number[];
}

/** A list that cannot be read as asked; the message names the list (and the line, when one is at fault). */
export class UrlListError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UrlListError';
  }
}

/** An incremental list reader. */
export interface ListReader {
  write(text: string): void;
  end(): void;
  /** The URLs found since the last call. */
  take(): UrlChunk;
}

/**
 * A plain-text list: one URL a line (LF, CR LF or CR), each line trimmed,
 * blank lines and lines starting with `#` skipped.
 */
export class TextListReader implements ListReader {
  /** The text after the last line end, waiting for the rest of its line. */
  private rest = '';
  private line = 0;
  private urls: string[] = [];
  private lines: number[] = [];

  write(text: string): void {
    const all = this.rest + text;
    // A CR at the end may be the first half of a CR LF: it waits too.
    const end = all.charCodeAt(all.length - 1) === 13 ? all.length - 1 : all.length;
    const body = end === all.length ? all : all.slice(0, end);
    // Most lists end lines with LF alone: a plain split is the cheaper one.
    const parts = body.indexOf('\r') === -1 ? body.split('\n') : body.split(/\r\n|\n|\r/);
    this.rest = parts.pop()! + all.slice(end);
    for (let i = 0; i < parts.length; i++) this.add(parts[i]);
  }

  end(): void {
    const parts = this.rest.split(/\r\n|\n|\r/);
    this.rest = '';
    // The text's last line end leaves an empty piece after it, which is no line.
    if (parts[parts.length - 1] === '') parts.pop();
    for (const part of parts) this.add(part);
  }

  take(): UrlChunk {
    const chunk = { urls: this.urls, lines: this.lines };
    this.urls = [];
    this.lines = [];
    return chunk;
  }

  private add(text: string): void {
    this.line++;
    const url = text.trim();
    if (url === '' || url.charCodeAt(0) === 0x23) return;
    this.urls.push(url);
    this.lines.push(this.line);
  }
}

/** Whether a CSV cell holds an absolute URL or a path. */
export function looksLikeUrl(cell: string): boolean {
  const s = cell.trim();
  return ABSOLUTE_URL.test(s) || s.startsWith('/');
}

/**
 * The separator of a CSV from its first line: tab for .tsv, else whichever
 * of comma, semicolon and tab occurs most often outside quotes (comma on a
 * tie or when none does), as spreadsheet exports in many locales use `;`.
 */
export function sniffSeparator(firstLine: string, name = ''): string {
  if (name.toLowerCase().endsWith('.tsv')) return '\t';
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const c of firstLine) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best = ',';
  for (const [sep, n] of counts) if (n > (counts.get(best) ?? 0)) best = sep;
  return best;
}

/** Tokenizer states: outside quotes, inside quotes, just after a quote inside quotes. */
const PLAIN = 0;
const QUOTED = 1;
const QUOTE_SEEN = 2;

/**
 * RFC 4180 rows from text given in chunks: quoted separators and line
 * breaks, doubled quotes, CR LF, LF or CR line ends. A quote opens quoting
 * only at the start of a cell. Each row is handed over with the physical
 * line it starts on; blank rows are skipped.
 */
export class CsvRows {
  private row: string[] = [];
  private cell = '';
  private state = PLAIN;
  private prevCR = false;
  private line = 1;
  private rowLine = 1;

  constructor(
    private readonly separator: string,
    private readonly onRow: (cells: string[], line: number) => void,
  ) {}

  write(text: string): void {
    const sep = this.separator;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const c = text[i];
      const afterCR = this.prevCR;
      this.prevCR = c === '\r';
      if (c === '\n') {
        if (!afterCR) this.line++;
      } else if (c === '\r') this.line++;
      if (this.state === QUOTE_SEEN) {
        if (c === '"') {
          this.cell += '"';
          this.state = QUOTED;
          continue;
        }
        this.state = PLAIN;
      }
      if (this.state === QUOTED) {
        if (c === '"') this.state = QUOTE_SEEN;
        else this.cell += c;
        continue;
      }
      if (c === sep) {
        this.row.push(this.cell);
        this.cell = '';
      } else if (c === '\n' || c === '\r') {
        if (!(c === '\n' && afterCR)) this.endRow();
      } else if (c === '"' && this.cell === '') this.state = QUOTED;
      else if (this.cell === '') {
        // An unquoted cell runs to the next separator, quote or line end: one slice.
        let j = i + 1;
        while (j < n) {
          const d = text[j];
          if (d === sep || d === '\n' || d === '\r' || d === '"') break;
          j++;
        }
        this.cell = text.slice(i, j);
        i = j - 1;
      } else this.cell += c;
    }
  }

  end(): void {
    if (this.cell !== '' || this.row.length > 0) this.endRow();
  }

  private endRow(): void {
    this.row.push(this.cell);
    const row = this.row;
    this.row = [];
    this.cell = '';
    this.state = PLAIN;
    const line = this.rowLine;
    this.rowLine = this.line;
    if (row.length === 1 && row[0].trim() === '') return;
    this.onRow(row, line);
  }
}

/** Rows held while no data row has shown which column holds the URLs. */
const MAX_ROWS_BEFORE_GUESS = 1000;

/**
 * The URLs of one CSV column, read incrementally. `column` names it (header
 * text, case-insensitive, or a 1-based number); otherwise it is the first
 * column whose first data cell looks like a URL or a path. A first row with
 * no URL in it is a header.
 */
export class CsvListReader implements ListReader {
  private rows: CsvRows | null = null;
  /** Text before the first line end (outside quotes): needed to sniff the separator. */
  private head = '';
  private header: string[] | null | undefined;
  private index = -1;
  private waiting: { cells: string[]; line: number }[] = [];
  private out: UrlChunk = { urls: [], lines: [] };
  private started = false;

  constructor(
    private readonly name: string,
    private readonly column?: string,
  ) {}

  write(text: string): void {
    let t = text;
    if (!this.started && t.length > 0) {
      this.started = true;
      if (t.charCodeAt(0) === 0xfeff) t = t.slice(1);
    }
    if (this.rows) {
      this.rows.write(t);
      return;
    }
    this.head += t;
    if (firstLineEnd(this.head) !== -1) this.startRows();
  }

  end(): void {
    if (!this.rows) this.startRows();
    this.rows?.end();
    if (this.header !== undefined && this.index === -1 && this.column === undefined) {
      throw new UrlListError(`no column of URLs found in "${this.name}"; name one with --column`);
    }
  }

  take(): UrlChunk {
    const out = this.out;
    this.out = { urls: [], lines: [] };
    return out;
  }

  private startRows(): void {
    this.rows = new CsvRows(sniffSeparator(this.head, this.name), (cells, line) => this.row(cells, line));
    const head = this.head;
    this.head = '';
    this.rows.write(head);
  }

  private row(cells: string[], line: number): void {
    if (this.header === undefined) {
      this.header = cells.some(looksLikeUrl) ? null : cells.map((h) => h.trim());
      if (this.column !== undefined) this.index = this.namedColumn(this.column);
      if (this.header !== null) return;
    }
    if (this.index === -1) {
      this.waiting.push({ cells, line });
      const found = cells.findIndex(looksLikeUrl);
      if (found === -1) {
        if (this.waiting.length >= MAX_ROWS_BEFORE_GUESS) {
          throw new UrlListError(
            `no column of URLs found in the first ${MAX_ROWS_BEFORE_GUESS} rows of "${this.name}" ` +
              `(up to line ${line}); name one with --column`,
          );
        }
        return;
      }
      this.index = found;
      for (const w of this.waiting.splice(0)) this.emit(w.cells, w.line);
      return;
    }
    this.emit(cells, line);
  }

  private emit(cells: string[], line: number): void {
    const cell = (cells[this.index] ?? '').trim();
    if (cell === '') return;
    this.out.urls.push(cell);
    this.out.lines.push(line);
  }

  private namedColumn(column: string): number {
    const header = this.header ?? [];
    const byName = header.findIndex((h) => h.toLowerCase() === column.trim().toLowerCase());
    if (byName !== -1) return byName;
    if (/^[1-9][0-9]*$/.test(column)) return Number(column) - 1;
    const known = header.length ? `; its columns are: ${header.join(', ')}` : ' (it has no header row)';
    throw new UrlListError(`no column "${column}" in "${this.name}"${known}`);
  }
}

/** Where the first line of CSV text ends (outside quotes), or -1 if it has not yet. */
function firstLineEnd(text: string): number {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (!quoted && (c === 10 || c === 13)) return i;
  }
  return -1;
}

/** The namespace of the sitemap protocol (sitemaps.org 0.9). */
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * The `<loc>` values of a sitemap, read incrementally by saxes: a
 * `<urlset>`'s pages (`<url><loc>`), or a `<sitemapindex>`'s child sitemaps
 * (`<sitemap><loc>`; `kind` says which), in the sitemap namespace only.
 * Entities and CDATA are decoded, comments skipped, and the `<loc>` of
 * other vocabularies (`<image:loc>`, `<video:…>`) not taken. Malformed XML,
 * or a root element that is neither, is an error naming its line.
 */
export class SitemapReader implements ListReader {
  /** Set by the root element. */
  kind: 'urlset' | 'sitemapindex' | null = null;
  private readonly parser = new SaxesParser({ xmlns: true, position: true });
  private readonly path: string[] = [];
  private loc: { text: string; line: number } | null = null;
  private out: UrlChunk = { urls: [], lines: [] };
  private failure: UrlListError | null = null;

  constructor(private readonly name: string) {
    const p = this.parser;
    p.on('opentag', (tag) => this.open(tag.uri, tag.local));
    p.on('text', (t) => {
      if (this.loc) this.loc.text += t;
    });
    p.on('cdata', (t) => {
      if (this.loc) this.loc.text += t;
    });
    p.on('closetag', () => this.close());
  }

  write(text: string): void {
    this.run(() => this.parser.write(text));
  }

  end(): void {
    this.run(() => this.parser.close());
    if (this.kind === null) this.notSitemap('it has no root element');
  }

  take(): UrlChunk {
    const out = this.out;
    this.out = { urls: [], lines: [] };
    return out;
  }

  private run(step: () => void): void {
    try {
      step();
    } catch (err) {
      if (err instanceof UrlListError) throw err;
      const message = (err as Error).message.replace(/^(?:undefined:)?(\d+):(\d+): /, 'line $1, column $2: ');
      throw new UrlListError(`"${this.name}" is not well-formed XML: ${message}`);
    }
    if (this.failure) throw this.failure;
  }

  private open(uri: string, name: string): void {
    // Elements in no namespace are taken as the sitemap's (many files omit
    // xmlns); only another vocabulary's are told apart.
    const local = uri === SITEMAP_NS || uri === '' ? name : `{${uri}}${name}`;
    const path = this.path;
    if (path.length === 0) {
      if (local !== 'urlset' && local !== 'sitemapindex') {
        this.failure ??= this.rootError(local);
      } else this.kind = local;
    }
    const parent = path[path.length - 1];
    if (local === 'loc' && (parent === 'url' || parent === 'sitemap') && path.length === 2) {
      this.loc = { text: '', line: this.parser.line };
    }
    path.push(local);
  }

  private close(): void {
    this.path.pop();
    const loc = this.loc;
    if (loc && this.path.length === 2) {
      const url = loc.text.trim();
      if (url !== '') {
        this.out.urls.push(url);
        this.out.lines.push(loc.line);
      }
      this.loc = null;
    }
  }

  private rootError(local: string): UrlListError {
    return new UrlListError(
      `"${this.name}" does not look like a sitemap: its root element <${local}> (line ${this.parser.line}) ` +
        'is neither <urlset> nor <sitemapindex>',
    );
  }

  private notSitemap(why: string): never {
    throw new UrlListError(`"${this.name}" does not look like a sitemap: ${why}`);
  }
}
