/**
 * The CSV schema shared by the CLI's `check --format csv` and the page's
 * export: the column names and order, defined once, and RFC 4180 cells.
 */

/** The result columns, in order. `reason` follows them only when explanations were asked for (CLI `--explain`). */
export const RESULT_COLUMNS = [
  'url',
  'request_url',
  'crawler',
  'verdict',
  'line',
  'rule',
  'note',
  'expected',
  'ok',
] as const;

/** The optional column after RESULT_COLUMNS. */
const REASON_COLUMN = 'reason';

/** The byte-order mark that makes Excel read a CSV file as UTF-8 (it guesses a legacy code page otherwise). */
export const UTF8_BOM = '\uFEFF';

const SPECIAL = /[",\r\n]/;
const EDGE_SPACE = /^\s|\s$/;

/**
 * One CSV cell (RFC 4180): quoted, with quotes doubled, when it holds a
 * quote, comma or line break; also when it starts or ends with white space,
 * which some spreadsheets trim from bare cells.
 */
export function csvCell(value: string): string {
  return SPECIAL.test(value) || EDGE_SPACE.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV record: the cells quoted, comma-separated, ended by CR LF as RFC 4180 asks. */
export function csvRecord(cells: readonly string[]): string {
  let out = '';
  for (let i = 0; i < cells.length; i++) out += (i === 0 ? '' : ',') + csvCell(cells[i]);
  return `${out}\r\n`;
}

/** The header record of the result columns, with `reason` when asked. */
export function resultHeader(withReason: boolean): string {
  return csvRecord(withReason ? [...RESULT_COLUMNS, REASON_COLUMN] : RESULT_COLUMNS);
}
