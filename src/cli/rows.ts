/**
 * `check`'s writers, one per format, each writing row by row: a table,
 * CSV, a JSON array or JSON Lines. A row is written whole from a ResultRow,
 * or (csv and jsonl) fast: its URL part built per row and the rest
 * (crawler, verdict, line, rule…) a tail the writer made once from a whole
 * row with the same verdict. Both give the same bytes.
 */
import { csvCell, csvLine, type ResultRow } from './format';
import { PURPOSE_COLUMNS, purposeTexts } from './purposes';

/** How one output format is written row by row. */
export interface RowWriter {
  /** Text before the first row. */
  head: string;
  /** A whole row (the table may hold the first few back to size its columns). */
  row(r: ResultRow): string;
  /** The part of `r`'s output after its url, requestUrl, changes and origin; null when this format has no fast form. */
  tail(r: ResultRow): string | null;
  /** A row from its URL part (its origin `name:line`) and a tail made earlier; null when this format has no fast form. */
  fast:
    | ((
        url: string,
        requestUrl: string,
        changes: readonly string[],
        name: string,
        line: number,
        tail: string,
      ) => string)
    | null;
  /** Text after the last row (rows held back included); `rows` is how many were written. */
  end(rows: number): string;
}

/** Characters JSON.stringify would escape (lone surrogates included; pairs go the slow way too). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what JSON must escape.
const JSON_SPECIAL = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A JSON string literal, without JSON.stringify for the usual plain URL. */
function jsonString(s: string): string {
  return JSON_SPECIAL.test(s) ? JSON.stringify(s) : `"${s}"`;
}

function jsonlWriter(): RowWriter {
  // The list name as the origin's quoted start, `"name:`, kept for the list being read.
  let lastName: string | null = null;
  let origin = '';
  return {
    head: '',
    row: (r) => `${JSON.stringify(r)}\n`,
    tail: (r) => {
      const { url: _u, requestUrl: _q, changes: _c, origin: _o, ...rest } = r;
      return `${JSON.stringify(rest).slice(1)}\n`;
    },
    fast: (url, requestUrl, changes, name, line, tail) => {
      if (name !== lastName) {
        lastName = name;
        origin = jsonString(`${name}:`).slice(0, -1);
      }
      const u = jsonString(url);
      const q = requestUrl === url ? u : jsonString(requestUrl);
      const c = changes.length === 0 ? '[]' : JSON.stringify(changes);
      const at = line === 0 ? `${jsonString(name)}` : `${origin}${line}"`;
      return `{"url":${u},"requestUrl":${q},"changes":${c},"origin":${at},${tail}`;
    },
    end: () => '',
  };
}

function csvWriter(withReason: boolean, withPurposes: boolean, withSite: boolean, withStamp: boolean): RowWriter {
  return {
    head: csvLine(withReason, undefined, withPurposes, withSite, withStamp),
    row: (r) => csvLine(withReason, r, withPurposes, withSite, withStamp),
    tail: (r) =>
      withReason || withPurposes
        ? null
        : csvLine(false, r, false, withSite, withStamp).slice(csvCell(r.url).length + csvCell(r.requestUrl).length + 2),
    fast: (url, requestUrl, _changes, _name, _line, tail) => {
      const u = csvCell(url);
      return `${u},${requestUrl === url ? u : csvCell(requestUrl)},${tail}`;
    },
    end: () => '',
  };
}

function jsonWriter(): RowWriter {
  let rows = 0;
  return {
    head: '[\n',
    // The same bytes as JSON.stringify(allRows, null, 2), one row at a time.
    row: (r) => `${rows++ === 0 ? '' : ',\n'}  ${JSON.stringify(r, null, 2).replace(/\n/g, '\n  ')}`,
    tail: () => null,
    fast: null,
    end: (n) => (n === 0 ? ']\n' : '\n]\n'),
  };
}

const STATUS_LABEL: Record<ResultRow['status'], string> = {
  allowed: 'ALLOWED',
  blocked: 'BLOCKED',
  'out-of-scope': 'OUT OF SCOPE',
  invalid: 'INVALID',
};

/** Rows the table holds back to size its columns: about a screenful. */
const SCREEN = 50;
/** The URL column is at most this wide; a longer URL overflows its cell. */
const MAX_URL_COLUMN = 72;

/** Width in terminal columns, roughly: one per code point. */
function displayWidth(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * The table: the first screenful of rows is held back to size the columns,
 * then every row is written as it comes; a later cell wider than its column
 * overflows it rather than widening the rows above.
 */
function tableWriter(withExpect: boolean, withPurposes: boolean): RowWriter {
  const header = [
    'URL',
    'CRAWLER',
    'VERDICT',
    'LINE',
    'RULE',
    ...(withExpect ? ['EXPECTED'] : []),
    ...(withPurposes ? PURPOSE_COLUMNS.map((c) => c.toUpperCase().replace('_', '-')) : []),
  ];
  let held: string[][] | null = [];
  let widths: number[] = [];
  const cells = (r: ResultRow): string[] => {
    const url = r.requestUrl !== r.url ? `${r.url} → ${r.requestUrl}` : r.url;
    const expect = r.expected === null ? '' : r.ok ? `${r.expected} ✓` : `${r.expected} ✗ FAIL`;
    return [
      url,
      r.crawler,
      STATUS_LABEL[r.status],
      r.line === null ? '-' : String(r.line),
      r.lineText ?? `(${r.note})`,
      ...(withExpect ? [expect] : []),
      ...(withPurposes ? purposeTexts(r.purposes) : []),
    ];
  };
  const line = (row: string[]) =>
    `${row
      .map((c, i) => (i === row.length - 1 ? c : c + ' '.repeat(Math.max(0, widths[i] - displayWidth(c)))))
      .join('  ')
      .trimEnd()}\n`;
  const release = (): string => {
    const rows = held ?? [];
    held = null;
    widths = header.map((h) => displayWidth(h));
    for (const row of rows) for (let i = 0; i < row.length; i++) widths[i] = Math.max(widths[i], displayWidth(row[i]));
    widths[0] = Math.min(widths[0], MAX_URL_COLUMN);
    return line(header) + rows.map(line).join('');
  };
  return {
    head: '',
    row: (r) => {
      if (held === null) return line(cells(r));
      held.push(cells(r));
      return held.length < SCREEN ? '' : release();
    },
    tail: () => null,
    fast: null,
    end: (n) => (held === null || n === 0 ? '' : release()),
  };
}

/**
 * The writer for a format; `withReason` and `withPurposes` add columns,
 * `withExpect` the table's EXPECTED, `withSite` the CSV's fetch columns.
 */
export function rowWriter(
  format: 'table' | 'csv' | 'json' | 'jsonl',
  options: { withReason: boolean; withPurposes: boolean; withExpect: boolean; withSite?: boolean; withStamp?: boolean },
): RowWriter {
  switch (format) {
    case 'table':
      return tableWriter(options.withExpect, options.withPurposes);
    case 'csv':
      return csvWriter(options.withReason, options.withPurposes, options.withSite ?? false, options.withStamp ?? false);
    case 'json':
      return jsonWriter();
    case 'jsonl':
      return jsonlWriter();
  }
}
