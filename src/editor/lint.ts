/**
 * Diagnostics in the editor. They are computed by the engine's linter in
 * the worker (src/core/lint.ts) and pushed here; the editor never lints.
 *
 * CodeMirror gets only the diagnostics around what is shown: building and
 * mapping its marks costs per diagnostic, on the page's thread, and a file
 * of 50,000 stray rules has 50,000 warnings (every parse then held the page
 * for seconds). All of them are kept here, sorted; when the viewport leaves
 * the stretch they cover, the next stretch is handed over. The panel of
 * problems (ui/Diagnostics.tsx) lists all of them from the store.
 */
import { type Action, type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import {
  type ChangeDesc,
  type EditorState,
  type Extension,
  StateEffect,
  StateField,
  type TransactionSpec,
} from '@codemirror/state';
import { type EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import type { RobotsDiagnostic } from '../core/lint';

/** Diagnostics handed to CodeMirror before and after the viewport's start, at most. */
const WINDOW_BEFORE = 300;
const WINDOW_AFTER = 600;

/**
 * Converts engine diagnostics into CodeMirror diagnostics, clamped to a
 * document of `docLength` characters. Quick fixes become actions; a fix is
 * applied relative to the diagnostic's current (mapped) position, so it
 * still lands right after edits made since the diagnostics were computed.
 */
export function toCmDiagnostics(diagnostics: readonly RobotsDiagnostic[], docLength = Infinity): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const from = Math.min(d.from, docLength);
    const to = Math.max(from, Math.min(d.to, docLength));
    const actions: Action[] = (d.fixes ?? []).map((fix) => ({
      name: fix.label,
      apply(view: EditorView, mappedFrom: number) {
        const shift = mappedFrom - d.from;
        const len = view.state.doc.length;
        const fFrom = Math.max(0, Math.min(fix.from + shift, len));
        const fTo = Math.max(fFrom, Math.min(fix.to + shift, len));
        view.dispatch({ changes: { from: fFrom, to: fTo, insert: fix.insert } });
      },
    }));
    out.push({ from, to, severity: d.severity, source: d.code, message: d.message, actions });
  }
  return out;
}

/** All the diagnostics of the last parse, and the stretch of the document whose ones CodeMirror has. */
interface Held {
  /** Sorted by start, in the positions of the text they were computed for. */
  all: readonly RobotsDiagnostic[];
  /** The edits since then (null: none). */
  since: ChangeDesc | null;
  /** CodeMirror has them all. */
  whole: boolean;
  /** Otherwise, the stretch (in today's positions) whose diagnostics it has. */
  coverFrom: number;
  coverTo: number;
}

const hold = StateEffect.define<Held>();

const held = StateField.define<Held>({
  create: () => ({ all: [], since: null, whole: true, coverFrom: 0, coverTo: 0 }),
  update(h, tr) {
    for (const e of tr.effects) if (e.is(hold)) return e.value;
    if (!tr.docChanged || h.whole) return h;
    return {
      ...h,
      since: h.since ? h.since.composeDesc(tr.changes.desc) : tr.changes.desc,
      coverFrom: tr.changes.mapPos(h.coverFrom, -1),
      coverTo: tr.changes.mapPos(h.coverTo, 1),
    };
  },
});

/** The first index whose diagnostic starts at or after `pos`. */
function firstFrom(all: readonly RobotsDiagnostic[], pos: number): number {
  let lo = 0;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (all[mid].from < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `d` moved by the edits `since` (null when its text was deleted). */
function mapped(d: RobotsDiagnostic, since: ChangeDesc | null): RobotsDiagnostic | null {
  if (!since) return d;
  const from = since.mapPos(d.from, 1);
  const to = Math.max(from, since.mapPos(d.to, -1));
  // Its text is gone: nothing left to mark.
  if (d.to > d.from && to === from) return null;
  const shift = from - d.from;
  const fixes = d.fixes?.map((f) => ({ ...f, from: f.from + shift, to: f.to + shift }));
  return { ...d, from, to, fixes };
}

/**
 * The diagnostics of `all` (sorted, in the positions of the text they were
 * computed for) that CodeMirror gets when the viewport starts at `viewFrom`
 * in a document of `docLength` characters reached from that text by the
 * edits `since`: every one if they are few, else those around the viewport,
 * moved by the edits; and the stretch they cover.
 */
export function diagnosticsAround(
  all: readonly RobotsDiagnostic[],
  since: ChangeDesc | null,
  viewFrom: number,
  docLength: number,
): { shown: RobotsDiagnostic[]; window: Held } {
  let picked: readonly RobotsDiagnostic[] = all;
  let window: Held = { all, since, whole: true, coverFrom: 0, coverTo: docLength };
  if (all.length > WINDOW_BEFORE + WINDOW_AFTER) {
    // The viewport's start in the positions of `all`.
    const at = firstFrom(all, since ? since.invertedDesc.mapPos(viewFrom) : viewFrom);
    const start = Math.max(0, at - WINDOW_BEFORE);
    const end = Math.min(all.length, at + WINDOW_AFTER);
    picked = all.slice(start, end);
    const now = (i: number) => Math.min(docLength, since ? since.mapPos(all[i].from) : all[i].from);
    window = {
      ...window,
      whole: false,
      coverFrom: start === 0 ? 0 : now(start),
      coverTo: end === all.length ? docLength : now(end - 1),
    };
  }
  const shown: RobotsDiagnostic[] = [];
  for (const d of picked) {
    const m = mapped(d, since);
    if (m) shown.push(m);
  }
  return { shown, window };
}

/** The transaction that hands CodeMirror the diagnostics around `viewFrom`. */
function windowSpec(state: EditorState, all: readonly RobotsDiagnostic[], since: ChangeDesc | null, viewFrom: number) {
  const { shown, window } = diagnosticsAround(all, since, viewFrom, state.doc.length);
  const spec: TransactionSpec = setDiagnostics(state, toCmDiagnostics(shown, state.doc.length));
  return { effects: [...([] as StateEffect<unknown>[]).concat(spec.effects ?? []), hold.of(window)] };
}

/** Replaces the editor's diagnostics with the given ones (CodeMirror gets those around the viewport). */
export function pushDiagnostics(view: EditorView, diagnostics: readonly RobotsDiagnostic[]): void {
  if (!view.state.field(held, false)) {
    view.dispatch(setDiagnostics(view.state, toCmDiagnostics(diagnostics, view.state.doc.length)));
    return;
  }
  let sorted = true;
  for (let i = 1; i < diagnostics.length && sorted; i++) sorted = diagnostics[i - 1].from <= diagnostics[i].from;
  const all = sorted ? diagnostics : [...diagnostics].sort((a, b) => a.from - b.from);
  view.dispatch(windowSpec(view.state, all, null, view.viewport.from));
}

/** Hands CodeMirror the next stretch of diagnostics when the viewport leaves the one it has. */
const followViewport = ViewPlugin.fromClass(
  class {
    private timer: ReturnType<typeof setTimeout> | null = null;
    constructor(readonly view: EditorView) {}
    update(u: ViewUpdate): void {
      const h = u.state.field(held);
      const { from, to } = u.view.viewport;
      if (h.whole || this.timer !== null || (from >= h.coverFrom && to <= h.coverTo)) return;
      // Not during an update: on the next task, once scrolling pauses for a moment.
      this.timer = setTimeout(() => {
        this.timer = null;
        const now = this.view.state.field(held);
        if (!now.whole) this.view.dispatch(windowSpec(this.view.state, now.all, now.since, this.view.viewport.from));
      }, 50);
    }
    destroy(): void {
      if (this.timer !== null) clearTimeout(this.timer);
    }
  },
);

/** The lint gutter (markers for lines with diagnostics), and the diagnostics kept around the viewport. */
export function robotsLintGutter(): Extension {
  return [lintGutter(), held, followViewport];
}
