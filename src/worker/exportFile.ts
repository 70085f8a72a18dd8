/**
 * Export files written in the worker: the records (URL × crawler cells) a
 * table view keeps, as CSV in the schema the CLI writes (src/core/csv.ts),
 * as a wide CSV (a row per URL, columns per crawler) or as JSON. The file is
 * built as a Blob from bounded chunks, so no single string grows with the run.
 */
import { csvRecord, RESULT_COLUMNS } from '../core/csv';
import { ruleLabel } from '../core/matcher';
import { ROW } from '../model/codes';
import type { ExportedFile, ExportFormat, ExportSummary, ViewQuery } from '../model/wire';
import type { BulkRun } from './bulk';
import { readerDiffs } from './disagree';
import { cellFilter, computeView } from './view';

/** Verdict names as the CLI's CSV and JSON write them (`status`); indexed by CELL value. */
const STATUS_NAMES = ['allowed', 'blocked', 'out-of-scope', 'invalid-url'];

/**
 * What to write: the run, the view's rows (null: every row judged so far),
 * and the query's cell filter (view.ts): the crawler columns it keeps
 * records of, and whether a cell passes it.
 */
interface ExportSource {
  run: BulkRun;
  rows: Int32Array | null;
  cols: number[];
  passes(k: number): boolean;
}

/** Characters gathered before a chunk is handed to the Blob: big enough to be cheap, small enough to stay bounded. */
const CHUNK_CHARS = 1 << 20;

/** The fields of the cell of `row` in column `col` as the CLI names them: crawler, status, line, the line's text, and a note when no line decided. */
function cell(src: ExportSource, row: number, col: number) {
  const k = row * src.run.cols + col;
  const line = src.run.lines[k];
  return {
    crawler: src.run.crawlers[col].label,
    status: STATUS_NAMES[src.run.status[k]],
    line: line > 0 ? line : null,
    lineText: line > 0 ? lineTextOf(src, row, line) : null,
    note: line > 0 ? '' : (src.run.notes.get(row) ?? ''),
  };
}

/** The text of the deciding line ("Disallow: /x"): in the editor's file, or in the other origin's file that judged the row. */
function lineTextOf({ run }: ExportSource, row: number, line: number): string {
  const other = run.rowFlags[row] & ROW.OTHER_ORIGIN ? run.others?.judgeOf(requestUrl(run, row, run.url(row))) : null;
  const parsed = other?.parsed ?? run.parsed;
  // Labelled once per parse: an export asks for one line per record.
  let labels = parsed.cache.get('ruleLabels') as Map<number, string> | undefined;
  if (!labels) {
    labels = new Map(parsed.groups.flatMap((g) => g.rules.map((r) => [r.line, ruleLabel(r.kind, r.raw)])));
    parsed.cache.set('ruleLabels', labels);
  }
  return labels.get(line) ?? '';
}

/** The URL the engine evaluated for `row` ('' when the URL could not be read). */
function requestUrl(run: BulkRun, row: number, url: string): string {
  return run.rowFlags[row] & ROW.INVALID ? '' : (run.normalised.get(row) ?? url);
}

/** The records of `run` that `query` keeps, as a file (`wide`: a CSV row per URL, columns per crawler), and what it holds. */
export function writeExport(run: BulkRun, query: ViewQuery, format: ExportFormat, wide: boolean): ExportedFile {
  // An export is one explicit action: the readers' verdicts it needs are computed at once.
  const diffs = query.verdict === 'disagree' ? readerDiffs(run) : null;
  diffs?.step(() => false);
  const src: ExportSource = {
    run,
    rows: computeView(run, query, diffs),
    ...cellFilter(run, query, diffs?.masks ?? null),
  };
  const counts = { records: 0, urls: 0 };
  const lines = format === 'json' ? jsonLines(src, counts) : wide ? wideCsvLines(src, counts) : csvLines(src, counts);
  const blob = textBlob(format, lines);
  const summary: ExportSummary = {
    records: counts.records,
    urls: counts.urls,
    crawlers: src.cols.length,
    complete: run.finished,
    judged: run.done,
    total: run.rows,
  };
  return { blob, summary };
}

/** A CSV or JSON file of `lines`, gathered in bounded chunks (a run's verdicts and a comparison's flips alike). */
export function textBlob(format: ExportFormat, lines: Iterable<string>): Blob {
  return new Blob(Array.from(chunked(lines)), {
    type: format === 'json' ? 'application/json' : 'text/csv;charset=utf-8',
  });
}

/** Joins small strings into chunks of about CHUNK_CHARS. */
function* chunked(parts: Iterable<string>): Generator<string> {
  let buf: string[] = [];
  let size = 0;
  for (const p of parts) {
    buf.push(p);
    size += p.length;
    if (size >= CHUNK_CHARS) {
      yield buf.join('');
      buf = [];
      size = 0;
    }
  }
  if (buf.length > 0) yield buf.join('');
}

type Counts = { records: number; urls: number };
type Cell = ReturnType<typeof cell>;

/**
 * The view's rows in its order (rows with no kept cell are left out),
 * counted; per column of the query, the cell, or null where the filter left it out.
 */
function* keptRows(src: ExportSource, counts: Counts) {
  const { run, cols, passes } = src;
  const n = src.rows ? src.rows.length : run.done;
  for (let i = 0; i < n; i++) {
    const row = src.rows ? src.rows[i] : i;
    const cells = cols.map((c) => (passes(row * run.cols + c) ? cell(src, row, c) : null));
    const kept = cells.reduce((m, v) => m + (v ? 1 : 0), 0);
    if (kept === 0) continue;
    counts.records += kept;
    counts.urls++;
    const url = run.url(row);
    yield { url, requestUrl: requestUrl(run, row, url), cells };
  }
}

const lineOf = (v: Cell) => (v.line === null ? '' : String(v.line));

function* csvLines(src: ExportSource, counts: Counts): Generator<string> {
  yield csvRecord(RESULT_COLUMNS);
  for (const r of keptRows(src, counts)) {
    // expected and ok stay empty: the page has no expectations.
    for (const v of r.cells)
      if (v) yield csvRecord([r.url, r.requestUrl, v.crawler, v.status, lineOf(v), v.lineText ?? '', v.note, '', '']);
  }
}

function* wideCsvLines(src: ExportSource, counts: Counts): Generator<string> {
  const header = ['url', 'request_url'];
  for (const c of src.cols) {
    const name = src.run.crawlers[c].label;
    header.push(`${name} verdict`, `${name} line`, `${name} rule`);
  }
  yield csvRecord(header);
  for (const r of keptRows(src, counts)) {
    // A cell the filter left out stays empty: the row keeps its shape.
    const cells = r.cells.flatMap((v) => (v ? [v.status, lineOf(v), v.lineText ?? ''] : ['', '', '']));
    yield csvRecord([r.url, r.requestUrl, ...cells]);
  }
}

function* jsonLines(src: ExportSource, counts: Counts): Generator<string> {
  yield '[';
  let sep = '\n';
  for (const r of keptRows(src, counts)) {
    for (const v of r.cells) {
      if (!v) continue;
      yield sep + JSON.stringify({ url: r.url, requestUrl: r.requestUrl, ...v });
      sep = ',\n';
    }
  }
  yield '\n]\n';
}
