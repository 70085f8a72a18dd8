/**
 * Evaluation runs: the URL list the worker holds, and the runs (`Jobs`,
 * sliced.ts: one at a time, the latest kept for views and exports). Each
 * slice of a run streams one compact chunk.
 */
import type { ParsedRobots } from '../core/types';
import { ROW } from '../model/codes';
import type { EvaluateParams, RunChunk, RunEnd, RunStart } from '../model/wire';
import { BulkRun, type HeldList, splitRows } from './bulk';
import { resolveCrawler } from './crawlers';
import type { HandlerHost } from './host';
import type { CallContext } from './rpc';
import { Jobs } from './sliced';

/** The chunk of rows [start, run.done) of a run, with its progress after `elapsed` ms. */
function chunkOf(run: BulkRun, start: number, elapsed: number): RunChunk {
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
    kind: 'chunk',
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
export class Runs extends Jobs<BulkRun> {
  /** The list imported or restored (asked for as null), and the last list sent as text; each split once. */
  held: HeldList | null = null;
  private sent: HeldList | null = null;

  constructor(host: HandlerHost) {
    super(host, 'Run');
  }

  /** The list `text`, or the held one for null, split into rows once. */
  listFor(text: string | null): HeldList {
    if (text === null) {
      if (!this.held) throw new Error('No URL list is held.');
      return this.held;
    }
    if (!this.sent || this.sent.text !== text) this.sent = splitRows(text);
    return this.sent;
  }

  /**
   * Evaluates the list of `p` (or the held one) against `parsed` as run
   * `p.run`, replacing any run going on; streams its start and chunks.
   */
  async start(
    p: EvaluateParams & { run: number },
    parsed: ParsedRobots,
    ctx: CallContext<RunStart | RunChunk>,
  ): Promise<RunEnd> {
    this.stop();
    const startedAt = this.host.now();
    const list = this.listFor(p.urlsText);
    const crawlers = p.crawlers.map((c) => resolveCrawler(c).info);
    const run = new BulkRun(p.run, list, crawlers, parsed, p);
    // The page keeps its own copy of the text: offsets are all it needs to show a row's URL.
    const starts = list.starts.slice();
    const ends = list.ends.slice();
    const head: RunStart = {
      kind: 'start',
      rows: run.rows,
      crawlers,
      obeyed: run.own.obeyed,
      rulesDecide: run.own.outcome.mode === 'rules',
      starts,
      ends,
    };
    ctx.emit(head, [starts.buffer, ends.buffer]);
    let sent = 0;
    const report = () => {
      const c = chunkOf(run, sent, this.host.now() - startedAt);
      sent = run.done;
      ctx.emit(c, [c.status.buffer, c.lines.buffer, c.rowFlags.buffer, c.totals.rules.buffer]);
    };
    const elapsedMs = await this.run(run, ctx.signal, report, startedAt);
    return { rows: run.rows, elapsedMs };
  }
}
