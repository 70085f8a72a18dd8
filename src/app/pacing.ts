/**
 * How often a streaming run reaches the screen. Chunks arrive every ~20 ms;
 * each showing re-renders the table and the totals, and at every frame that
 * took more of the two cores than the worker could spare.
 */

/** How often a streaming run's progress is shown, at most. */
export const FLUSH_MS = 150;

/** How often the editor's deciding-line markers follow a streaming run, at most. */
export const MARKERS_MS = 1000;

/** Delay before re-parsing: immediate for small files, longer for huge pastes. */
export function textDelay(text: string): number {
  return Math.min(150, 5 + Math.floor(text.length / 50_000));
}

/** Delay before a new run after its inputs changed: longer for a large list still being typed or pasted. */
export function runDelay(urlText: string): number {
  return urlText.length > 200_000 ? 200 : 40;
}

/** The clock and the frame callback pacing uses (the browser's, or a test's). */
export interface Clock {
  now(): number;
  frame(fn: () => void): void;
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
