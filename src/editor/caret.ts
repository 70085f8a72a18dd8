/**
 * CodeMirror's drawn selection and cursor (`drawSelection`), with a steady
 * cursor. The drawn cursor blinks by a CSS animation that CodeMirror
 * restarts at every selection change, that is at every keystroke; in
 * Chromium each restart left the next one slower, by the number of restarts
 * so far. A cursor that does not blink also spares readers who find
 * blinking distracting.
 */
import { drawSelection } from '@codemirror/view';

/** `drawSelection` without the blink (see the module comment). */
export function steadyDrawnCursor() {
  return drawSelection({ cursorBlinkRate: 0 });
}
