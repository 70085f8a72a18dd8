/**
 * The "where readers disagree" filter (issue 9; docs/behaviour.md §14): for
 * each judged cell of a run, which other readers (RFC 9309 read literally,
 * Bing, Yandex, 1994) give a different verdict from Google's. It is computed
 * once per run, lazily and in time slices, so a 100k list is filtered
 * without holding the worker for seconds; later views reuse it.
 */
import { dialectVerdicts } from '../core/readers/index';
import { CELL, DISAGREE_READERS, ROW } from '../model/codes';
import type { BulkRun } from './bulk';

/** Per cell: a bit per reader of DISAGREE_READERS whose verdict differs from Google's; 0 when all agree. */
export class ReaderDiffs {
  readonly masks: Uint8Array;
  /** Rows [0, done) are computed. */
  done = 0;
  /** Per column, the readers' verdicts for a URL (their groups chosen once); null for a token no one can obey. */
  private readonly readers: (((url: string) => { reader: string; allowed: boolean }[]) | null)[];

  constructor(readonly run: BulkRun) {
    this.masks = new Uint8Array(run.rows * run.cols);
    // A token the reference cannot obey has no readers' strip either (ExplainLenses).
    this.readers = run.crawlers.map((c) => (c.valid ? dialectVerdicts(run.parsed, c) : null));
  }

  /** True when every row the run has evaluated so far is computed (the run may go on). */
  get finished(): boolean {
    return this.done >= this.run.done;
  }

  /** Computes rows up to the run's progress until `deadline()` says stop (checked every 64 rows). */
  step(deadline: () => boolean): void {
    const { run, masks, readers } = this;
    // When the fetch result decides, no rule does, and every reader agrees.
    if (run.own.outcome.mode !== 'rules') {
      this.done = run.done;
      return;
    }
    while (this.done < run.done) {
      const row = this.done++;
      if (!(run.rowFlags[row] & (ROW.INVALID | ROW.OUT_OF_SCOPE | ROW.ROBOTS_TXT | ROW.OTHER_ORIGIN))) {
        const url = run.normalised.get(row) ?? run.url(row);
        for (let c = 0; c < run.cols; c++) {
          const read = readers[c];
          if (!read) continue;
          // Google's verdict is the run's own cell.
          const google = run.status[row * run.cols + c] === CELL.ALLOWED;
          let mask = 0;
          for (const v of read(url)) {
            const bit = DISAGREE_READERS.indexOf(v.reader as (typeof DISAGREE_READERS)[number]);
            if (bit >= 0 && v.allowed !== google) mask |= 1 << bit;
          }
          masks[row * run.cols + c] = mask;
        }
      }
      if ((this.done & 63) === 0 && deadline()) return;
    }
  }
}

/** Each run's readers' verdicts, made when the readers' filter first asks; views and exports of the run share them. */
const perRun = new WeakMap<BulkRun, ReaderDiffs>();

/** The readers' verdicts of `run` (computed as far as anyone has asked). */
export function readerDiffs(run: BulkRun): ReaderDiffs {
  let diffs = perRun.get(run);
  if (!diffs) perRun.set(run, (diffs = new ReaderDiffs(run)));
  return diffs;
}

/** Per row of the run (rows not computed stay 0): the readers that differ in the columns `cols` (a query's, view.ts). */
export function rowReaderMasks(diffs: ReaderDiffs, cols: readonly number[]): Uint8Array {
  const out = new Uint8Array(diffs.done);
  for (let row = 0; row < diffs.done; row++) for (const c of cols) out[row] |= diffs.masks[row * diffs.run.cols + c];
  return out;
}
