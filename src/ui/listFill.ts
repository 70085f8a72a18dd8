/**
 * Puts a large URL list into the URL editor without blocking the page. Its
 * first lines are shown at once; the rest is split into lines and built into
 * a CodeMirror Text away from the view, a few pieces per task, then shown
 * with one transaction. (Dispatching every piece to the view cost a forced
 * layout and a paint each, and kept a million-line fill going for seconds
 * beside the worker's run of the same list, on the machine's other core.)
 */
import { Text } from '@codemirror/state';
import { cutPieces, type ListPieces } from '../worker/pieces';

/** A text longer than this is put into the view in pieces. */
export const FILL_CHUNK = 250_000;

/** How long one building task may run before it yields. */
const SLICE_MS = 8;

/** CodeMirror's own line split (EditorState.toText with the default separator). */
const LINE_BREAK = /\r\n?|\n/;

/** The parts a text is put into the view in: the pieces it came in, or cuts after a line end. */
export function* fillParts(text: string, pieces: ListPieces | null): Generator<string> {
  yield* pieces ? pieces.pieces : cutPieces(text, FILL_CHUNK);
}

/** Appends a part (which never ends inside a line break) to a document. */
export function appendPart(doc: Text, part: string): Text {
  const piece = Text.of(part.indexOf('\r') === -1 ? part.split('\n') : part.split(LINE_BREAK));
  return doc.length === 0 ? piece : doc.append(piece);
}

export interface FillTarget {
  /** Replaces the document with the first part; `last` when there is no more. */
  first(part: string, last: boolean): void;
  /** Appends the rest of the text, built as one Text. */
  rest(doc: Text): void;
}

/**
 * About how many characters the view shows at once, before the rest is
 * built: a few hundred lines fill any screen, and putting a whole piece
 * (~5,000 lines) into the view took 11-21 ms of the task that received it.
 */
export const FIRST_SHOWN = 16_384;

/**
 * The first few hundred lines of a long list (about FIRST_SHOWN characters,
 * cut after a line end), read from its first piece: what the URL editor
 * shows of a list too long to edit in place until the user asks for all of it.
 */
export function headOf(text: string, pieces: ListPieces | null): string {
  const first = pieces ? (pieces.pieces[0] ?? '') : text;
  if (first.length <= FIRST_SHOWN) return first;
  const nl = first.indexOf('\n', FIRST_SHOWN - 1);
  // A first line longer than all that (one URL of megabytes) is shown cut.
  return nl === -1 || nl > 4 * FIRST_SHOWN ? first.slice(0, FIRST_SHOWN) : first.slice(0, nl + 1);
}

/**
 * Fills `target` with `text` (or its `pieces`): the first few hundred lines
 * now, the rest built in tasks of about SLICE_MS. Returns a function that
 * stops the fill.
 */
export function fillInSteps(text: string, pieces: ListPieces | null, target: FillTarget): () => void {
  const parts = fillParts(text, pieces);
  let head = parts.next();
  let firstPart = head.done ? '' : head.value;
  const cut = firstPart.length > FIRST_SHOWN ? firstPart.indexOf('\n', FIRST_SHOWN - 1) + 1 : 0;
  if (cut > 0 && cut < firstPart.length) {
    head = { done: false, value: firstPart.slice(cut) };
    firstPart = firstPart.slice(0, cut);
  } else head = parts.next();
  target.first(firstPart, head.done === true);
  if (head.done) return () => {};
  let doc = Text.empty;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const step = () => {
    const t0 = performance.now();
    while (!head.done && performance.now() - t0 < SLICE_MS) {
      doc = appendPart(doc, head.value);
      head = parts.next();
    }
    if (head.done) {
      timer = null;
      target.rest(doc);
    } else timer = setTimeout(step, 0);
  };
  timer = setTimeout(step, 0);
  return () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
