/**
 * The page's only way to talk to the robots.txt worker. Requests carry an id
 * and the document version; replies for an old version or a superseded run
 * are dropped here, so callers only ever see current answers. A worker that
 * crashes, or goes silent for longer than its budget while it owes an answer,
 * is terminated and restarted; the caller's state is untouched.
 */

import type { FetchStatus } from '../model/fetchStatus';
import { type ListPieces, listPieces } from '../model/pieces';
import type {
  AiLensResult,
  CrawlerSpec,
  DebugFault,
  EvaluateParams,
  ExplainResult,
  ExportFormat,
  ExportSummary,
  FlipQuery,
  FlipRecord,
  FlipsParams,
  FlipTally,
  ImportSummary,
  ParseSummary,
  SitemapListInfo,
  SitemapReport,
  ViewQuery,
} from '../model/wire';
import type { OriginFileSpec } from './origins';
import {
  ANSWERS,
  type AnsweredType,
  assertNever,
  type ReplyTo,
  type RequestOf,
  type WorkerReply,
  type WorkerRequest,
} from './protocol';

/** The parts of a Worker the client uses (a fake in tests). */
export interface WorkerLike {
  postMessage(message: WorkerRequest, transfer?: Transferable[]): void;
  terminate(): void;
  onmessage: ((e: MessageEvent<WorkerReply>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
}

export interface RunHandlers {
  onStart(
    rows: number,
    crawlers: Extract<WorkerReply, { type: 'run-started' }>['crawlers'],
    offsets: { starts: Int32Array; ends: Int32Array },
  ): void;
  onChunk(chunk: Extract<WorkerReply, { type: 'run-chunk' }>): void;
  onDone(rows: number, elapsedMs: number): void;
  onError(message: string): void;
}

/** What a before/after comparison reports as it streams (see flips.ts in the worker). */
export interface FlipHandlers {
  onChunk(progress: { done: number; total: number }, tally: FlipTally): void;
  onDone(tally: FlipTally, elapsedMs: number): void;
  onError(message: string): void;
}

/** A page of a comparison's flips, as the worker selected and ordered them. */
export interface FlipsView {
  run: number;
  records: FlipRecord[];
  count: number;
}

export interface ClientOptions {
  create(): WorkerLike;
  /** How long the worker may stay silent while it owes an answer. */
  budgetMs?: number;
  /** Called after the worker was restarted, with a sentence for the user. */
  onRestart?(message: string): void;
  /** Called when the worker reports a failed request. */
  onFailure?(message: string): void;
  now?(): number;
  setInterval?(fn: () => void, ms: number): unknown;
  clearInterval?(handle: unknown): void;
}

/** How a request ended: its reply, or why there is none (a 'failed' reply, or a restart). */
type Outcome<K extends AnsweredType> = { reply: ReplyTo<K> } | { failed: string };

/** The reply to a 'save-list'; the reason it was not saved, thrown. */
function savedReply<R extends { error: string | null }>(o: { reply: R } | { failed: string }): R {
  const error = 'reply' in o ? o.reply.error : o.failed;
  if (error || !('reply' in o)) throw new Error(error ?? 'not saved');
  return o.reply;
}

/** A request waiting for its reply; K ties the reply type to the request type. */
interface PendingOf<K extends AnsweredType> {
  kind: K;
  settle(outcome: Outcome<K>): void;
  /** An import's list, as its pieces arrive. */
  pieces?: string[];
}

type Pending = { [K in AnsweredType]: PendingOf<K> }[AnsweredType];

/** An export file written in the worker and what it holds. */
export interface ExportedFile {
  blob: Blob;
  summary: ExportSummary;
}

/** An imported list: what the file held, the list, and the pieces it came in. */
export interface ListImport extends ImportSummary {
  /**
   * The URLs, one a line: the pieces joined, which V8 keeps as a rope. Read
   * rows through `pieces`: reading a character of this text flattens it, one
   * long copy on the page's thread.
   */
  text: string;
  pieces: ListPieces;
}

/** A view of a run's results as the worker computed it. */
export type ViewReply = Extract<WorkerReply, { type: 'viewed' }>;

export interface ExplainArgs {
  url: string;
  crawler: CrawlerSpec;
  normalise: boolean;
  robotsUrl: string;
  fetchStatus: FetchStatus;
  origins?: OriginFileSpec[];
}

/** The pieces joined with +, which V8 keeps as a rope: no copy of the whole list on the page's thread. */
function rope(pieces: readonly string[]): string {
  let text = '';
  for (const piece of pieces) text += piece;
  return text;
}

export class RobotsWorkerClient {
  private worker: WorkerLike;
  private nextId = 1;
  private version = 0;
  private text: string | null = null;
  private readonly pending = new Map<number, Pending>();
  private run: { id: number; handlers: RunHandlers } | null = null;
  /** The before/after comparison going on; it carries both texts, so a new text version does not void it. */
  private flipRun: { id: number; handlers: FlipHandlers } | null = null;
  /** The URL list the worker holds (sent or imported): it is not sent again. */
  private workerList: string | null = null;
  private lastHeard = 0;
  private readonly budgetMs: number;
  private extraBudgetMs = 0;
  private readonly now: () => number;
  private watchdog: unknown = null;
  /** Restarts since the last good reply: a text that crashes the worker is not re-sent forever. */
  private failedRestarts = 0;
  restarts = 0;

  constructor(private readonly opts: ClientOptions) {
    this.budgetMs = opts.budgetMs ?? 5000;
    this.now = opts.now ?? (() => performance.now());
    this.worker = this.spawn();
    const every = opts.setInterval ?? ((fn: () => void, ms: number) => setInterval(fn, ms));
    this.watchdog = every(() => this.checkBudget(), Math.max(50, Math.min(500, this.budgetMs / 4)));
  }

  /** The version of the text last sent. */
  get currentVersion(): number {
    return this.version;
  }

  get busy(): boolean {
    return this.pending.size > 0 || this.run !== null || this.flipRun !== null;
  }

  private spawn(): WorkerLike {
    const w = this.opts.create();
    w.onmessage = (e) => this.receive(e.data);
    w.onerror = (e) => {
      e.preventDefault?.();
      this.restart(
        `The worker crashed (${e.message || 'unknown error'}) and was restarted. Your robots.txt, URLs and crawlers are untouched.`,
      );
    };
    return w;
  }

  private send(msg: WorkerRequest, transfer?: Transferable[]): void {
    if (!this.busy) this.lastHeard = this.now();
    if (transfer) this.worker.postMessage(msg, transfer);
    else this.worker.postMessage(msg);
  }

  /**
   * Hands a robots.txt file's bytes to the worker (transferred: `bytes` is
   * empty afterwards); resolves with the text they decode to, which the
   * editor shows. Until that text is edited, the worker parses the bytes.
   */
  async openBytes(bytes: ArrayBuffer): Promise<{ text: string; invalidLines: number; shownPartOf: number | null }> {
    this.extraBudgetMs = Math.max(this.extraBudgetMs, Math.floor(bytes.byteLength / 2000));
    const o = await this.request(
      'open-bytes',
      (id) => ({ type: 'open-bytes', id, version: this.version, bytes }),
      undefined,
      [bytes],
    );
    if (!('reply' in o)) throw new Error(o.failed);
    return { text: o.reply.text, invalidLines: o.reply.invalidLines, shownPartOf: o.reply.shownPartOf };
  }

  /** Sends a new version of the robots.txt; resolves with its parse, or null if a newer version superseded it. */
  async setText(text: string): Promise<ParseSummary | null> {
    this.text = text;
    // A large text takes longer to parse: its budget grows with its size (1 s per MB).
    this.extraBudgetMs = Math.floor(text.length / 1000);
    this.version++;
    this.cancelRun();
    const version = this.version;
    const o = await this.request('set-text', (id) => ({ type: 'set-text', id, version, text }));
    return 'reply' in o && o.reply.version === this.version ? o.reply.summary : null;
  }

  /** Starts evaluating a URL list for the current text; a previous run is cancelled. */
  evaluate(params: EvaluateParams, handlers: RunHandlers): number {
    this.cancelRun();
    const id = this.nextId++;
    // The budget counts from now if the worker owed nothing before.
    const same = params.urlsText !== null && this.holdsList(params.urlsText);
    if (params.urlsText !== null) this.workerList = params.urlsText;
    this.send({ type: 'evaluate', id, version: this.version, ...params, urlsText: same ? null : params.urlsText });
    this.run = { id, handlers };
    return id;
  }

  /** Stops the run going on, if any; its replies are dropped from now on. */
  cancelRun(): void {
    if (!this.run) return;
    this.worker.postMessage({ type: 'cancel', id: this.run.id, version: this.version });
    this.run = null;
  }

  /** Starts comparing the deployed and the edited file; a previous comparison is cancelled. */
  compareFlips(params: FlipsParams, handlers: FlipHandlers): number {
    this.cancelFlips();
    const id = this.nextId++;
    const same = params.urlsText !== null && this.holdsList(params.urlsText);
    this.send({ type: 'flips', id, version: this.version, ...params, urlsText: same ? null : params.urlsText });
    this.flipRun = { id, handlers };
    return id;
  }

  /** Stops the comparison going on, if any; its replies are dropped from now on. */
  cancelFlips(): void {
    if (!this.flipRun) return;
    this.worker.postMessage({ type: 'flips-cancel', id: this.flipRun.id, version: this.version });
    this.flipRun = null;
  }

  /** The flips of comparison `run` a query keeps (at most its limit); null when the comparison is gone. */
  async flipsView(run: number, query: FlipQuery): Promise<FlipsView | null> {
    const o = await this.request('flips-view', (id) => ({ type: 'flips-view', id, version: this.version, run, query }));
    return 'reply' in o ? { run: o.reply.run, records: o.reply.records, count: o.reply.count } : null;
  }

  /** Writes the flips a query keeps as a file; null when the comparison is gone. */
  async flipsExport(
    run: number,
    query: FlipQuery,
    format: ExportFormat,
  ): Promise<{ blob: Blob; records: number } | null> {
    const version = this.version;
    const o = await this.request('flips-export', (id) => ({ type: 'flips-export', id, version, run, query, format }));
    return 'reply' in o ? { blob: o.reply.blob, records: o.reply.records } : null;
  }

  /** Explains one cell; resolves null when the text changed meanwhile. */
  async explain(args: ExplainArgs): Promise<ExplainResult | null> {
    const version = this.version;
    const o = await this.request('explain', (id) => ({ type: 'explain', id, version, ...args }));
    return 'reply' in o && o.reply.version === this.version ? o.reply.result : null;
  }

  /** The AI lens of the current text, with that text (its edits' offsets fit it); null when the text changed meanwhile. */
  async aiLens(): Promise<{ result: AiLensResult; text: string } | null> {
    const version = this.version;
    const text = this.text;
    const o = await this.request('ai-lens', (id) => ({ type: 'ai-lens', id, version }));
    return 'reply' in o && o.reply.version === this.version && text !== null ? { result: o.reply.result, text } : null;
  }

  /** Asks which rows of run `run` a query keeps; resolves null when the run is gone. */
  async view(run: number, query: ViewQuery): Promise<ViewReply | null> {
    const o = await this.request('view', (id) => ({ type: 'view', id, version: this.version, run, query }));
    return 'reply' in o ? o.reply : null;
  }

  /** The Sitemaps tab's report for the current text; resolves null when the text changed meanwhile. */
  async sitemaps(robotsUrl: string, list: SitemapListInfo | null, crawler: number): Promise<SitemapReport | null> {
    const version = this.version;
    const o = await this.request('sitemaps', (id) => ({ type: 'sitemaps', id, version, robotsUrl, list, crawler }));
    return 'reply' in o && o.reply.version === this.version ? o.reply.report : null;
  }

  /** Writes the records a query keeps as a file; resolves null when the run is gone. */
  async export(run: number, query: ViewQuery, format: ExportFormat, wide: boolean): Promise<ExportedFile | null> {
    const o = await this.request('export', (id) => ({
      type: 'export',
      id,
      version: this.version,
      run,
      query,
      format,
      wide,
    }));
    return 'reply' in o ? { blob: o.reply.blob, summary: o.reply.summary } : null;
  }

  /**
   * Reads a URL list file in the worker, which keeps the result as its
   * current list; resolves with what it held, or rejects with why not.
   */
  async importList(file: Blob, name: string, column: number | null): Promise<ListImport> {
    // Reading a large file takes time: 1 s more per 5 MB.
    this.extraBudgetMs = Math.max(this.extraBudgetMs, Math.floor(file.size / 5000));
    let pieces: string[] = [];
    const o = await this.request(
      'import',
      (id) => ({ type: 'import', id, version: this.version, file, name, column }),
      (p) => {
        pieces = p;
      },
    );
    if (!('reply' in o)) throw new Error(o.failed);
    const text = rope(pieces);
    this.workerList = text;
    return { ...o.reply.result, text, pieces: listPieces(pieces) };
  }

  /**
   * Has the worker read the URL list saved under `key` (IndexedDB) and keep
   * it as its current list; resolves with the list in pieces, null when none
   * was saved there, or rejects with why it could not be read.
   */
  async loadList(key: string): Promise<{ text: string; pieces: ListPieces } | null> {
    let pieces: string[] = [];
    const o = await this.request(
      'load-list',
      (id) => ({ type: 'load-list', id, version: this.version, key }),
      (p) => {
        pieces = p;
      },
    );
    if (!('reply' in o)) throw new Error(o.failed);
    if (o.reply.error) throw new Error(o.reply.error);
    if (!o.reply.found) return null;
    const text = rope(pieces);
    this.workerList = text;
    return { text, pieces: listPieces(pieces) };
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
    const o = await this.request('save-list', (id) => ({
      type: 'save-list',
      id,
      version: this.version,
      key,
      urlsText,
    }));
    return savedReply(o).urls;
  }

  /**
   * Sends the request `make` builds and waits for the reply of its type (the
   * map in protocol.ts says which), a 'failed' reply, or a restart.
   * `collect` receives an import's pieces before its reply settles.
   */
  private request<K extends AnsweredType>(
    kind: K,
    make: (id: number) => RequestOf<K>,
    collect?: (pieces: string[]) => void,
    transfer?: Transferable[],
  ): Promise<Outcome<K>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.send(make(id), transfer);
      const pending: PendingOf<K> = { kind, settle: resolve };
      if (collect) {
        pending.pieces = [];
        collect(pending.pieces);
      }
      // PendingOf<K> is one member of the Pending union for the K given; the compiler cannot see that for a generic K.
      this.pending.set(id, pending as unknown as Pending);
    });
  }

  /** Test hook for the restart path (test builds only): makes the worker throw or hang. */
  debugFault(fault: DebugFault): void {
    if (typeof __ROBOTS_LAB_FAULTS__ !== 'undefined' && __ROBOTS_LAB_FAULTS__) {
      // A crash or hang is owed an answer (a restart), so the watchdog watches for it.
      void this.request('debug-fault', (id) => ({ type: 'debug-fault', id, version: this.version, fault }));
    }
  }

  /** Settles the request a reply answers, if it is still waiting. */
  private answer(msg: ReplyTo<AnsweredType>): void {
    const p = this.pending.get(msg.id);
    if (!p || p.kind !== ANSWERS[msg.type]) return;
    this.pending.delete(msg.id);
    // ANSWERS maps each reply type to the request it answers, checked against ReplyTypes; the kind test above matched them.
    (p.settle as (o: { reply: typeof msg }) => void)({ reply: msg });
  }

  private receive(msg: WorkerReply): void {
    this.lastHeard = this.now();
    this.failedRestarts = 0;
    switch (msg.type) {
      case 'parsed':
      case 'bytes-opened':
      case 'explained':
      case 'ai-lensed':
      case 'viewed':
      case 'exported':
      case 'imported':
      case 'saved':
      case 'list-loaded':
      case 'sitemaps-checked':
      case 'flips-viewed':
      case 'flips-exported':
        this.answer(msg);
        return;
      case 'flips-chunk':
        if (this.flipRun?.id === msg.id) this.flipRun.handlers.onChunk(msg.progress, msg.tally);
        return;
      case 'flips-done':
        if (this.flipRun?.id === msg.id) {
          const h = this.flipRun.handlers;
          this.flipRun = null;
          h.onDone(msg.tally, msg.elapsedMs);
        }
        return;
      case 'list-piece':
        this.pending.get(msg.id)?.pieces?.push(msg.text);
        return;
      case 'run-started':
        if (this.isCurrentRun(msg))
          this.run!.handlers.onStart(msg.rows, msg.crawlers, { starts: msg.starts, ends: msg.ends });
        return;
      case 'run-chunk':
        if (this.isCurrentRun(msg)) this.run!.handlers.onChunk(msg);
        return;
      case 'run-done':
        if (this.isCurrentRun(msg)) {
          const h = this.run!.handlers;
          this.run = null;
          h.onDone(msg.rows, msg.elapsedMs);
        }
        return;
      case 'failed':
        this.failed(msg);
        return;
      default:
        assertNever(msg);
    }
  }

  /** A request failed: its caller hears why; a failed parse, explanation or run of the current version is reported. */
  private failed(msg: Extract<WorkerReply, { type: 'failed' }>): void {
    const p = this.pending.get(msg.id);
    if (p) {
      this.pending.delete(msg.id);
      p.settle({ failed: msg.message });
      if (p.kind !== 'set-text' && p.kind !== 'explain') return;
    }
    if (this.flipRun && this.flipRun.id === msg.id) {
      const h = this.flipRun.handlers;
      this.flipRun = null;
      h.onError(msg.message);
      return;
    }
    if (this.run && this.run.id === msg.id) {
      const h = this.run.handlers;
      this.run = null;
      if (msg.version === this.version) h.onError(msg.message);
      return;
    }
    if (msg.version === this.version) this.opts.onFailure?.(msg.message);
  }

  private isCurrentRun(msg: { id: number; version: number }): boolean {
    return this.run !== null && this.run.id === msg.id && msg.version === this.version;
  }

  private checkBudget(): void {
    if (!this.busy) return;
    const silent = this.now() - this.lastHeard;
    const budget = this.budgetMs + this.extraBudgetMs;
    if (silent > budget) {
      this.restart(
        `The worker did not answer within ${Math.round(budget / 100) / 10} s and was restarted. Your robots.txt, URLs and crawlers are untouched.`,
      );
    }
  }

  /** Terminates the worker and starts a fresh one; pending answers resolve to null. */
  restart(message: string): void {
    this.worker.onmessage = null;
    this.worker.onerror = null;
    this.worker.terminate();
    this.restarts++;
    this.failedRestarts++;
    for (const p of this.pending.values())
      p.settle({
        failed: p.kind === 'import' ? 'The worker restarted while reading the file.' : 'the worker restarted',
      });
    this.pending.clear();
    const run = this.run;
    this.run = null;
    const flipRun = this.flipRun;
    this.flipRun = null;
    this.worker = this.spawn();
    this.workerList = null;
    // Any reply still in flight belongs to the old worker: bump the version.
    this.version++;
    run?.handlers.onError(message);
    flipRun?.handlers.onError(message);
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
    this.worker.terminate();
    this.pending.clear();
    this.run = null;
    this.flipRun = null;
  }
}
