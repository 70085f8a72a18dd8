/**
 * Keeps CodeMirror's height map small while lines are typed one input event
 * each (IMEs, dictation, text expanders, a long hold of Enter).
 *
 * CodeMirror remembers the measured height of every line that has ever been
 * on screen, one leaf per line, and walks every leaf at each measurement
 * (`HeightMapBranch.updateHeight` enters both children whatever changed).
 * Lines typed at the end of the file each pass through the screen, so after
 * 30,000 of them every keystroke paid about 8.5 ms for that walk alone
 * (Chromium profile, 2026-11-23), and 50,000 lines typed gave 27 tasks over
 * 50 ms. There is no public way to tell CodeMirror to forget heights.
 *
 * What there is: a height-relevant decoration that appears and disappears
 * makes CodeMirror rebuild that stretch of the map from its estimates, as
 * one gap. This editor does not wrap lines and shows no block widgets, so
 * the estimate of a plain line is its measured height and nothing moves.
 * Every `TRIM_EVERY` new lines, in a task of its own, two transactions in a
 * row hide and show again everything more than `KEEP_ABOVE` lines above the
 * viewport. No frame is drawn and nothing measured between the two (both
 * are synchronous, and CodeMirror measures in an animation frame); the
 * document, the selection and the undo history are untouched (effects only).
 *
 * e2e/typed-lines-height-map.spec.ts checks that the map shrinks and that
 * the view does not move.
 */
import { type Extension, StateEffect, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';

/** New lines (measured ones, about) after which the map is trimmed again. */
const TRIM_EVERY = 2_000;
/** More lines than a screen shows, to count of one insertion. */
const SCREENFUL = 100;
/** Lines above the viewport that keep their measured heights. */
const KEEP_ABOVE = 500;

/** Hide `[0, value)` for one transaction; -1 shows everything again. */
const hideAbove = StateEffect.define<number>();

const hidden = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(deco, tr) {
    for (const effect of tr.effects) {
      if (effect.is(hideAbove)) {
        deco = effect.value > 0 ? Decoration.set(Decoration.replace({}).range(0, effect.value)) : Decoration.none;
      }
    }
    // Never mapped: it lives between two synchronous dispatches only.
    return deco;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const trimmer = ViewPlugin.fromClass(
  class {
    /** Lines added since the last trim. */
    grown = 0;
    timer: ReturnType<typeof setTimeout> | null = null;

    constructor(readonly view: EditorView) {}

    update(update: ViewUpdate): void {
      if (!update.docChanged) return;
      // Of a large insertion (a paste) only what ends on screen is measured: count a screenful at most.
      update.changes.iterChanges((_fromA, _toA, _fromB, _toB, inserted) => {
        this.grown += Math.min(inserted.lines - 1, SCREENFUL);
      });
      if (this.grown >= TRIM_EVERY && this.timer === null) this.timer = setTimeout(() => this.trim(), 0);
    }

    trim(): void {
      this.timer = null;
      const { view } = this;
      if (view.composing) return; // the next line typed asks again
      const { doc, selection } = view.state;
      const keepFrom = doc.lineAt(view.viewport.from).number - KEEP_ABOVE;
      if (keepFrom < 2) return;
      const end = doc.line(keepFrom).from - 1;
      // The caret far above the screen: hiding it would move the DOM selection.
      if (selection.ranges.some((range) => range.from <= end)) return;
      this.grown = 0;
      view.dispatch({ effects: hideAbove.of(end) });
      view.dispatch({ effects: hideAbove.of(-1) });
    }

    destroy(): void {
      if (this.timer !== null) clearTimeout(this.timer);
    }
  },
);

/** The trim as an extension (see the top of this file). */
export function heightMapTrim(): Extension {
  return [hidden, trimmer];
}
