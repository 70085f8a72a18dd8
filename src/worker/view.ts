/**
 * Views and exports of a run's results, computed in the worker over the
 * compact arrays: which rows a query keeps, in what order, and the same rows
 * written out as CSV or JSON. The page never walks a million rows itself.
 */

import type { BulkRun } from './bulk';
import { CELL, isAllRows, ROW, type ViewQuery } from './protocol';

/** Whether a cell's status passes the verdict filter. */
function verdictPasses(status: number, verdict: ViewQuery['verdict']): boolean {
  switch (verdict) {
    case 'all':
      return true;
    case 'allowed':
      return status === CELL.ALLOWED;
    case 'blocked':
      return status === CELL.BLOCKED;
    case 'unjudged':
      return status === CELL.OUT_OF_SCOPE || status === CELL.INVALID_URL;
  }
}

/**
 * The rows of `run` that `q` keeps, in its order, among the rows evaluated so
 * far. Null when every row is kept in list order (the page needs no index).
 */
export function computeView(run: BulkRun, q: ViewQuery): Int32Array | null {
  if (isAllRows(q)) return null;
  const { cols, status, lines, rowFlags } = run;
  const n = run.done;
  const c0 = q.crawler >= 0 && q.crawler < cols ? q.crawler : 0;
  const c1 = q.crawler >= 0 && q.crawler < cols ? q.crawler + 1 : cols;
  const needle = q.search.trim().toLowerCase();
  const out = new Int32Array(n);
  let m = 0;
  for (let row = 0; row < n; row++) {
    if (q.normalisedOnly && !(rowFlags[row] & ROW.NORMALISED)) continue;
    if (q.verdict !== 'all' || q.rule !== null) {
      // One crawler cell must pass both the verdict and the rule filter.
      let ok = false;
      for (let c = c0; c < c1 && !ok; c++) {
        const k = row * cols + c;
        ok = verdictPasses(status[k], q.verdict) && (q.rule === null || lines[k] === q.rule);
      }
      if (!ok) continue;
    }
    if (needle !== '') {
      const url = run.url(row);
      if (url.indexOf(needle) === -1 && url.toLowerCase().indexOf(needle) === -1) continue;
    }
    out[m++] = row;
  }
  const rows = out.slice(0, m);
  if (q.sort) sortRows(run, rows, q.sort);
  return rows;
}

/** Verdict order for sorting: blocked first, then allowed, then not judged. */
const VERDICT_RANK = [1, 0, 2, 3];

function sortRows(run: BulkRun, rows: Int32Array, sort: NonNullable<ViewQuery['sort']>): void {
  const dir = sort.desc ? -1 : 1;
  if (sort.key === 'verdict') {
    const col = Math.min(Math.max(sort.col, 0), run.cols - 1);
    // A stable counting sort: list order within a verdict.
    const buckets: number[][] = [[], [], [], []];
    for (let i = 0; i < rows.length; i++) buckets[VERDICT_RANK[run.status[rows[i] * run.cols + col]]].push(rows[i]);
    const order = sort.desc ? [3, 2, 1, 0] : [0, 1, 2, 3];
    let at = 0;
    for (const b of order) for (const r of buckets[b]) rows[at++] = r;
    return;
  }
  const urls = new Array<string>(run.rows);
  for (let i = 0; i < rows.length; i++) urls[rows[i]] = run.url(rows[i]);
  const sorted = Array.from(rows).sort((a, b) => {
    const x = urls[a];
    const y = urls[b];
    return x < y ? -dir : x > y ? dir : a - b;
  });
  rows.set(sorted);
}

/** The label of a cell's verdict in exports. */
const VERDICT_NAMES = ['allowed', 'blocked', 'out of scope', 'invalid URL'];

/** One exported record: a URL × crawler cell. */
interface ExportRecord {
  url: string;
  normalisedUrl: string;
  crawler: string;
  verdict: string;
  rule: string;
  line: number | null;
}

function* records(run: BulkRun, rows: Int32Array | null, ruleText: (line: number) => string): Generator<ExportRecord> {
  const n = rows ? rows.length : run.done;
  for (let i = 0; i < n; i++) {
    const row = rows ? rows[i] : i;
    const url = run.url(row);
    const normalisedUrl = run.rowFlags[row] & ROW.INVALID ? '' : (run.normalised.get(row) ?? url);
    for (let c = 0; c < run.cols; c++) {
      const k = row * run.cols + c;
      const line = run.lines[k];
      yield {
        url,
        normalisedUrl,
        crawler: run.crawlers[c].info.label,
        verdict: VERDICT_NAMES[run.status[k]],
        rule: line > 0 ? ruleText(line) : '',
        line: line > 0 ? line : null,
      };
    }
  }
}

function csvCell(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Writes the rows of a view (all rows when null) as a CSV or JSON file, built in parts so no single string grows huge. */
export function exportView(
  run: BulkRun,
  rows: Int32Array | null,
  format: 'csv' | 'json',
  ruleText: (line: number) => string,
): Blob {
  const parts: string[] = [];
  let buf: string[] = [];
  const flush = () => {
    parts.push(buf.join(''));
    buf = [];
  };
  if (format === 'csv') {
    buf.push('url,normalised_url,crawler,verdict,rule,line\r\n');
    for (const r of records(run, rows, ruleText)) {
      buf.push(
        `${csvCell(r.url)},${csvCell(r.normalisedUrl)},${csvCell(r.crawler)},${r.verdict},${csvCell(r.rule)},${r.line ?? ''}\r\n`,
      );
      if (buf.length >= 10_000) flush();
    }
    flush();
    return new Blob(parts, { type: 'text/csv' });
  }
  buf.push('[');
  let first = true;
  for (const r of records(run, rows, ruleText)) {
    buf.push(first ? '\n' : ',\n', JSON.stringify(r));
    first = false;
    if (buf.length >= 10_000) flush();
  }
  buf.push('\n]\n');
  flush();
  return new Blob(parts, { type: 'application/json' });
}
