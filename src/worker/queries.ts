/**
 * Questions about a run's results, answered in the worker: which rows a
 * table view keeps (and in what order), and the same rows as a CSV or JSON
 * file.
 */
import type { ExportedFile, ExportFormat, ViewQuery, ViewReply } from '../model/wire';
import type { BulkRun } from './bulk';
import { ReaderDiffs, rowReaderMasks } from './disagree';
import { writeExport } from './exportFile';
import type { HandlerHost } from './host';
import { withTransfer } from './rpc';
import { runSliced } from './sliced';
import { computeView } from './view';

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
  const diffs = (run.diffs ??= new ReaderDiffs(run));
  const started = host.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    const step = (deadline: () => boolean) => {
      diffs.step(deadline);
      return diffs.upToDate;
    };
    const after = () => {
      if (answered || (!diffs.upToDate && host.now() - started < PARTIAL_MS)) return;
      answered = true;
      resolve(viewOf(query, run, diffs));
    };
    // Once answered, a stop is no one's error: the promise is settled.
    runSliced(host, () => !current(), step, after).catch(reject);
  });
}

function viewOf(query: ViewQuery, run: BulkRun, diffs: ReaderDiffs | null): ViewReply {
  const rows = computeView(run, query, diffs);
  const readers = diffs ? rowReaderMasks(diffs, query.crawler) : null;
  const reply: ViewReply = {
    run: run.id,
    query,
    rows,
    count: rows ? rows.length : run.rows,
    complete: run.finished && (diffs === null || diffs.upToDate),
    readers,
  };
  return withTransfer(reply, [...(rows ? [rows.buffer] : []), ...(readers ? [readers.buffer] : [])]);
}

/** A file of the records `query` keeps. */
export function answerExport(query: ViewQuery, format: ExportFormat, wide: boolean, run: BulkRun): ExportedFile {
  // An export is one explicit action: the readers' verdicts it needs are computed at once.
  let diffs: ReaderDiffs | null = null;
  if (query.verdict === 'disagree') {
    diffs = run.diffs ??= new ReaderDiffs(run);
    diffs.step(() => false);
  }
  const rows = computeView(run, query, diffs);
  return writeExport({ run, rows, query, masks: diffs?.masks ?? null }, format, wide);
}
