/**
 * A large clipboard paste, read in slices. CodeMirror's own paste splits the
 * whole clipboard text into lines and builds the document tree in the paste
 * event's task: 10 MB (half a million lines) held the page for over a
 * second. Here a paste above `BIG_PASTE_CHARS` is cut at line ends into
 * slices of about `SLICE_CHARS`; each slice is split and made a `Text` in a task
 * of its own, and the slices are joined (a tree operation, not a copy) and
 * inserted in one transaction: one undo step, as a paste is. Edits made
 * while the slices are read are kept; the paste lands where the selection
 * was, before them.
 */
import { type ChangeSet, EditorSelection, Text } from '@codemirror/state';
import { type EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import { insertedText } from './blockInput';
import { withoutParse } from './parseLater';

/** Clipboard text longer than this (in characters) is read in slices (see SLICE_CHARS). */
const BIG_PASTE_CHARS = 1 << 16;
/**
 * The size of a slice. Pastes between the two sizes are one slice: read in
 * a task of its own, then inserted in another. CodeMirror's own paste of
 * 5,000 groups (15,000 lines, 150 KB) took 39-52 ms in the paste event.
 */
const SLICE_CHARS = 1 << 18;

/** What the page is told about a large paste: its size, and whether it is in the editor yet. */
export interface BigPaste {
  chars: number;
  /** Lines of the pasted text; known once it is read. */
  lines: number | null;
  done: boolean;
}

/** How the slices are spread over tasks (the browser's timers, or a test's). */
export type NextTask = (fn: () => void) => void;

const browserNextTask: NextTask = (fn) => {
  setTimeout(fn, 0);
};

/** The end of the slice starting at `at`: just past the first line end at or after `at + size`, or the text's end. */
function sliceEnd(text: string, at: number, size: number): number {
  if (at + size >= text.length) return text.length;
  const nl = text.indexOf('\n', at + size - 1);
  return nl < 0 ? text.length : nl + 1;
}

/**
 * Reads `text` into a `Text` in slices, one per `next` task, and calls
 * `done` with it in a task after the last. Line ends are split as CodeMirror splits them (\n, \r\n
 * and a lone \r). Returns a function that stops the reading.
 */
export function textInSlices(
  text: string,
  done: (doc: Text) => void,
  next: NextTask = browserNextTask,
  size = SLICE_CHARS,
): () => void {
  let stopped = false;
  // Each slice ends in a line end (but the last): its split ends with an empty line, onto which the next slice's first line is joined.
  let doc = Text.empty;
  let at = 0;
  const step = () => {
    if (stopped) return;
    const end = sliceEnd(text, at, size);
    const part = Text.of(text.slice(at, end).split(/\r\n?|\n/));
    doc = at === 0 ? part : doc.append(part);
    at = end;
    if (at < text.length) next(step);
    // The insertion (a transaction, Lezer's first parse, the view's update) in a task of its own:
    // with the last slice it made one task of ~60 ms for 100,000 rules (CPU profile, 2026-11-23).
    else
      next(() => {
        if (!stopped) done(doc);
      });
  };
  next(step);
  return () => {
    stopped = true;
  };
}

/**
 * Where a paste still being read goes after `changes`: text typed at its
 * place goes after it, and a selection edited meanwhile is no longer
 * replaced (the paste goes at its start), so nothing typed is overwritten.
 */
export function followEdits(target: EditorSelection, changes: ChangeSet): EditorSelection {
  const ranges = target.ranges.map((r) => {
    const from = changes.mapPos(r.from, -1);
    const to = changes.touchesRange(r.from, r.to) ? from : changes.mapPos(r.to, 1);
    return EditorSelection.range(from, to);
  });
  return EditorSelection.create(ranges, target.mainIndex);
}

/** The plugin behind `bigPaste`: one paste read at a time, the selection it replaces mapped through edits meanwhile. */
function bigPastePlugin(onPaste: (paste: BigPaste) => void, next: NextTask) {
  return ViewPlugin.fromClass(
    class {
      private target: EditorSelection | null = null;
      private stop: (() => void) | null = null;

      constructor(readonly view: EditorView) {}

      /** The user edited while the paste was read: their cursor stays where they are. */
      private edited = false;

      update(u: ViewUpdate): void {
        if (!this.target || !u.docChanged) return;
        this.target = followEdits(this.target, u.changes);
        this.edited = true;
      }

      paste(text: string): void {
        this.stop?.();
        this.target = this.view.state.selection;
        this.edited = false;
        onPaste({ chars: text.length, lines: null, done: false });
        this.stop = textInSlices(
          text,
          (doc) => {
            const target = this.target!;
            this.target = null;
            this.stop = null;
            const changes = this.view.state.changes(
              target.ranges.map((r) => ({ from: r.from, to: r.to, insert: doc })),
            );
            this.view.dispatch({
              changes,
              // Each cursor after its copy of the paste, as CodeMirror's own paste leaves it (unless the user typed meanwhile).
              selection: this.edited
                ? undefined
                : EditorSelection.create(
                    target.ranges.map((r) => EditorSelection.cursor(changes.mapPos(r.to, 1))),
                    target.mainIndex,
                  ),
              userEvent: 'input.paste',
              scrollIntoView: true,
              // Parsed from the next task on, not inside this one (parseLater.ts).
              effects: withoutParse(this.view.state),
            });
            onPaste({ chars: text.length, lines: doc.lines, done: true });
          },
          next,
        );
      }

      /** Takes the event's text if it is large and the editor editable: the browser and CodeMirror leave it to `paste`. */
      take(e: Event, text: string): boolean {
        if (text.length <= BIG_PASTE_CHARS || this.view.state.readOnly) return false;
        e.preventDefault();
        this.paste(text);
        return true;
      }

      destroy(): void {
        this.stop?.();
      }
    },
    {
      eventHandlers: {
        paste(e) {
          return this.take(e, e.clipboardData?.getData('text/plain') ?? '');
        },
        // The same text arriving as one input event (a text expander, dictation: blockInput.ts).
        beforeinput(e) {
          return this.take(e, insertedText(e) ?? '');
        },
      },
    },
  );
}

/**
 * Reads clipboard pastes longer than `BIG_PASTE_CHARS` in slices (see the
 * module comment); `onPaste` hears when one starts and when it is in.
 */
export function bigPaste(onPaste: (paste: BigPaste) => void = () => {}, next: NextTask = browserNextTask) {
  return bigPastePlugin(onPaste, next);
}
