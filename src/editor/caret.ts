/**
 * CodeMirror's drawn selection and cursor (`drawSelection`), with a steady
 * cursor. The drawn cursor blinks by a CSS animation that CodeMirror
 * restarts at every selection change, that is at every keystroke; in
 * Chromium each restart left the next one slower, by the number of restarts
 * so far, not by the size of the file: 1,000 keystrokes in, moving the
 * cursor cost 2.6 ms, 4,000 in 17 ms (a bare editor, the same selection
 * change each time), and 5,000 lines typed one input event each reached
 * 34 ms per line. Without the blink it stays at 0.1-0.5 ms. A cursor that
 * does not blink also spares readers who find blinking distracting.
 */
import { drawSelection } from '@codemirror/view';

/** `drawSelection` without the blink (see the module comment). */
export function steadyDrawnCursor() {
  return drawSelection({ cursorBlinkRate: 0 });
}
