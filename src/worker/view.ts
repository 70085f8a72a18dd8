/**
 * Views of a run's results, computed in the worker over the compact arrays:
 * which rows a query keeps and in what order (exportFile.ts writes them out),
 * answered as the table asks. The page never walks a million rows itself.
 */

import { CELL, isAllRows, ROW } from '../model/codes';
import type { ViewQuery, ViewReply } from '../model/wire';
import type { BulkRun } from './bulk';
import { type ReaderDiffs, readerDiffs, rowReaderMasks } from './disagree';
import type { HandlerHost } from './host';
import { withTransfer } from './rpc';
import { runSliced } from './sliced';

/** The readers' filter answers within about this long, with the rows it has checked so far. */
const PARTIAL_MS = 500;

/**
 * Answers the rows of `run` that `query` keeps. The readers' filter first
 * computes the readers' verdicts of rows it has not seen, in slices
 * (other calls are read between slices); on a large file or list it
 * answers after PARTIAL_MS with the rows checked so far (`complete` false,
 * so the page asks again) and goes on in the background. `current()` says
 * whether the run is still the latest, else it stops.
 */
export function answerView(
  host: HandlerHost,
  query: ViewQuery,
  run: BulkRun,
  current: () => boolean = () => true,
): Promise<ViewReply> {
  if (query.verdict !== 'disagree') return Promise.resolve(viewOf(query, run, null));
  const diffs = readerDiffs(run);
  const started = host.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    const after = () => {
      if (answered || (!diffs.finished && host.now() - started < PARTIAL_MS)) return;
      answered = true;
      resolve(viewOf(query, run, diffs));
    };
    // Once answered, a stop is no one's error: the promise is settled.
    runSliced(host, () => !current(), diffs, after).catch(reject);
  });
}

function viewOf(query: ViewQuery, run: BulkRun, diffs: ReaderDiffs | null): ViewReply {
  const rows = computeView(run, query, diffs);
  const readers = diffs ? rowReaderMasks(diffs, cellFilter(run, query, null).cols) : null;
  const reply: ViewReply = {
    run: run.id,
    query,
    rows,
    count: rows ? rows.length : run.rows,
    complete: run.finished && (diffs === null || diffs.finished),
    readers,
  };
  return withTransfer(reply, [...(rows ? [rows.buffer] : []), ...(readers ? [readers.buffer] : [])]);
}

/** The cell statuses each verdict filter keeps (the readers' filter is decided by its masks, disagree.ts). */
const VERDICT_CELLS: Record<ViewQuery['verdict'], readonly number[]> = {
  all: Object.values(CELL),
  allowed: [CELL.ALLOWED],
  blocked: [CELL.BLOCKED],
  unjudged: [CELL.OUT_OF_SCOPE, CELL.INVALID_URL],
  disagree: [],
};

/**
 * The crawler columns `q` looks at (its crawler's, or every one), and
 * whether cell `k` passes its verdict and rule filters; `masks` are the
 * readers' filter's (disagree.ts). `filtered` is false when the query has
 * neither filter: every cell passes, and every column is looked at (an
 * export keeps every crawler's cell of a row that search or "normalised
 * only" kept).
 */
export function cellFilter(run: BulkRun, q: ViewQuery, masks: Uint8Array | null) {
  const filtered = q.verdict !== 'all' || q.rule !== null;
  const one = filtered && q.crawler >= 0 && q.crawler < run.cols;
  const cols = one ? [q.crawler] : Array.from({ length: run.cols }, (_, c) => c);
  const passes = (k: number) =>
    (masks ? masks[k] !== 0 : VERDICT_CELLS[q.verdict].includes(run.status[k])) &&
    // Another origin's deciding lines are its own file's, never the editor's line q.rule.
    (q.rule === null || (run.lines[k] === q.rule && !(run.rowFlags[Math.floor(k / run.cols)] & ROW.OTHER_ORIGIN)));
  return { cols, passes, filtered };
}

/**
 * The rows of `run` that `q` keeps, in its order, among the rows evaluated so
 * far. Null when every row is kept in list order (the page needs no index).
 * The `disagree` filter keeps only rows `diffs` has computed.
 */
export function computeView(run: BulkRun, q: ViewQuery, diffs: ReaderDiffs | null = null): Int32Array | null {
  if (isAllRows(q)) return null;
  const { cols, passes, filtered } = cellFilter(run, q, q.verdict === 'disagree' ? (diffs?.masks ?? null) : null);
  const n = q.verdict === 'disagree' ? Math.min(run.done, diffs?.done ?? 0) : run.done;
  const needle = q.search.trim().toLowerCase();
  const out = new Int32Array(n);
  let m = 0;
  for (let row = 0; row < n; row++) {
    if (q.normalisedOnly && !(run.rowFlags[row] & ROW.NORMALISED)) continue;
    // One crawler cell must pass both the verdict and the rule filter.
    if (filtered && !cols.some((c) => passes(row * run.cols + c))) continue;
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

/** Verdict rank for sorting, by CELL value: blocked 0, allowed 1, out of scope 2, invalid 3. */
const VERDICT_RANK = [1, 0, 2, 3];

function sortRows(run: BulkRun, rows: Int32Array, sort: NonNullable<ViewQuery['sort']>): void {
  if (sort.key === 'verdict') {
    const col = Math.min(Math.max(sort.col, 0), run.cols - 1);
    // A stable counting sort: list order within a verdict.
    const buckets: number[][] = [[], [], [], []];
    for (let i = 0; i < rows.length; i++) buckets[VERDICT_RANK[run.status[rows[i] * run.cols + col]]].push(rows[i]);
    // "Allowed first" (desc) swaps only the judged verdicts: rows not judged
    // (out of scope, then invalid) stay last either way, as they answer neither.
    const order = sort.desc ? [1, 0, 2, 3] : [0, 1, 2, 3];
    let at = 0;
    for (const b of order) for (const r of buckets[b]) rows[at++] = r;
    return;
  }
  rows.set(byText(Array.from(rows), (row) => run.url(row), sort.desc));
}

/**
 * `items` ordered by their text (read once each), then by their own order
 * (list order, for rows and flips alike); `desc` reverses the text order only.
 */
export function byText(items: number[], text: (item: number) => string, desc: boolean): number[] {
  const keys = items.map(text);
  const dir = desc ? -1 : 1;
  const order = items.map((_, i) => i);
  order.sort((a, b) => (keys[a] < keys[b] ? -dir : keys[a] > keys[b] ? dir : items[a] - items[b]));
  return order.map((i) => items[i]);
}
