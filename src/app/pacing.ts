/**
 * How often a streaming run reaches the screen. Chunks arrive every ~20 ms;
 * each showing re-renders the table and the totals, and at every frame that
 * took more of the two cores than the worker could spare.
 */

/** How often a streaming run's progress is shown, at most. */
export const FLUSH_MS = 150;

/** How often the editor's deciding-line markers follow a streaming run, at most. */
export const MARKERS_MS = 1000;

/** Changes closer together than this are a burst (one per frame while lines are inserted). */
const BURST_GAP_MS = 40;

/** The least wait once changes come as a burst, whatever the file's size. */
const BURST_DELAY_MS = 60;

/**
 * How the wait before a re-parse follows a change to the text: short for a
 * change on its own (a keystroke), longer while changes come as a burst.
 */
export interface TextWait {
  /** For a change on its own: 5 ms, plus 1 ms per 50,000 characters, at most 150 ms (reached near 7.3 MB). */
  alone: number;
  /**
   * For a change in a burst: 5 ms plus 1 ms per 400 characters, at most
   * 150 ms (reached near 58 KB), and never under `BURST_DELAY_MS`. A burst of
   * inserted lines reaches the store about once per frame; one parse at its
   * end, not one per frame, each of which pushed diagnostics and restarted
   * the run.
   */
  burst: number;
}

/**
 * The wait before re-parsing `text`. A keystroke waited the burst's wait
 * too, once: 150 ms for the 500 KiB bench file, so its verdicts came
 * 200 ms after the key (page.bench.ts), against 77 ms with the short wait.
 */
export function textWait(text: string): TextWait {
  return {
    alone: Math.min(150, 5 + Math.floor(text.length / 50_000)),
    burst: Math.max(BURST_DELAY_MS, Math.min(150, 5 + Math.floor(text.length / 400))),
  };
}

/** The timers an `IdleDebounce` uses (the browser's, or a test's fake ones). */
export interface Timers {
  now(): number;
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimers: Timers = {
  now: () => performance.now(),
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Calls `fn` once its input has gone idle: each `poke(wait)` restarts the
 * wait, `alone` long, or `burst` long (at least `BURST_DELAY_MS`) for a poke
 * closer than `BURST_GAP_MS` to the one before, so even a small file's burst
 * ends in one call.
 */
export class IdleDebounce {
  private handle: unknown = null;
  private lastPoke = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly fn: () => void,
    private readonly timers: Timers = browserTimers,
  ) {}

  /** True while a call waits for the input to go idle. */
  get pending(): boolean {
    return this.handle !== null;
  }

  /** The input changed: call `fn` once it has stayed unchanged for the wait (a number: the same wait alone or in a burst, at least `BURST_DELAY_MS` in one). */
  poke(wait: number | TextWait): void {
    const { alone, burst: inBurst } = typeof wait === 'number' ? { alone: wait, burst: wait } : wait;
    const now = this.timers.now();
    const burst = now - this.lastPoke < BURST_GAP_MS;
    this.lastPoke = now;
    if (this.handle !== null) this.timers.clear(this.handle);
    this.handle = this.timers.set(
      () => {
        this.handle = null;
        this.fn();
      },
      burst ? Math.max(inBurst, BURST_DELAY_MS) : alone,
    );
  }

  /** Drops a waiting call. */
  cancel(): void {
    if (this.handle !== null) this.timers.clear(this.handle);
    this.handle = null;
  }
}

/** Delay before a new run after its inputs changed: longer for a large list still being typed or pasted. */
export function runDelay(urlText: string): number {
  return urlText.length > 200_000 ? 200 : 40;
}

/** The clock and the frame callback pacing uses (the browser's, or a test's). */
export interface Clock {
  now(): number;
  frame(fn: () => void): void;
  /** Runs `fn` as a task of its own, after what is queued (the page: a zero timeout). */
  task(fn: () => void): void;
}

/** Calls `fn` at most once per `everyMs`, on an animation frame; requests in between coalesce. */
export class Throttle {
  private pending = false;
  private last = 0;

  constructor(
    private readonly clock: Clock,
    private readonly everyMs: number,
    private readonly fn: () => void,
  ) {}

  /** Asks for a call soon. */
  request(): void {
    if (this.pending) return;
    this.pending = true;
    const wait = Math.max(0, this.last + this.everyMs - this.clock.now());
    setTimeout(() => this.clock.frame(() => this.pending && this.now()), wait);
  }

  /** Calls now (and drops a pending request). */
  now(): void {
    this.pending = false;
    this.last = this.clock.now();
    this.fn();
  }
}

/**
 * Runs `fn` in a task of its own, at most once per `everyMs` while a run
 * streams, and at once for the final state (`final`). The editor's
 * deciding-line markers take 10-20 ms to rebuild for a large file: too much
 * to add to a render of the table.
 */
export class MarkerPacer {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private shown = 0;

  constructor(
    private readonly clock: Clock,
    private readonly everyMs: number,
    private readonly fn: () => void,
  ) {}

  request(final: boolean): void {
    if (this.timer !== null) {
      if (!final) return;
      clearTimeout(this.timer);
    }
    const wait = final ? 0 : Math.max(0, this.shown + this.everyMs - this.clock.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.shown = this.clock.now();
      this.fn();
    }, wait);
  }

  /** Drops a pending call. */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
