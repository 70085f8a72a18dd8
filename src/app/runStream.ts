/**
 * One evaluation run as the page receives it: the worker's chunks copied
 * into the run's arrays, with the moments the controller acts on (the first
 * rows, more rows, the end).
 */

import type { ListPieces } from '../model/pieces';
import type { RunChunk, RunEnd, RunStart } from '../model/wire';
import type { RunResults } from '../state/store';
import type { RunHandlers } from '../worker/client';

/** What the controller does at each moment of a run. */
export interface RunSink {
  /** The worker started the run: `results` is the run on screen from now on (its arrays still empty). */
  started(results: RunResults): void;
  /** An empty run (no rows or no crawlers) to show in place of the previous run's results. */
  empty(results: RunResults): void;
  /** The first rows arrived: they replace the previous run's results on screen. */
  first(results: RunResults): void;
  /** Rows arrived after the first ones. */
  more(results: RunResults): void;
  /** The run finished. */
  finished(results: RunResults): void;
  /** The run failed, or the worker restarted under it. */
  failed(message: string): void;
}

/** What the run is of, known before the worker answers. */
export interface RunBasis {
  /** The robots.txt version the run evaluates. */
  textVersion: number;
  /** The URL list's text as the page holds it. */
  list: ListPieces;
  /** True when this run replaces one cancelled before it finished. */
  restarted: boolean;
}

/** Receives one run's replies; `id` is set once the client numbered the run. */
export class RunStream implements RunHandlers {
  id = 0;
  private results: RunResults | null = null;

  constructor(
    private readonly basis: RunBasis,
    private readonly sink: RunSink,
  ) {}

  onStart({ rows, crawlers, obeyed, rulesDecide, starts, ends }: RunStart): void {
    const cols = crawlers.length;
    const r: RunResults = {
      id: this.id,
      textVersion: this.basis.textVersion,
      list: this.basis.list,
      starts,
      ends,
      crawlers,
      obeyed,
      rulesDecide,
      status: new Uint8Array(rows * cols),
      lines: new Int32Array(rows * cols),
      rowFlags: new Uint8Array(rows),
      normalised: new Map(),
      notes: new Map(),
      done: 0,
      total: rows,
      rate: 0,
      etaMs: 0,
      finished: false,
      elapsedMs: 0,
      totals: null,
      restarted: this.basis.restarted,
    };
    this.results = r;
    this.sink.started(r);
    // Old results stay on screen until the first chunk replaces them; an empty run has none.
    if (rows === 0 || cols === 0) this.sink.empty(r);
  }

  onChunk(chunk: RunChunk): void {
    const r = this.results!;
    const cols = r.crawlers.length;
    const first = r.done === 0 && chunk.start === 0;
    r.status.set(chunk.status, chunk.start * cols);
    r.lines.set(chunk.lines, chunk.start * cols);
    r.rowFlags.set(chunk.rowFlags, chunk.start);
    for (const [row, url] of chunk.normalised) r.normalised.set(row, url);
    for (const [row, note] of chunk.notes) r.notes.set(row, note);
    r.done = chunk.progress.done;
    r.rate = chunk.progress.rate;
    r.etaMs = chunk.progress.etaMs;
    r.totals = chunk.totals;
    if (first) this.sink.first(r);
    else this.sink.more(r);
  }

  onDone({ elapsedMs }: RunEnd): void {
    const r = this.results!;
    r.finished = true;
    r.elapsedMs = elapsedMs;
    this.sink.finished(r);
  }

  onError(message: string): void {
    this.sink.failed(message);
  }
}
