/**
 * The page's pacings: the newest text goes to the worker as soon as it is
 * idle (`LatestWins`), and a stream from a worker (a run's verdicts, a
 * comparison's flips, a log audit) is followed one way (`StreamFollower`),
 * reaching the screen a few times a second. Nothing waits on
 * the size of the input.
 */
import { isAbort } from '../worker/rpc';

/** How often a stream's progress is shown, at most. */
const FLUSH_MS = 150;

/**
 * Latest wins: `send` starts at once when nothing it started is in flight;
 * while one is, a new input only marks the state dirty, and when the one in
 * flight settles the newest input is sent (once, however many came).
 */
export class LatestWins {
  private inFlight = false;
  private dirty = false;

  constructor(private readonly send: () => Promise<unknown>) {}

  /** The input changed: send it now, or once the send in flight has settled. */
  poke(): void {
    this.dirty = true;
    if (this.inFlight) return;
    this.inFlight = true;
    this.dirty = false;
    const settled = () => {
      this.inFlight = false;
      if (this.dirty) this.poke();
    };
    this.send().then(settled, settled);
  }
}

/** What a follower does with its streams. */
export interface StreamSink<Piece, End> {
  /** Folds a piece in; true to show it at once, not with the next throttled show. */
  piece(piece: Piece): boolean;
  /** Shows the state so far. */
  show(): void;
  /** The stream ended (a last `show` follows). */
  end(end: End): void;
  /** The stream failed, or the worker restarted under it. */
  failed(message: string): void;
}

/** Makes the call of stream number `id`: its pieces to `onPiece` until the answer; `signal` cancels it. */
type Open<Piece, End> = (id: number, onPiece: (piece: Piece) => void, signal: AbortSignal) => Promise<End>;

/**
 * Follows one kind of stream from a worker: one stream at a time (a new one
 * cancels the one going on, whose late pieces are dropped); each piece is
 * folded in as it comes; the screen shows the state at most every FLUSH_MS
 * (at once when the fold asks for it, and at the end); and of the questions
 * asked about the result set, only the latest is answered.
 */
export class StreamFollower<Piece, End> {
  private current: AbortController | null = null;
  private started = 0;
  private asked = 0;
  /** A show waits for its turn and its frame. */
  private showPending = false;
  private lastShown = Number.NEGATIVE_INFINITY;

  constructor(private readonly sink: StreamSink<Piece, End>) {}

  /** Shows the state soon: at most once per FLUSH_MS, on an animation frame; requests in between coalesce. */
  private showSoon(): void {
    if (this.showPending) return;
    this.showPending = true;
    const wait = Math.max(0, this.lastShown + FLUSH_MS - performance.now());
    setTimeout(() => requestAnimationFrame(() => this.showPending && this.showNow()), wait);
  }

  /** Shows the state now (and drops a pending show). */
  private showNow(): void {
    this.showPending = false;
    this.lastShown = performance.now();
    this.sink.show();
  }

  /** Starts the next stream with `open`, cancelling the one going on; answers its number. */
  start(open: Open<Piece, End>): number {
    this.cancel();
    const ctl = new AbortController();
    this.current = ctl;
    const live = () => this.current === ctl;
    const onPiece = (piece: Piece) => {
      if (!live()) return;
      if (this.sink.piece(piece)) this.showNow();
      else this.showSoon();
    };
    const id = ++this.started;
    open(id, onPiece, ctl.signal).then(
      (end) => {
        if (!live()) return;
        this.current = null;
        this.sink.end(end);
        this.showNow();
      },
      (e: unknown) => {
        if (live() && !isAbort(e)) this.fail(e instanceof Error ? e.message : String(e));
      },
    );
    return id;
  }

  /** Cancels the stream going on, if any: in the worker too, and its late pieces are dropped. */
  cancel(): void {
    this.current?.abort();
    this.current = null;
  }

  /** Ends the stream going on, if any, with `message` (the worker restarted under it, say). */
  fail(message: string): void {
    if (!this.current) return;
    this.cancel();
    this.sink.failed(message);
  }

  /** The answer to a question about the result set, or null when a later question was asked meanwhile. */
  async ask<T>(answer: Promise<T>): Promise<T | null> {
    const n = ++this.asked;
    const value = await answer;
    return n === this.asked ? value : null;
  }
}
