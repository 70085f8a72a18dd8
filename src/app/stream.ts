/**
 * The page's one way to follow a stream from a worker: a run's verdicts, a
 * comparison's flips, a log audit. One stream at a time per follower (a new
 * one cancels the one going on, whose late pieces are dropped); each piece is
 * folded in as it comes; the screen shows the state at most every FLUSH_MS
 * (at once when the fold asks for it, and at the end); and of the questions
 * asked about the result set, only the latest is answered.
 */
import { isAbort } from '../worker/rpc';
import { type Clock, FLUSH_MS, Throttle } from './pacing';

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

/** Follows one kind of stream (see the module's comment). */
export class StreamFollower<Piece, End> {
  private current: AbortController | null = null;
  private started = 0;
  private asked = 0;
  private readonly refresh: Throttle;

  constructor(
    clock: Clock,
    private readonly sink: StreamSink<Piece, End>,
  ) {
    this.refresh = new Throttle(clock, FLUSH_MS, () => sink.show());
  }

  /** Starts the next stream with `open`, cancelling the one going on; answers its number. */
  start(open: Open<Piece, End>): number {
    this.cancel();
    const ctl = new AbortController();
    this.current = ctl;
    const live = () => this.current === ctl;
    const onPiece = (piece: Piece) => {
      if (!live()) return;
      if (this.sink.piece(piece)) this.refresh.now();
      else this.refresh.request();
    };
    const id = ++this.started;
    open(id, onPiece, ctl.signal).then(
      (end) => {
        if (!live()) return;
        this.current = null;
        this.sink.end(end);
        this.refresh.now();
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
