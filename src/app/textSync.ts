/**
 * Carries the editor's text to the store at most once per animation frame,
 * without reading the whole document per change.
 *
 * Input events (an IME, dictation, a text expander, `insertText`) arrive one
 * line at a time. Copying the whole document into the store on each of them
 * made every event cost O(document): the copy, the persistence check and the
 * controller's re-parse timer, so 2,000 inserted lines froze the page for
 * seconds and 50,000 for minutes. Here an edit only marks the text dirty; the
 * copy happens once on the next frame, or at once when the page is hidden or
 * the editor goes, so nothing typed is lost.
 *
 * The copy itself is `DocMirror`'s: CodeMirror's `doc.toString()` builds the
 * string from every line (0.3 s for 10 MB), so the mirror keeps the last
 * string and applies the changes since (slices of the old string around the
 * inserted text, joined). Only a large insertion (a paste, a redo) is read
 * from the document, in slices, one task each.
 */
import type { ChangeSet, Text } from '@codemirror/state';

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
  /** A change not written yet (its frame may have come while the text was not ready). */
  private dirty = false;

  constructor(
    /**
     * Reads the current text, once per frame; null when it is not ready yet
     * (the reader calls `changed()` again when it is). `urgent`: the page is
     * going, the text is needed now whatever it costs.
     */
    private readonly read: (urgent: boolean) => string | null,
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
    this.dirty = true;
    if (this.handle !== null) return;
    this.handle = this.frames.request(() => {
      this.handle = null;
      const text = this.read(false);
      if (text === null) return;
      this.dirty = false;
      this.write(text);
    });
  }

  /** The text is ready again after `read` returned null: copy it if a change still waits. */
  resume(): void {
    if (this.dirty) this.changed();
  }

  /** Copies a pending change now (page hidden, editor destroyed). */
  flush(): void {
    if (!this.dirty) return;
    this.cancel();
    const text = this.read(true);
    if (text !== null) this.write(text);
  }

  /** Drops a pending change (the text was replaced from elsewhere, which wins). */
  cancel(): void {
    this.dirty = false;
    if (this.handle === null) return;
    this.frames.cancel(this.handle);
    this.handle = null;
  }
}

/** Inserted text beyond this many characters is read from the document in slices of this size, one task each (the default). */
const SLICE_CHARS = 1 << 18;

/** Schedules the next slice of a large read (a browser task, or a test's queue). */
export type NextTask = (fn: () => void) => void;

const browserNextTask: NextTask = (fn) => {
  setTimeout(fn, 0);
};

/**
 * `text` with `changes` applied: the unchanged stretches are slices of it,
 * joined with `+`. V8 keeps such a join as a rope, and a slice of the whole
 * string is the string itself: typing at the end of a 1 MB document costs
 * no copy per frame (a join copied the megabyte each time, about 1 ms, and
 * left it to the garbage collector). An edit inside the text still copies it
 * once, when the slice flattens the rope.
 */
function applyChanges(text: string, changes: ChangeSet): string {
  let out = '';
  let pos = 0;
  changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
    out += text.slice(pos, fromA) + inserted.toString();
    pos = toA;
  });
  return out + text.slice(pos);
}

/**
 * The editor document as one string, kept up to date from each
 * transaction's changes: `update` costs the size of the change, `current`
 * one join of the string (a copy, no per-line work). A document or an
 * insertion over `SLICE_CHARS` is read from the (immutable) document in
 * slices instead; meanwhile `current` is null, and `ready` is called when
 * the string is whole again.
 */
export class DocMirror {
  private text = '';
  private doc: Text;
  /** Changes since `text` (or since the slices' document), composed. */
  private pending: ChangeSet | null = null;
  private insertedSince = 0;
  private reading: { stop: boolean } | null = null;

  constructor(
    doc: Text,
    private readonly ready: () => void,
    /** The document's text when the caller has it (the text the editor was made from). */
    text?: string,
    private readonly next: NextTask = browserNextTask,
    /** Inserted text beyond this many characters is read from the document in slices of this size. */
    private readonly sliceChars = SLICE_CHARS,
  ) {
    this.doc = doc;
    this.reset(text ?? null, doc);
  }

  /** A transaction changed the document by `changes`, to `doc`. */
  update(changes: ChangeSet, doc: Text): void {
    this.pending = this.pending ? this.pending.compose(changes) : changes;
    this.doc = doc;
    changes.iterChangedRanges((_fa, _ta, fromB, toB) => {
      this.insertedSince += toB - fromB;
    });
    if (!this.reading && this.insertedSince > this.sliceChars) this.readInSlices();
  }

  /**
   * The document is now `doc`, whose text the caller may know (`text`, set
   * from elsewhere): it is taken as it is unless it has line ends the editor
   * changed (\r), in which case the document is read.
   */
  reset(text: string | null, doc: Text): void {
    this.stopReading();
    this.doc = doc;
    this.pending = null;
    this.insertedSince = 0;
    if (text !== null && text.length === doc.length && !text.includes('\r')) this.text = text;
    else if (doc.length > this.sliceChars) this.readInSlices();
    else this.text = doc.toString();
  }

  /** The document's text; null while a large part of it is being read. */
  current(): string | null {
    if (this.reading) return null;
    if (this.pending) {
      this.text = applyChanges(this.text, this.pending);
      this.pending = null;
      this.insertedSince = 0;
    }
    return this.text;
  }

  /** The document's text now, read at once if need be (the page is going). */
  now(): string {
    if (this.reading) {
      this.stopReading();
      this.text = this.doc.toString();
      this.pending = null;
      this.insertedSince = 0;
    }
    return this.current()!;
  }

  /** Stops a slice reading in progress (the editor goes). */
  destroy(): void {
    this.stopReading();
  }

  private stopReading(): void {
    if (this.reading) this.reading.stop = true;
    this.reading = null;
  }

  /** Reads the document as it is now in slices; the changes made meanwhile are applied after. */
  private readInSlices(): void {
    const job = { stop: false };
    this.reading = job;
    const doc = this.doc;
    this.pending = null;
    this.insertedSince = 0;
    const pieces: string[] = [];
    const step = (at: number) => {
      if (job.stop) return;
      const end = Math.min(doc.length, at + this.sliceChars);
      // Line by line into one join: `sliceString` would build a string of a piece per line, flattened later all at once.
      const parts: string[] = [];
      for (const lines = doc.iterRange(at, end); !lines.next().done; ) parts.push(lines.value);
      pieces.push(parts.join(''));
      if (end < doc.length) {
        this.next(() => step(end));
        return;
      }
      this.reading = null;
      this.text = pieces.join('');
      // Another large insertion while reading: read again rather than copy it at once.
      if (this.insertedSince > this.sliceChars) this.readInSlices();
      else this.ready();
    };
    this.next(() => step(0));
  }
}
