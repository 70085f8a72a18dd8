/**
 * Editor decorations driven by the worker's results (STYLE: StateEffect →
 * StateField → EditorView.decorations):
 * - the group a crawler obeys and the rule that decided a URL;
 * - a gutter marking lines that decide at least one tested URL.
 * Line numbers are 1-based physical lines, as the engine reports them.
 */
import {
  type EditorState,
  type Extension,
  RangeSet,
  RangeSetBuilder,
  StateEffect,
  type StateEffectType,
  StateField,
} from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, GutterMarker, gutter, keymap } from '@codemirror/view';

/** What to highlight for the selected result: the obeyed group's lines and the deciding rule line. */
export interface ResultHighlight {
  groupLines: number[];
  ruleLine: number | null;
}

/** Shows (or, with null, clears) the highlight of the selected result. */
const setResultHighlight = StateEffect.define<ResultHighlight | null>();

/** Sets the lines that decide tested URLs: line → number of URL × crawler cells it decides. */
export const setDecidingLines = StateEffect.define<ReadonlyMap<number, number>>();

const groupLine = Decoration.line({ class: 'cm-rl-group', attributes: { 'data-testid': 'rl-group-line' } });
const ruleLineDeco = Decoration.line({ class: 'cm-rl-rule', attributes: { 'data-testid': 'rl-rule-line' } });

function lineStart(state: EditorState, line: number): number | null {
  return line >= 1 && line <= state.doc.lines ? state.doc.line(line).from : null;
}

function buildHighlight(state: EditorState, value: ResultHighlight | null): DecorationSet {
  if (!value) return Decoration.none;
  const lines = new Set(value.groupLines);
  if (value.ruleLine != null) lines.add(value.ruleLine);
  const builder = new RangeSetBuilder<Decoration>();
  for (const line of [...lines].sort((a, b) => a - b)) {
    const pos = lineStart(state, line);
    if (pos == null) continue;
    builder.add(pos, pos, line === value.ruleLine ? ruleLineDeco : groupLine);
  }
  return builder.finish();
}

/** The result highlight as line decorations; mapped through edits until the next result arrives. */
export const resultHighlightField = StateField.define<{ value: ResultHighlight | null; decorations: DecorationSet }>({
  create: () => ({ value: null, decorations: Decoration.none }),
  update(current, tr) {
    let next = current;
    if (tr.docChanged) next = { value: current.value, decorations: current.decorations.map(tr.changes) };
    for (const e of tr.effects) {
      if (e.is(setResultHighlight)) next = { value: e.value, decorations: buildHighlight(tr.state, e.value) };
    }
    return next;
  },
  provide: (f) => EditorView.decorations.from(f, (v) => v.decorations),
});

class DecidesMarker extends GutterMarker {
  constructor(readonly count: number) {
    super();
  }
  override eq(other: GutterMarker): boolean {
    return other instanceof DecidesMarker && other.count === this.count;
  }
  override toDOM(): Node {
    const el = document.createElement('span');
    el.className = 'cm-rl-decides';
    el.dataset.testid = 'rl-decides';
    el.dataset.count = String(this.count);
    el.title = `decides ${this.count} result${this.count === 1 ? '' : 's'}: click, or Alt-Enter on the line, to list them`;
    el.textContent = '●';
    return el;
  }
}

/**
 * A gutter's markers, at most one a line: replaced whole by `effect`'s
 * (`markers` makes them from its value), mapped through edits until then.
 * An edit that leaves the same text (the whole file pasted over itself)
 * keeps them: the page sends nothing new for an unchanged text, so mapping
 * them through the replacement would drop them for good.
 */
export function lineMarkersField<T>(
  effect: StateEffectType<T>,
  markers: (value: T) => Iterable<[line: number, marker: GutterMarker]>,
): StateField<RangeSet<GutterMarker>> {
  return StateField.define({
    create: () => RangeSet.empty,
    update(marks, tr) {
      let next = tr.docChanged && !tr.startState.doc.eq(tr.state.doc) ? marks.map(tr.changes) : marks;
      for (const e of tr.effects) {
        if (!e.is(effect)) continue;
        const builder = new RangeSetBuilder<GutterMarker>();
        for (const [line, marker] of [...markers(e.value)].sort((a, b) => a[0] - b[0])) {
          const pos = lineStart(tr.state, line);
          if (pos != null) builder.add(pos, pos, marker);
        }
        next = builder.finish();
      }
      return next;
    },
  });
}

/** The deciding-line markers, mapped through edits until the next results arrive. */
const decidingLinesField = lineMarkersField(setDecidingLines, function* (lines) {
  for (const [line, count] of lines) if (count > 0) yield [line, new DecidesMarker(count)];
});

/** The deciding line (1-based) for a click at `pos`, if that line has a marker or is the highlighted rule line. */
function clickableLineAt(state: EditorState, pos: number): number | null {
  const line = state.doc.lineAt(pos);
  let marked = false;
  state.field(decidingLinesField).between(line.from, line.from, () => {
    marked = true;
    return false;
  });
  if (marked || state.field(resultHighlightField).value?.ruleLine === line.number) return line.number;
  return null;
}

/**
 * The result highlight and the deciding-lines gutter. A click on a marker,
 * or Alt-Enter on a marked line or the highlighted rule line (the keyboard's
 * way to the gutter), calls `onLine` with that 1-based line.
 */
export function resultDecorations(onLine: (line: number) => void = () => undefined): Extension {
  const open = (view: EditorView, pos: number) => {
    const line = clickableLineAt(view.state, pos);
    if (line == null) return false;
    onLine(line);
    return true;
  };
  return [
    resultHighlightField,
    decidingLinesField,
    gutter({
      class: 'cm-rl-decides-gutter',
      markers: (view) => view.state.field(decidingLinesField),
      domEventHandlers: { mousedown: (view, block) => open(view, block.from) },
    }),
    keymap.of([{ key: 'Alt-Enter', run: (view) => open(view, view.state.selection.main.head) }]),
  ];
}

/** Shows the highlight and scrolls the rule line (or the group's first line) into view. */
export function showResultHighlight(view: EditorView, value: ResultHighlight | null): void {
  const target = value ? (value.ruleLine ?? (value.groupLines.length ? Math.min(...value.groupLines) : null)) : null;
  const pos = target != null ? lineStart(view.state, target) : null;
  view.dispatch({ effects: setResultHighlight.of(value) });
  // Scroll the editor only: EditorView.scrollIntoView also scrolls the page, which on a phone
  // (one page-long column) would carry the reader away from the cell they just chose. And
  // not while the editor has focus: the highlight is shown again after every parse and run,
  // and would carry the view away from the line the user is typing on.
  if (pos != null && !view.hasFocus) {
    const block = view.lineBlockAt(pos);
    const scroller = view.scrollDOM;
    scroller.scrollTop = Math.max(0, block.top + block.height / 2 - scroller.clientHeight / 2);
  }
}
