/**
 * The controller's two pacings: the newest text goes to the worker as soon as
 * it is idle (`LatestWins`), and a streaming run reaches the screen a few
 * times a second (`Throttle`). Nothing waits on the size of the input.
 */

/** How often a streaming run's progress is shown, at most. */
export const FLUSH_MS = 150;

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
    if (this.inFlight) {
      this.dirty = true;
      return;
    }
    this.inFlight = true;
    this.dirty = false;
    const settled = () => {
      this.inFlight = false;
      if (this.dirty) this.poke();
    };
    this.send().then(settled, settled);
  }
}

/** The clock and the frame callback the throttle uses (the browser's, or a test's). */
export interface Clock {
  now(): number;
  frame(fn: () => void): void;
}

/** The browser's clock and animation frames. */
export const browserClock: Clock = {
  now: () => performance.now(),
  frame: (fn) => requestAnimationFrame(() => fn()),
};

/** Calls `fn` at most once per `everyMs`, on an animation frame; requests in between coalesce. */
export class Throttle {
  private pending = false;
  private last = Number.NEGATIVE_INFINITY;

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
