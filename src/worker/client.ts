/**
 * The page's only way to talk to the robots.txt worker: typed calls and
 * streams (rpc.ts) on the methods of `RobotsApi` (api.ts). Answers for an
 * old version of the text or a replaced run are dropped here, so callers only
 * ever see current answers. A worker that crashes, or goes silent for longer
 * than its budget while it owes an answer, is terminated and restarted; the
 * caller's state is untouched, and the owner sends it again (`onRestart`).
 */
import { type ListPieces, listPieces } from '../model/pieces';
import type {
  AiLensResult,
  EvaluateParams,
  ExplainArgs,
  ExplainResult,
  ExportedFile,
  ExportFormat,
  FlipQuery,
  FlipsParams,
  FlipsView,
  FlipTally,
  ListImport,
  OpenedBytes,
  ParseSummary,
  RunChunk,
  RunEnd,
  RunStart,
  SitemapListInfo,
  SitemapReport,
  ViewQuery,
  ViewReply,
} from '../model/wire';
import type { RobotsApi } from './api';
import { Connection, isAbort, type Port } from './rpc';

/** The parts of a Worker the client uses (a fake in tests). */
export interface WorkerLike extends Port {
  terminate(): void;
  onerror: ((e: ErrorEvent) => void) | null;
}

/** What a run reports as it streams: its start, each chunk, its end, or why it stopped. */
export interface RunHandlers {
  onStart(start: RunStart): void;
  onChunk(chunk: RunChunk): void;
  onDone(end: RunEnd): void;
  onError(message: string): void;
}

/** What a before/after comparison reports as it streams (see flips.ts in the worker). */
export interface FlipHandlers {
  onChunk(progress: { done: number; total: number }, tally: FlipTally): void;
  onDone(tally: FlipTally, elapsedMs: number): void;
  onError(message: string): void;
}

export interface ClientOptions {
  create(): WorkerLike;
  /** How long the worker may stay silent while it owes an answer. */
  budgetMs?: number;
  /** Called after the worker was restarted, with a sentence for the user. */
  onRestart?(message: string): void;
  /** Called when the worker fails to parse or explain the current text. */
  onFailure?(message: string): void;
  now?(): number;
  setInterval?(fn: () => void, ms: number): unknown;
  clearInterval?(handle: unknown): void;
}

/** A stream going on: its number, how to stop it, and whom to tell when the worker dies under it. */
interface Streaming {
  id: number;
  abort: AbortController;
  fail(message: string): void;
}

/** The pieces joined with +, which V8 keeps as a rope: no copy of the whole list on the page's thread. */
function rope(pieces: readonly string[]): string {
  let text = '';
  for (const piece of pieces) text += piece;
  return text;
}

/** Why a call has no answer, for its caller. */
function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export class RobotsWorkerClient {
  private worker: WorkerLike;
  private rpc: Connection<RobotsApi>;
  private nextRun = 1;
  private version = 0;
  private text: string | null = null;
  private run: Streaming | null = null;
  /** The before/after comparison going on; it carries both texts, so a new text version does not void it. */
  private flipRun: Streaming | null = null;
  /** The URL list the worker holds (sent or imported): it is not sent again. */
  private workerList: string | null = null;
  private readonly budgetMs: number;
  private extraBudgetMs = 0;
  private readonly now: () => number;
  private readonly watchdog: unknown;
  /** Restarts since the last good answer: a text that crashes the worker is not re-sent forever. */
  private failedRestarts = 0;
  restarts = 0;

  constructor(private readonly opts: ClientOptions) {
    this.budgetMs = opts.budgetMs ?? 5000;
    this.now = opts.now ?? (() => performance.now());
    [this.worker, this.rpc] = this.spawn();
    const every = opts.setInterval ?? ((fn: () => void, ms: number) => setInterval(fn, ms));
    this.watchdog = every(() => this.checkBudget(), Math.max(50, Math.min(500, this.budgetMs / 4)));
  }

  /** The version of the text last sent. */
  get currentVersion(): number {
    return this.version;
  }

  private spawn(): [WorkerLike, Connection<RobotsApi>] {
    const w = this.opts.create();
    const rpc = new Connection<RobotsApi>(w, this.now);
    w.onerror = (e) => {
      e.preventDefault?.();
      this.restart(
        `The worker crashed (${e.message || 'unknown error'}) and was restarted. Your robots.txt, URLs and crawlers are untouched.`,
      );
    };
    return [w, rpc];
  }

  /** An answer arrived: the worker is well. */
  private heard<T>(value: T): T {
    this.failedRestarts = 0;
    return value;
  }

  /**
   * Hands a robots.txt file's bytes to the worker (transferred: `bytes` is
   * empty afterwards); resolves with the text they decode to, which the
   * editor shows. Until that text is edited, the worker parses the bytes.
   */
  async openBytes(bytes: ArrayBuffer): Promise<OpenedBytes> {
    this.extraBudgetMs = Math.max(this.extraBudgetMs, Math.floor(bytes.byteLength / 2000));
    return this.heard(await this.rpc.call('openBytes', bytes, { transfer: [bytes] }));
  }

  /** Sends a new version of the robots.txt; resolves with its parse, or null if a newer version superseded it. */
  async setText(text: string): Promise<ParseSummary | null> {
    this.text = text;
    // A large text takes longer to parse: its budget grows with its size (1 s per MB).
    this.extraBudgetMs = Math.floor(text.length / 1000);
    const version = ++this.version;
    this.cancelRun();
    return this.current(version, this.rpc.call('setText', { version, text }));
  }

  /** The answer of a call made for `version`, or null when the text changed meanwhile (a failure is reported then). */
  private async current<T>(version: number, answer: Promise<T>): Promise<T | null> {
    try {
      const value = this.heard(await answer);
      return version === this.version ? value : null;
    } catch (e) {
      if (version === this.version && !isAbort(e)) this.opts.onFailure?.(messageOf(e));
      return null;
    }
  }

  /** The list to send: null when the worker holds `text` already. */
  private listToSend(text: string | null): string | null {
    if (text === null || text === this.workerList) return null;
    this.workerList = text;
    return text;
  }

  /** Starts evaluating a URL list for the current text, a previous run cancelled; answers the run's number. */
  evaluate(params: EvaluateParams, handlers: RunHandlers): number {
    this.cancelRun();
    const run = { id: this.nextRun++, abort: new AbortController(), fail: (m: string) => handlers.onError(m) };
    this.run = run;
    const version = this.version;
    const arg = { ...params, urlsText: this.listToSend(params.urlsText), run: run.id, version };
    const live = () => this.run === run && version === this.version;
    this.rpc
      .stream(
        'evaluate',
        arg,
        (c) => {
          if (!live()) return;
          if (c.kind === 'start') handlers.onStart(c);
          else handlers.onChunk(c);
        },
        run.abort.signal,
      )
      .then(
        (end) => {
          this.heard(end);
          if (!live()) return;
          this.run = null;
          handlers.onDone(end);
        },
        (e) => {
          if (!live() || isAbort(e)) return;
          this.run = null;
          handlers.onError(messageOf(e));
        },
      );
    return run.id;
  }

  /** Stops the run going on, if any; its answers are dropped from now on. */
  cancelRun(): void {
    this.run?.abort.abort();
    this.run = null;
  }

  /** Starts comparing the deployed and the edited file, a previous comparison cancelled; answers its number. */
  compareFlips(params: FlipsParams, handlers: FlipHandlers): number {
    this.cancelFlips();
    const run = { id: this.nextRun++, abort: new AbortController(), fail: (m: string) => handlers.onError(m) };
    this.flipRun = run;
    const arg = { ...params, urlsText: this.listToSend(params.urlsText), run: run.id };
    const live = () => this.flipRun === run;
    this.rpc
      .stream(
        'flips',
        arg,
        (p) => live() && handlers.onChunk({ done: p.done, total: p.total }, p.tally),
        run.abort.signal,
      )
      .then(
        (end) => {
          this.heard(end);
          if (!live()) return;
          this.flipRun = null;
          handlers.onDone(end.tally, end.elapsedMs);
        },
        (e) => {
          if (!live() || isAbort(e)) return;
          this.flipRun = null;
          handlers.onError(messageOf(e));
        },
      );
    return run.id;
  }

  /** Stops the comparison going on, if any; its answers are dropped from now on. */
  cancelFlips(): void {
    this.flipRun?.abort.abort();
    this.flipRun = null;
  }

  /** An answer about a run or a comparison, or null when it is gone. */
  private async held<T>(answer: Promise<T>): Promise<T | null> {
    try {
      return this.heard(await answer);
    } catch {
      return null;
    }
  }

  /** The flips of comparison `run` a query keeps (at most its limit); null when the comparison is gone. */
  flipsView(run: number, query: FlipQuery): Promise<FlipsView | null> {
    return this.held(this.rpc.call('flipsView', { run, query }));
  }

  /** Writes the flips a query keeps as a file; null when the comparison is gone. */
  flipsExport(run: number, query: FlipQuery, format: ExportFormat): Promise<{ blob: Blob; records: number } | null> {
    return this.held(this.rpc.call('flipsExport', { run, query, format }));
  }

  /** Explains one cell; resolves null when the text changed meanwhile. */
  explain(args: ExplainArgs): Promise<ExplainResult | null> {
    const version = this.version;
    return this.current(version, this.rpc.call('explain', { ...args, version }));
  }

  /** The AI lens of the current text, with that text (its edits' offsets fit it); null when the text changed meanwhile. */
  async aiLens(): Promise<{ result: AiLensResult; text: string } | null> {
    const version = this.version;
    const text = this.text;
    const result = await this.held(this.rpc.call('aiLens', { version }));
    return result && version === this.version && text !== null ? { result, text } : null;
  }

  /** Asks which rows of run `run` a query keeps; resolves null when the run is gone. */
  view(run: number, query: ViewQuery): Promise<ViewReply | null> {
    return this.held(this.rpc.call('view', { run, query }));
  }

  /** The Sitemaps tab's report for the current text; resolves null when the text changed meanwhile. */
  async sitemaps(robotsUrl: string, list: SitemapListInfo | null, crawler: number): Promise<SitemapReport | null> {
    const version = this.version;
    const report = await this.held(this.rpc.call('sitemaps', { version, robotsUrl, list, crawler }));
    return version === this.version ? report : null;
  }

  /** Writes the records a query keeps as a file; resolves null when the run is gone. */
  export(run: number, query: ViewQuery, format: ExportFormat, wide: boolean): Promise<ExportedFile | null> {
    return this.held(this.rpc.call('export', { run, query, format, wide }));
  }

  /** Calls a method whose answer streams a list's text in pieces: the pieces and the answer. */
  private async withPieces<T>(
    call: (onPiece: (piece: string) => void) => Promise<T>,
  ): Promise<{ answer: T; text: string; pieces: ListPieces }> {
    const got: string[] = [];
    const answer = this.heard(await call((p) => got.push(p)));
    const text = rope(got);
    return { answer, text, pieces: listPieces(got) };
  }

  /**
   * Reads a URL list file in the worker, which keeps the result as its
   * current list; resolves with what it held, or rejects with why not.
   */
  async importList(file: Blob, name: string, column: number | null): Promise<ListImport> {
    // Reading a large file takes time: 1 s more per 5 MB.
    this.extraBudgetMs = Math.max(this.extraBudgetMs, Math.floor(file.size / 5000));
    const restarts = this.restarts;
    try {
      const { answer, text, pieces } = await this.withPieces((onChunk) =>
        this.rpc.call('importList', { file, name, column }, { onChunk }),
      );
      this.workerList = text;
      return { ...answer, text, pieces };
    } catch (e) {
      throw this.restarts === restarts ? e : new Error('The worker restarted while reading the file.');
    }
  }

  /**
   * Has the worker read the URL list saved under `key` (IndexedDB) and keep
   * it as its current list; resolves with the list in pieces, null when none
   * was saved there, or rejects with why it could not be read.
   */
  async loadList(key: string): Promise<{ text: string; pieces: ListPieces } | null> {
    const {
      answer: found,
      text,
      pieces,
    } = await this.withPieces((onChunk) => this.rpc.call('loadList', { key }, { onChunk }));
    if (!found) return null;
    this.workerList = text;
    return { text, pieces };
  }

  /** True when the worker holds `text` as its URL list (sent or imported), so a run needs no copy of it. */
  holdsList(text: string): boolean {
    return text === this.workerList;
  }

  /**
   * Saves a URL list in IndexedDB from the worker, so the page's thread never
   * copies a huge string for storage; the list is sent only if the worker does
   * not hold it already. Resolves with its count of URLs; rejects with the
   * reason when it could not be saved.
   */
  async saveList(key: string, text: string): Promise<number> {
    const urlsText = this.holdsList(text) ? null : text;
    return this.heard(await this.rpc.call('saveList', { key, urlsText }));
  }

  private checkBudget(): void {
    if (this.rpc.owed === 0) return;
    const silent = this.now() - this.rpc.lastHeard;
    const budget = this.budgetMs + this.extraBudgetMs;
    if (silent > budget) {
      this.restart(
        `The worker did not answer within ${Math.round(budget / 100) / 10} s and was restarted. Your robots.txt, URLs and crawlers are untouched.`,
      );
    }
  }

  /** Terminates the worker and starts a fresh one; calls owed an answer fail, the streams going on report it. */
  restart(message: string): void {
    this.worker.onerror = null;
    this.worker.terminate();
    this.workerList = null;
    this.restarts++;
    this.failedRestarts++;
    // Any answer still in flight belongs to the old worker: bump the version.
    this.version++;
    const streams = [this.run, this.flipRun];
    this.run = null;
    this.flipRun = null;
    const old = this.rpc;
    [this.worker, this.rpc] = this.spawn();
    old.close('the worker restarted');
    for (const s of streams) {
      s?.abort.abort();
      s?.fail(message);
    }
    this.opts.onRestart?.(message);
  }

  /** The text last sent, so the owner can re-send it after a restart. */
  get lastText(): string | null {
    return this.text;
  }

  /** True when restarts keep failing (the same input crashes the worker again). */
  get crashLooping(): boolean {
    return this.failedRestarts > 2;
  }

  dispose(): void {
    const clear = this.opts.clearInterval ?? ((h: unknown) => clearInterval(h as ReturnType<typeof setInterval>));
    clear(this.watchdog);
    this.cancelRun();
    this.cancelFlips();
    this.rpc.close('the worker was closed');
    this.worker.terminate();
  }
}
