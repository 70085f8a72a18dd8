/**
 * Evaluation runs: the URL list the worker holds, the run going on (one at a
 * time), and the latest run's results for views and exports. A run goes in
 * time slices of about SLICE_MS; each slice posts one compact chunk and
 * yields, so a new request (or a cancellation) is read between slices.
 */
import { fetchOutcome } from '../core/index';
import type { ParsedRobots } from '../core/types';
import { ROW } from '../model/codes';
import { BulkRun, splitRows } from './bulk';
import { resolveCrawler } from './crawlers';
import { type HandlerHost, postFailure } from './host';
import { scopeChecker, scopePrefix } from './judge';
import { OriginFiles } from './origins';
import type { WorkerReply, WorkerRequest } from './protocol';

/** How long one evaluation slice may run before it posts a chunk and yields. */
export const SLICE_MS = 20;

/** A URL list split into rows once: row i is text[starts[i], ends[i]). */
export interface HeldList {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
}

/** The chunk of rows [start, run.done) of a run, with its progress since `startedAt`. */
function chunkOf(run: BulkRun, start: number, elapsed: number): Extract<WorkerReply, { type: 'run-chunk' }> {
  const end = run.done;
  const cols = run.cols;
  const normalised: [number, string][] = [];
  const notes: [number, string][] = [];
  for (let row = start; row < end; row++) {
    const f = run.rowFlags[row];
    if (f & ROW.NORMALISED) normalised.push([row, run.normalised.get(row)!]);
    if (f & (ROW.INVALID | ROW.OUT_OF_SCOPE)) notes.push([row, run.notes.get(row)!]);
  }
  const rate = elapsed > 0 ? Math.round((end / elapsed) * 1000) : 0;
  return {
    type: 'run-chunk',
    id: run.id,
    version: run.version,
    start,
    status: run.status.slice(start * cols, end * cols),
    lines: run.lines.slice(start * cols, end * cols),
    rowFlags: run.rowFlags.slice(start, end),
    normalised,
    notes,
    progress: {
      done: end,
      total: run.rows,
      rate,
      etaMs: rate > 0 ? Math.round(((run.rows - end) / rate) * 1000) : 0,
    },
    totals: run.totals(),
  };
}

/** The list, the run going on and the latest results; one per worker. */
export class Runs {
  /** The run being evaluated, or null. */
  private run: BulkRun | null = null;
  /** The latest run's results (running or finished), for views and exports. */
  private results: BulkRun | null = null;
  /** The URL list last sent or imported, split once. */
  private list: HeldList | null = null;
  private startedAt = 0;
  /** Work that waits until no run is going (saving a list). */
  private readonly whenIdle: (() => void)[] = [];

  constructor(private readonly host: HandlerHost) {}

  /** The latest run's results (running or finished), or null. */
  get latest(): BulkRun | null {
    return this.results;
  }

  /** The URL list the worker holds, or null. */
  get heldList(): HeldList | null {
    return this.list;
  }

  /** Keeps a list already split into rows (an imported file). */
  holdList(list: HeldList): void {
    this.list = list;
  }

  /** Stops the run going on, if any (a new text or a new run supersedes it). */
  stop(): void {
    this.run = null;
  }

  /** Stops run `id` if it is the one going on. */
  cancel(id: number): void {
    if (this.run && this.run.id === id) this.run = null;
  }

  /** Runs `fn` once no run is going (now, when none is). */
  whenNoRun(fn: () => void): void {
    this.whenIdle.push(fn);
    this.runIdleWork();
  }

  /** The results run `msg.run` made, or null after replying that they are gone. */
  resultsFor(msg: { id: number; version: number; run: number }): BulkRun | null {
    if (this.results && this.results.id === msg.run) return this.results;
    postFailure(this.host, msg.id, msg.version, new Error(`Run ${msg.run} is no longer held.`));
    return null;
  }

  /** Starts evaluating the list of `msg` (or the held one) against `parsed`, replacing any run going on. */
  start(msg: Extract<WorkerRequest, { type: 'evaluate' }>, parsed: ParsedRobots): void {
    this.run = null;
    if (msg.urlsText === null && !this.list) {
      postFailure(this.host, msg.id, msg.version, new Error('No URL list was sent.'));
      return;
    }
    this.startedAt = this.host.now();
    const list = msg.urlsText === null ? this.list! : this.keepText(msg.urlsText);
    const crawlers = msg.crawlers.map(resolveCrawler);
    const bulkCrawlers = crawlers.map((c) => ({
      info: c.info,
      tokens: c.profile ? c.profile.tokens : [c.token],
      ignoresGlobal: c.profile ? c.profile.ignoresGlobal : false,
    }));
    const run = new BulkRun(
      msg.id,
      msg.version,
      list.text,
      list.starts,
      list.ends,
      bulkCrawlers,
      parsed,
      msg.normalise,
      msg.robotsUrl,
      fetchOutcome(msg.fetchStatus),
      scopeChecker(msg.robotsUrl),
      msg.robotsUrl ? scopePrefix(msg.robotsUrl) : null,
      msg.robotsUrl && msg.origins?.length ? new OriginFiles(msg.origins, bulkCrawlers) : null,
    );
    this.run = run;
    this.results = run;
    // The page keeps its own copy of the text: offsets are all it needs to show a row's URL.
    const starts = list.starts.slice();
    const ends = list.ends.slice();
    const crawlerInfo = crawlers.map((c) => c.info);
    this.host.post(
      { type: 'run-started', id: run.id, version: run.version, rows: run.rows, crawlers: crawlerInfo, starts, ends },
      [starts.buffer, ends.buffer],
    );
    this.slice(run);
  }

  /** Keeps a URL list and its row offsets; the same text is not split again. */
  private keepText(text: string): HeldList {
    if (this.list && this.list.text === text) return this.list;
    this.list = { text, ...splitRows(text) };
    return this.list;
  }

  /** Evaluates rows for about SLICE_MS, posts them as one chunk, then yields. */
  private slice(run: BulkRun): void {
    if (this.run !== run) {
      this.runIdleWork();
      return;
    }
    const t0 = this.host.now();
    const start = run.done;
    try {
      run.step(() => this.host.now() - t0 >= SLICE_MS);
    } catch (e) {
      this.run = null;
      postFailure(this.host, run.id, run.version, e);
      this.runIdleWork();
      return;
    }
    const elapsed = this.host.now() - this.startedAt;
    const chunk = chunkOf(run, start, elapsed);
    this.host.post(chunk, [chunk.status.buffer, chunk.lines.buffer, chunk.rowFlags.buffer, chunk.totals.rules.buffer]);
    if (run.finished) {
      this.run = null;
      this.host.post({ type: 'run-done', id: run.id, version: run.version, rows: run.rows, elapsedMs: elapsed });
      this.runIdleWork();
      return;
    }
    this.host.schedule(() => this.slice(run));
  }

  /** Runs the work deferred until no run is going. */
  private runIdleWork(): void {
    if (this.run !== null) return;
    const work = this.whenIdle.splice(0);
    for (const fn of work) fn();
  }
}
