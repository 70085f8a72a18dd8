/**
 * Questions about a run's results, answered in the worker: which rows a
 * table view keeps (and in what order), and the same rows as a CSV or JSON
 * file.
 */
import { ruleLabel } from '../core/matcher';
import type { ParsedRobots } from '../core/types';
import type { BulkRun } from './bulk';
import { type ReaderDiffs, readerDiffsOf, rowReaderMasks } from './disagree';
import { writeExport } from './exportFile';
import { type HandlerHost, postFailure } from './host';
import type { WorkerRequest } from './protocol';
import { SLICE_MS } from './runs';
import { computeView } from './view';

/** The readers' filter answers within about this long, with the rows it has checked so far. */
const PARTIAL_MS = 500;

/**
 * Replies with the rows of `run` that the message's query keeps. The
 * readers' filter first computes the readers' verdicts of rows it has not
 * seen, in slices of SLICE_MS (other messages are read between slices); on a
 * large file or list it answers after PARTIAL_MS with the rows checked so far
 * (`complete` false, so the page asks again) and goes on in the background.
 * `current()` says whether the run is still the latest, else it stops.
 */
export function answerView(
  host: HandlerHost,
  msg: Extract<WorkerRequest, { type: 'view' }>,
  run: BulkRun,
  current: () => boolean = () => true,
): void {
  if (msg.query.verdict !== 'disagree') {
    postView(host, msg, run, null);
    return;
  }
  const diffs = readerDiffsOf(run);
  const started = host.now();
  let answered = false;
  const slice = () => {
    if (!current()) return;
    const t0 = host.now();
    try {
      diffs.step(() => host.now() - t0 >= SLICE_MS);
    } catch (e) {
      if (!answered) postFailure(host, msg.id, msg.version, e);
      return;
    }
    if (!answered && (diffs.upToDate || host.now() - started >= PARTIAL_MS)) {
      answered = true;
      postView(host, msg, run, diffs);
    }
    if (!diffs.upToDate) host.schedule(slice);
  };
  slice();
}

function postView(
  host: HandlerHost,
  msg: Extract<WorkerRequest, { type: 'view' }>,
  run: BulkRun,
  diffs: ReaderDiffs | null,
): void {
  try {
    const rows = computeView(run, msg.query, diffs);
    const readers = diffs ? rowReaderMasks(diffs, msg.query.crawler) : null;
    host.post(
      {
        type: 'viewed',
        id: msg.id,
        version: msg.version,
        run: run.id,
        query: msg.query,
        rows,
        count: rows ? rows.length : run.rows,
        complete: run.finished && (diffs === null || diffs.upToDate),
        readers,
      },
      [...(rows ? [rows.buffer] : []), ...(readers ? [readers.buffer] : [])],
    );
  } catch (e) {
    postFailure(host, msg.id, msg.version, e);
  }
}

/** Replies with a file of the records the message's query keeps; rule lines are labelled from `parsed`. */
export function answerExport(
  host: HandlerHost,
  msg: Extract<WorkerRequest, { type: 'export' }>,
  run: BulkRun,
  parsed: ParsedRobots | null,
): void {
  try {
    // An export is one explicit action: the readers' verdicts it needs are computed at once.
    let diffs: ReaderDiffs | null = null;
    if (msg.query.verdict === 'disagree') {
      diffs = readerDiffsOf(run);
      diffs.step(() => false);
    }
    const rows = computeView(run, msg.query, diffs);
    const texts = new Map<number, string>();
    for (const g of parsed?.groups ?? []) {
      for (const r of g.rules) texts.set(r.line, ruleLabel(r.kind, r.raw));
    }
    const ruleText = (line: number) => texts.get(line) ?? '';
    const { blob, summary } = writeExport({ run, rows, query: msg.query, ruleText }, msg.format, msg.wide);
    host.post({ type: 'exported', id: msg.id, version: msg.version, blob, summary });
  } catch (e) {
    postFailure(host, msg.id, msg.version, e);
  }
}
