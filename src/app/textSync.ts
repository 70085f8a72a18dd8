/**
 * Carries the editor's text to the store at most once per animation frame.
 *
 * Input events (an IME, dictation, a text expander, `insertText`) arrive one
 * line at a time. Copying the whole document into the store on each of them
 * made every event cost O(document): the copy, the persistence check and the
 * controller's re-parse timer, so 2,000 inserted lines froze the page for
 * seconds and 50,000 for minutes. Here an edit only marks the text dirty; the
 * copy happens once on the next frame, or at once when the page is hidden or
 * the editor goes, so nothing typed is lost.
 */

/** How the sync schedules its one copy per frame (the browser's, or a test's). */
export interface FrameScheduler {
  request(fn: () => void): unknown;
  cancel(handle: unknown): void;
}

const browserFrames: FrameScheduler = {
  request: (fn) => requestAnimationFrame(() => fn()),
  cancel: (handle) => cancelAnimationFrame(handle as number),
};

/** Coalesces "the text changed" signals into one `write(read())` per frame. */
export class CoalescedTextSync {
  private handle: unknown = null;

  constructor(
    /** Reads the current text (the O(document) copy, done once per frame). */
    private readonly read: () => string,
    /** Hands the text on (to the store). */
    private readonly write: (text: string) => void,
    private readonly frames: FrameScheduler = browserFrames,
  ) {}

  /** True while a change waits for its frame. */
  get pending(): boolean {
    return this.handle !== null;
  }

  /** The text changed: copy it on the next frame (further changes until then ride along). */
  changed(): void {
    if (this.handle !== null) return;
    this.handle = this.frames.request(() => {
      this.handle = null;
      this.write(this.read());
    });
  }

  /** Copies a pending change now (page hidden, editor destroyed). */
  flush(): void {
    if (this.handle === null) return;
    this.frames.cancel(this.handle);
    this.handle = null;
    this.write(this.read());
  }

  /** Drops a pending change (the text was replaced from elsewhere, which wins). */
  cancel(): void {
    if (this.handle === null) return;
    this.frames.cancel(this.handle);
    this.handle = null;
  }
}
