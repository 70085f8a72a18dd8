/**
 * Output of `check`: a readable table, CSV, a JSON array or JSON Lines.
 */
import { csvCell, csvRecord, resultHeader } from '../core/csv';
import { PURPOSE_COLUMNS, type PurposeCells, purposeTexts } from './purposes';

const FORMATS = ['table', 'csv', 'json', 'jsonl'] as const;
export type Format = (typeof FORMATS)[number];

/** One URL × crawler result. The field names are the JSON output's. */
export interface ResultRow {
  /** The URL as given. */
  url: string;
  /** What was evaluated (the crawler's request form unless --raw). */
  requestUrl: string;
  /** How `url` was normalised into `requestUrl`. */
  changes: string[];
  /** Where the URL came from: `file:line` or `command line`. */
  origin: string;
  /** The crawler as named (profile name or product token). */
  crawler: string;
  /** Built-in profile id, or null for a bare token. */
  profile: string | null;
  tokens: string[];
  status: 'allowed' | 'blocked' | 'out-of-scope';
  /** Null when the URL was out of scope and not judged. */
  allowed: boolean | null;
  /** The deciding line (the reference's matching_line), or null. */
  line: number | null;
  /** That line as written, comment removed. */
  lineText: string | null;
  rule: { kind: 'allow' | 'disallow'; pattern: string; length: number } | null;
  /** A few words on why when no line decided ("no group applies"); empty otherwise. */
  note: string;
  /** With --explain: the engine's one-sentence explanation. */
  reason?: string;
  expected: 'allowed' | 'blocked' | null;
  /** Whether the expectation held; null when there was none. */
  ok: boolean | null;
  /** With --explain: every rule of the obeyed groups that matched, longest first. */
  matches?: { kind: 'allow' | 'disallow'; line: number; pattern: string; length: number }[];
  /** With --purposes: what the file expresses per purpose; null when the URL was not judged. */
  purposes?: PurposeCells | null;
}

export function formatResults(rows: ResultRow[], format: Format): string {
  switch (format) {
    case 'table':
      return formatTable(rows);
    case 'csv':
      return formatCsv(
        rows,
        rows.some((r) => r.reason !== undefined),
        rows.some((r) => r.purposes !== undefined),
      );
    case 'json':
      return `${JSON.stringify(rows, null, 2)}\n`;
    case 'jsonl':
      return rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : '');
  }
}

const STATUS_LABEL: Record<ResultRow['status'], string> = {
  allowed: 'ALLOWED',
  blocked: 'BLOCKED',
  'out-of-scope': 'OUT OF SCOPE',
};

const MAX_URL_COLUMN = 72;

function formatTable(rows: ResultRow[]): string {
  const hasExpect = rows.some((r) => r.expected !== null);
  const hasPurposes = rows.some((r) => r.purposes !== undefined);
  const header = [
    'URL',
    'CRAWLER',
    'VERDICT',
    'LINE',
    'RULE',
    ...(hasExpect ? ['EXPECTED'] : []),
    ...(hasPurposes ? PURPOSE_COLUMNS.map((c) => c.toUpperCase().replace('_', '-')) : []),
  ];
  const body = rows.map((r) => {
    const url = r.requestUrl !== r.url ? `${r.url} → ${r.requestUrl}` : r.url;
    const rule = r.lineText ?? `(${r.note})`;
    const expect = r.expected === null ? '' : r.ok ? `${r.expected} ✓` : `${r.expected} ✗ FAIL`;
    return [
      url,
      r.crawler,
      STATUS_LABEL[r.status],
      r.line === null ? '-' : String(r.line),
      rule,
      ...(hasExpect ? [expect] : []),
      ...(hasPurposes ? purposeTexts(r.purposes) : []),
    ];
  });
  // A loop, not Math.max(...rows): lists of 100,000 URLs overflow the argument stack.
  const widths = header.map((h) => displayWidth(h));
  for (const row of body) for (let i = 0; i < row.length; i++) widths[i] = Math.max(widths[i], displayWidth(row[i]));
  // Very long URLs overflow their cell instead of widening every row.
  widths[0] = Math.min(widths[0], MAX_URL_COLUMN);
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c + ' '.repeat(Math.max(0, widths[i] - displayWidth(c)))))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...body.map(line)].join('\n')}\n`;
}

/** Width in terminal columns, roughly: one per code point. */
function displayWidth(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Re-exported for the CLI's row writers: the cell quoting is the shared schema's (src/core/csv.ts). */
export { csvCell };

/**
 * One CSV line (CR LF ended) of the shared result schema: the header without
 * a row, else the row; with `withPurposes`, the purpose columns follow.
 */
export function csvLine(withReason: boolean, r?: ResultRow, withPurposes = false): string {
  if (!r) {
    const header = resultHeader(withReason);
    return withPurposes ? `${header.slice(0, -2)},${PURPOSE_COLUMNS.join(',')}\r\n` : header;
  }
  const cells = [
    r.url,
    r.requestUrl,
    r.crawler,
    r.status,
    r.line === null ? '' : String(r.line),
    r.lineText ?? '',
    r.note,
    r.expected ?? '',
    r.ok === null ? '' : String(r.ok),
  ];
  if (withReason) cells.push(r.reason ?? '');
  if (withPurposes) cells.push(...purposeTexts(r.purposes));
  return csvRecord(cells);
}

function formatCsv(rows: ResultRow[], withReason: boolean, withPurposes: boolean): string {
  let out = csvLine(withReason, undefined, withPurposes);
  for (const r of rows) out += csvLine(withReason, r, withPurposes);
  return out;
}
