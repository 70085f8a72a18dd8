/**
 * Keeps CodeMirror's background parse out of long tasks. Its parse worker
 * (@codemirror/language) parses ahead of the viewport in slices of up to
 * 100 ms where the browser has `navigator.scheduling.isInputPending`
 * (Chromium), stopping early only when input is pending: after a 10 MB
 * paste that was a row of 100 ms tasks. The worker asks
 * `navigator.scheduling.isInputPending()` between parse steps; here that
 * answer is also "yes" once the parse has run `PARSE_SLICE_MS` in the
 * current task, so it yields and goes on in a later idle period. The
 * parser is wrapped to know when a task's parsing started.
 */
import { type Input, Parser, type PartialParse, type TreeFragment } from '@lezer/common';

/** The longest stretch of background parsing in one task. */
const PARSE_SLICE_MS = 20;

/** When parsing started in the current task; null between tasks. */
let sliceStart: number | null = null;

/** Marks the current task as parsing (from now, if it was not already); the mark ends with the task. */
function markSlice(): void {
  if (sliceStart !== null) return;
  sliceStart = performance.now();
  queueMicrotask(() => {
    sliceStart = null;
  });
}

/** True once the current task has parsed for `PARSE_SLICE_MS`. */
function sliceSpent(): boolean {
  return sliceStart !== null && performance.now() - sliceStart > PARSE_SLICE_MS;
}

interface Scheduling {
  isInputPending?: (options?: unknown) => boolean;
}

let installed = false;

/** Makes `navigator.scheduling.isInputPending` also answer true when the current parse slice is spent (once). */
function installYield(): void {
  if (installed || typeof navigator === 'undefined') return;
  installed = true;
  const scheduling = (navigator as Navigator & { scheduling?: Scheduling }).scheduling;
  const pending = scheduling?.isInputPending;
  if (!scheduling || !pending) return;
  scheduling.isInputPending = (options?: unknown) => pending.call(scheduling, options) || sliceSpent();
}

class SlicedParse implements PartialParse {
  constructor(private readonly inner: PartialParse) {}
  advance() {
    markSlice();
    return this.inner.advance();
  }
  get parsedPos() {
    return this.inner.parsedPos;
  }
  stopAt(pos: number) {
    this.inner.stopAt(pos);
  }
  get stoppedAt() {
    return this.inner.stoppedAt;
  }
}

class SlicedParser extends Parser {
  constructor(private readonly inner: Parser) {
    super();
  }
  createParse(input: Input, fragments: readonly TreeFragment[], ranges: readonly { from: number; to: number }[]) {
    return new SlicedParse(this.inner.startParse(input, fragments, ranges));
  }
}

/** `parser`, with its parses marking the tasks they run in (see the module comment). */
export function slicedParser(parser: Parser): Parser {
  installYield();
  return new SlicedParser(parser);
}
