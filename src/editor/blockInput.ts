/**
 * Text of several lines that arrives as one input event (a text expander,
 * dictation, an accessibility tool or `insertText` from a test): left to the
 * browser, Chromium's editing code puts it into the contenteditable a line
 * at a time, each with a layout, before CodeMirror reads the DOM back, which
 * takes seconds for a few hundred lines. Here such an event is cancelled before the
 * browser acts and the text goes in as one CodeMirror transaction, like
 * typed text (`input.type`, so undo takes it back in one step). Input while
 * an IME composes, and one-line text, are left to the browser and CodeMirror
 * as usual.
 */
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

/** Input types whose text the browser would insert as it is (not a composition, not a deletion). */
const INSERTING = new Set(['insertText', 'insertReplacementText', 'insertFromYank']);

/** Inserts multi-line input as one transaction. */
export function blockInput(): Extension {
  return EditorView.domEventHandlers({
    beforeinput(e, view) {
      if (!INSERTING.has(e.inputType) || e.isComposing) return false;
      const text = e.data ?? e.dataTransfer?.getData('text/plain') ?? '';
      // One line, or nothing: the browser inserts it as usual.
      if (!/[\r\n]/.test(text)) return false;
      e.preventDefault();
      if (!view.state.readOnly)
        view.dispatch(
          view.state.update(view.state.replaceSelection(text), { userEvent: 'input.type', scrollIntoView: true }),
        );
      return true;
    },
  });
}
