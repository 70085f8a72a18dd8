/**
 * The page's only way to talk to the robots.txt worker: typed calls and
 * streams (rpc.ts) on the methods of `RobotsApi` (api.ts). Answers for an
 * old version of the text or a replaced run are dropped here, so callers only
 * ever see current answers. A worker that crashes, or goes silent for longer
 * than its budget while it owes an answer, is terminated and restarted; the
 * caller's state is untouched, and the owner sends it again (`onRestart`).
 */
import type {
  EvaluateParams,
  ExplainArgs,
  FlipProgress,
  FlipsParams,
  ListHandle,
  RunChunk,
  RunStart,
  SitemapListInfo,
} from '../model/wire';
import type { RobotsApi } from './api';
import { type ArgOf, Connection, messageOf, type Port, type ResultOf } from './rpc';

/** The parts of a Worker the client uses (a fake in tests). */
export interface WorkerLike extends Port {
  terminate(): void;
  onerror: ((e: ErrorEvent) => void) | null;
}

export interface ClientOptions {
  create(): WorkerLike;
  /** How long the worker may stay silent while it owes an answer. */
  budgetMs?: number;
  /** Called after the worker was restarted, with a sentence for the user. */
  onRestart?(message: string): void;
  /** Called when the worker fails to parse or explain the current text. */
  onFailure?(message: string): void;
}

export class RobotsWorkerClient {
  private worker: WorkerLike;
  private rpc: Connection<RobotsApi>;
  private version = 0;
  private text: string | null = null;
  /** The number the next held list gets. */
  private nextList = 1;
  /** Reads the held list again (a restarted worker holds nothing), or null when none is held. */
  private reread: (() => Promise<unknown>) | null = null;
  private readonly budgetMs: number;
  private extraBudgetMs = 0;
  private readonly watchdog: ReturnType<typeof setInterval>;
  /** Restarts since the last good answer: a text that crashes the worker is not re-sent forever. */
  private failedRestarts = 0;
  restarts = 0;

  constructor(private readonly opts: ClientOptions) {
    this.budgetMs = opts.budgetMs ?? 5000;
    [this.worker, this.rpc] = this.spawn();
    this.watchdog = setInterval(() => this.checkBudget(), Math.max(50, Math.min(500, this.budgetMs / 4)));
  }

  /** The version of the text last sent. */
  get currentVersion(): number {
    return this.version;
  }

  private spawn(): [WorkerLike, Connection<RobotsApi>] {
    const w = this.opts.create();
    const rpc = new Connection<RobotsApi>(w, () => performance.now());
    w.onerror = (e) => {
      e.preventDefault?.();
      this.restart(
        `The worker crashed (${e.message || 'unknown error'}) and was restarted. Your robots.txt, URLs and crawlers are untouched.`,
      );
    };
    return [w, rpc];
  }

  /**
   * Hands a robots.txt file's bytes to the worker (transferred: `bytes` is
   * empty afterwards); resolves with the text they decode to, which the
   * editor shows. Until that text is edited, the worker parses the bytes.
   */
  openBytes(bytes: ArrayBuffer) {
    this.extraBudgetMs = Math.max(this.extraBudgetMs, Math.floor(bytes.byteLength / 2000));
    return this.rpc.call('openBytes', bytes, [bytes]);
  }

  /** Sends a new version of the robots.txt; resolves with its parse, or null if a newer version superseded it. */
  setText(text: string) {
    this.text = text;
    // A large text takes longer to parse: its budget grows with its size (1 s per MB).
    this.extraBudgetMs = Math.floor(text.length / 1000);
    const version = ++this.version;
    return this.current(version, this.rpc.call('setText', { version, text }));
  }

  /** The answer of a call made for `version`, or null when the text changed meanwhile (a failure is reported then). */
  private async current<T>(version: number, answer: Promise<T>): Promise<T | null> {
    try {
      const value = await answer;
      return version === this.version ? value : null;
    } catch (e) {
      if (version === this.version) this.opts.onFailure?.(messageOf(e));
      return null;
    }
  }

  /**
   * Evaluates a URL list for the current text as run `params.run`: its pieces
   * reach `onPiece` until the answer; `signal` cancels it. The owner cancels
   * a run when it sends a new text.
   */
  evaluate(
    params: EvaluateParams & { run: number },
    onPiece: (piece: RunStart | RunChunk) => void,
    signal: AbortSignal,
  ) {
    return this.rpc.stream('evaluate', { ...params, version: this.version }, onPiece, signal);
  }

  /** Compares the deployed and the edited file as comparison `params.run`, streamed like `evaluate`. */
  flips(params: FlipsParams & { run: number }, onPiece: (progress: FlipProgress) => void, signal: AbortSignal) {
    return this.rpc.stream('flips', params, onPiece, signal);
  }

  /** A question about the run or the comparison the worker holds (a view, an export); null when it is gone. */
  about<K extends 'view' | 'export' | 'flipsView' | 'flipsExport'>(
    method: K,
    arg: ArgOf<RobotsApi[K]>,
  ): Promise<ResultOf<RobotsApi[K]> | null> {
    return this.rpc.call(method, arg).catch(() => null);
  }

  /** Explains one cell; resolves null when the text changed meanwhile. */
  explain(args: ExplainArgs) {
    const version = this.version;
    return this.current(version, this.rpc.call('explain', { ...args, version }));
  }

  /** The AI lens of the current text, with that text (its edits' offsets fit it); null when the text changed meanwhile. */
  async aiLens() {
    const version = this.version;
    const text = this.text;
    const result = await this.rpc.call('aiLens', { version }).catch(() => null);
    return result && version === this.version && text !== null ? { result, text } : null;
  }

  /** The Sitemaps tab's report for the current text; resolves null when the text changed meanwhile. */
  async sitemaps(robotsUrl: string, list: SitemapListInfo | null, crawler: number) {
    const version = this.version;
    const report = await this.rpc.call('sitemaps', { version, robotsUrl, list, crawler }).catch(() => null);
    return version === this.version ? report : null;
  }

  /**
   * Reads a URL list file in the worker; a long list stays there as its held
   * list (a handle comes back), a short one comes back as text. A CSV with no
   * `column` yet answers its header and first rows. Rejects with why the file
   * could not be read.
   */
  async importList(file: Blob, name: string, column: number | null) {
    // Reading a large file takes time: 1 s more per 5 MB (the worker's counts of URLs read keep it heard).
    this.extraBudgetMs = Math.max(this.extraBudgetMs, Math.floor(file.size / 5000));
    const restarts = this.restarts;
    const id = this.nextList++;
    // Its pieces (counts of URLs read) only keep the worker heard.
    const read = () => this.rpc.call('importList', { file, name, column, id });
    try {
      const answer = await read();
      if (answer.kind === 'list' && answer.handle) this.reread = read;
      return answer;
    } catch (e) {
      throw this.restarts === restarts ? e : new Error('The worker restarted while reading the file.');
    }
  }

  /**
   * Has the worker read the URL list saved under `key` (IndexedDB) and hold
   * it; resolves with its handle (named `name`), null when none was saved
   * there, or rejects with why it could not be read.
   */
  async loadList(key: string, name: string | null): Promise<ListHandle | null> {
    this.extraBudgetMs = Math.max(this.extraBudgetMs, 20_000);
    const id = this.nextList++;
    const read = () => this.rpc.call('loadList', { key, id });
    const handle = await read();
    if (!handle) return null;
    this.reread = read;
    return { ...handle, name };
  }

  /** After a restart: has the fresh worker read the held list again; settles either way; null when none is held. */
  rehold(): Promise<unknown> | null {
    return this.reread?.().catch(() => undefined) ?? null;
  }

  /** Rows [from, to) of held list `id`; null when it is no longer held. */
  listRows(id: number, from: number, to: number): Promise<string[] | null> {
    return this.rpc.call('listRows', { id, from, to }).catch(() => null);
  }

  /** The whole text of held list `id` (one copy, for the URL editor); null when it is no longer held. */
  listText(id: number): Promise<string | null> {
    return this.rpc.call('listText', { id }).catch(() => null);
  }

  /**
   * Saves the held URL list in IndexedDB from the worker, so the page's
   * thread never copies a huge string for storage. Resolves with its count
   * of URLs; rejects with the reason when it could not be saved.
   */
  saveList(key: string) {
    return this.rpc.call('saveList', { key });
  }

  private checkBudget(): void {
    if (this.rpc.owed === 0) return;
    const silent = performance.now() - this.rpc.lastHeard;
    const budget = this.budgetMs + this.extraBudgetMs;
    if (silent > budget) {
      this.restart(
        `The worker did not answer within ${Math.round(budget / 100) / 10} s and was restarted. Your robots.txt, URLs and crawlers are untouched.`,
      );
    }
  }

  /** Terminates the worker and starts a fresh one; calls owed an answer fail (the owner ends its streams). */
  restart(message: string): void {
    this.worker.onerror = null;
    this.worker.terminate();
    this.restarts++;
    this.failedRestarts = this.rpc.answered ? 1 : this.failedRestarts + 1;
    // Any answer still in flight belongs to the old worker: bump the version.
    this.version++;
    const old = this.rpc;
    [this.worker, this.rpc] = this.spawn();
    old.close('the worker restarted');
    this.opts.onRestart?.(message);
  }

  /** True when restarts keep failing (the same input crashes the worker again). */
  get crashLooping(): boolean {
    return this.failedRestarts > 2;
  }

  dispose(): void {
    clearInterval(this.watchdog);
    this.rpc.close('the worker was closed');
    this.worker.terminate();
  }
}
