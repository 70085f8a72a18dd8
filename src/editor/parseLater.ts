/**
 * A large change without CodeMirror's parse in its task. When a transaction
 * changes a document whose syntax tree was complete, @codemirror/language
 * parses the new document inside the transaction for up to 20 ms, and the
 * view then builds its highlighting from that tree: with the paste's own
 * update, one task of 40-55 ms for a paste of 5,000 groups
 * (bench/browser/hostile.bench.ts).
 *
 * `parseLater(language)` holds the language in a compartment; a transaction
 * that carries `withoutParse(state)` takes it out, so the change is applied
 * and drawn with no parse, and a task later the language comes back. A
 * language that is (re)added parses only the first few thousand characters
 * in its transaction; the rest is parsed in the background, in slices
 * (parseSlices.ts). For that one task the text is shown without colours.
 */
import { Compartment, type EditorState, type Extension, type StateEffect } from '@codemirror/state';
import { type EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';

/** Where the language sits; one compartment serves every editor (each state has its own configuration). */
const slot = new Compartment();
const NONE: Extension = [];

/** `language`, in a slot that `withoutParse` can empty for one task. */
export function parseLater(language: Extension): Extension {
  return [slot.of(language), comeBack(language)];
}

/** The effect that takes the language out for the transaction it is in (none when the state has no such slot). */
export function withoutParse(state: EditorState): StateEffect<unknown>[] {
  return slot.get(state) === undefined ? [] : [slot.reconfigure(NONE)];
}

/** Puts `language` back a task after a transaction took it out. */
function comeBack(language: Extension) {
  return ViewPlugin.define((view: EditorView) => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    return {
      update(u: ViewUpdate) {
        if (timer !== null || slot.get(u.state) !== NONE) return;
        timer = setTimeout(() => {
          timer = null;
          if (slot.get(view.state) === NONE) view.dispatch({ effects: slot.reconfigure(language) });
        }, 0);
      },
      destroy() {
        if (timer !== null) clearTimeout(timer);
      },
    };
  });
}
