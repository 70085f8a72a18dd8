/**
 * `check`'s row schema (the fields of a JSON row, in order) and its
 * writers, one per format, each writing row by row: a table, CSV, a JSON
 * array or JSON Lines. Every row takes one path: its URL part (url,
 * requestUrl, changes, origin) written per row, then its tail, the
 * format's text for the rest of the row, which the judge makes once per
 * crawler and decision where rows share it (check.ts).
 */
import { csvCell, csvRecord, resultHeader } from '../core/csv';
import { PURPOSE_COLUMNS, type PurposeCells, purposeTexts } from './purposes';

export type Format = 'table' | 'csv' | 'json' | 'jsonl';

/** A row's fields after its URL part. The field names are the JSON output's. */
export interface RowTail {
  /** The crawler as named (profile name or product token). */
  crawler: string;
  /** Built-in profile id, or null for a bare token. */
  profile: string | null;
  tokens: string[];
  /** `invalid`: the URL could not be read (its reason in `note` and `reason`); it was not judged. */
  status: 'allowed' | 'blocked' | 'out-of-scope' | 'invalid';
  /** Null when the URL was out of scope or invalid, and not judged. */
  allowed: boolean | null;
  /** The deciding line (the reference's matching_line), or null. */
  line: number | null;
  /** That line as written, comment removed. */
  lineText: string | null;
  rule: { kind: 'allow' | 'disallow'; pattern: string; length: number } | null;
  /** A few words on why when no line decided ("no group applies"); empty otherwise. */
  note: string;
  expected: 'allowed' | 'blocked' | null;
  /** Whether the expectation held; null when there was none. */
  ok: boolean | null;
  /** With --explain: the engine's one-sentence explanation. */
  reason?: string;
  /** With --explain: every rule of the obeyed groups that matched, longest first. */
  matches?: { kind: 'allow' | 'disallow'; line: number; pattern: string; length: number }[];
  /** With --purposes: what the file expresses per purpose; null when the URL was not judged. */
  purposes?: PurposeCells | null;
  /** With a fetched robots.txt: the origin it speaks for. */
  robotsOrigin?: string;
  /** The status its fetch answered; 0 when no answer came. */
  fetchStatus?: number;
  /** What that answer means ("5xx: full disallow"). */
  fetchOutcome?: string;
  /** The SHA-256 of the file that decided; null when the fetch outcome did. */
  sha256?: string | null;
  /** With --stamp: the engine that judged the row ("robots-lab 0.1.0"). */
  engineVersion?: string;
  /** With --stamp: the SHA-256 of the robots.txt bytes read (hex). */
  robotsSha256?: string;
}

/** One URL × crawler result, as a JSON row. */
export interface ResultRow extends RowTail {
  /** The URL as given. */
  url: string;
  /** What was evaluated (the crawler's request form unless --raw). */
  requestUrl: string;
  /** How `url` was normalised into `requestUrl`. */
  changes: string[];
  /** Where the URL came from: `file:line` or `command line`. */
  origin: string;
}

/** How one output format is written row by row; `T` is its tail (text, or the table's cells). */
export interface RowWriter<T = unknown> {
  /** Text before the first row. */
  head: string;
  /** The format's form of a row's fields after its URL part. */
  tail(t: RowTail): T;
  /** A row from its URL part and its tail (the table may hold the first few back to size its columns). */
  row(url: string, requestUrl: string, changes: readonly string[], origin: string, tail: T): string;
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

function jsonlWriter(): RowWriter<string> {
  return {
    head: '',
    tail: (t) => `${JSON.stringify(t).slice(1)}\n`,
    row: (url, requestUrl, changes, origin, tail) => {
      const u = jsonString(url);
      const q = requestUrl === url ? u : jsonString(requestUrl);
      const c = changes.length === 0 ? '[]' : JSON.stringify(changes);
      return `{"url":${u},"requestUrl":${q},"changes":${c},"origin":${jsonString(origin)},${tail}`;
    },
    end: () => '',
  };
}

/** The same bytes as JSON.stringify(allRows, null, 2), one row at a time. */
function jsonWriter(): RowWriter<string> {
  let rows = 0;
  return {
    head: '[\n',
    tail: (t) => JSON.stringify(t, null, 2).slice(1).replace(/\n/g, '\n  '),
    row: (url, requestUrl, changes, origin, tail) => {
      const c = changes.length === 0 ? '[]' : JSON.stringify(changes, null, 2).replace(/\n/g, '\n    ');
      return (
        `${rows++ === 0 ? '' : ',\n'}  {\n    "url": ${jsonString(url)},\n    "requestUrl": ${jsonString(requestUrl)},\n` +
        `    "changes": ${c},\n    "origin": ${jsonString(origin)},${tail}`
      );
    },
    end: (n) => (n === 0 ? ']\n' : '\n]\n'),
  };
}

/** The CSV columns after the result's when rows carry their robots.txt's fetch. */
const SITE_COLUMNS = ['robots_origin', 'fetch_status', 'fetch_outcome', 'sha256'];
/** The CSV columns after the others when rows carry --stamp. */
const STAMP_COLUMNS = ['engine_version', 'robots_sha256'];

/** Which optional columns rows have. */
interface Columns {
  withReason: boolean;
  withPurposes: boolean;
  withExpect: boolean;
  withSite?: boolean;
  withStamp?: boolean;
}

/** The CSV of the shared result schema (src/core/csv.ts), then the optional columns. */
function csvWriter(o: Columns): RowWriter<string> {
  const header = resultHeader(o.withReason);
  const extra = [
    ...(o.withPurposes ? PURPOSE_COLUMNS : []),
    ...(o.withSite ? SITE_COLUMNS : []),
    ...(o.withStamp ? STAMP_COLUMNS : []),
  ];
  return {
    head: extra.length > 0 ? `${header.slice(0, -2)},${extra.join(',')}\r\n` : header,
    tail: (t) => {
      const cells = [
        t.crawler,
        t.status,
        t.line === null ? '' : String(t.line),
        t.lineText ?? '',
        t.note,
        t.expected ?? '',
        t.ok === null ? '' : String(t.ok),
      ];
      if (o.withReason) cells.push(t.reason ?? '');
      if (o.withPurposes) cells.push(...purposeTexts(t.purposes));
      if (o.withSite)
        cells.push(t.robotsOrigin ?? '', String(t.fetchStatus ?? ''), t.fetchOutcome ?? '', t.sha256 ?? '');
      if (o.withStamp) cells.push(t.engineVersion ?? '', t.robotsSha256 ?? '');
      return csvRecord(cells);
    },
    row: (url, requestUrl, _changes, _origin, tail) => {
      const u = csvCell(url);
      return `${u},${requestUrl === url ? u : csvCell(requestUrl)},${tail}`;
    },
    end: () => '',
  };
}

const STATUS_LABEL: Record<RowTail['status'], string> = {
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
 * A table whose first screenful of rows is held back to size the columns
 * (the first column at most `firstColumnMax` wide); every later row is
 * written as it comes, and a later cell wider than its column overflows it
 * rather than widening the rows above. `row` gives the text to write now,
 * `end` the rows still held back (no rows: nothing, not even the header).
 */
export function streamingTable(header: string[], firstColumnMax = Number.POSITIVE_INFINITY) {
  let held: string[][] | null = [];
  let widths: number[] = [];
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
    widths[0] = Math.min(widths[0], firstColumnMax);
    return line(header) + rows.map(line).join('');
  };
  return {
    row: (cells: string[]): string => {
      if (held === null) return line(cells);
      held.push(cells);
      return held.length < SCREEN ? '' : release();
    },
    end: () => (held === null || held.length === 0 ? '' : release()),
  };
}

/** `check`'s table: the URL (and its request form when they differ), the verdict, the deciding line. */
function tableWriter(withExpect: boolean, withPurposes: boolean): RowWriter<string[]> {
  const table = streamingTable(
    [
      'URL',
      'CRAWLER',
      'VERDICT',
      'LINE',
      'RULE',
      ...(withExpect ? ['EXPECTED'] : []),
      ...(withPurposes ? PURPOSE_COLUMNS.map((c) => c.toUpperCase().replace('_', '-')) : []),
    ],
    MAX_URL_COLUMN,
  );
  return {
    head: '',
    tail: (t) => [
      t.crawler,
      STATUS_LABEL[t.status],
      t.line === null ? '-' : String(t.line),
      t.lineText ?? `(${t.note})`,
      ...(withExpect ? [t.expected === null ? '' : t.ok ? `${t.expected} ✓` : `${t.expected} ✗ FAIL`] : []),
      ...(withPurposes ? purposeTexts(t.purposes) : []),
    ],
    row: (url, requestUrl, _changes, _origin, tail) =>
      table.row([requestUrl !== url ? `${url} → ${requestUrl}` : url, ...tail]),
    end: () => table.end(),
  };
}

/**
 * The writer for a format; `withReason` and `withPurposes` add columns,
 * `withExpect` the table's EXPECTED, `withSite` and `withStamp` the CSV's
 * fetch and stamp columns.
 */
export function rowWriter(format: Format, options: Columns): RowWriter {
  switch (format) {
    case 'table':
      return tableWriter(options.withExpect, options.withPurposes);
    case 'csv':
      return csvWriter(options);
    case 'json':
      return jsonWriter();
    case 'jsonl':
      return jsonlWriter();
  }
}
