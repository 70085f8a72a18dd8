/**
 * Diagnostics in the editor. They are computed by the engine's linter in
 * the worker (src/core/lint.ts) and pushed here; the editor never lints.
 *
 * CodeMirror gets only the diagnostics around what is shown: building and
 * mapping its marks costs per diagnostic, on the page's thread, and a file
 * of 50,000 stray rules has 50,000 warnings (every parse then held the page
 * for seconds). All of them are kept here, as the worker's table
 * (worker/diagnosticTable.ts, in order of start), and objects are made only
 * for the stretch handed over; when the viewport leaves that stretch, the next
 * one is. The panel of problems (ui/Diagnostics.tsx) reads the same table
 * from the store.
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
import {
  type DiagnosticTable,
  diagnosticCount,
  diagnosticsIn,
  diagnosticTable,
  firstFrom,
} from '../worker/diagnosticTable';

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
  /** In order of start, in the positions of the text they were computed for. */
  all: DiagnosticTable;
  /** The edits since then (null: none). */
  since: ChangeDesc | null;
  /** CodeMirror has them all. */
  whole: boolean;
  /** Otherwise, the stretch (in today's positions) whose diagnostics it has. */
  coverFrom: number;
  coverTo: number;
}

const hold = StateEffect.define<Held>();

const NONE = diagnosticTable([]);

const held = StateField.define<Held>({
  create: () => ({ all: NONE, since: null, whole: true, coverFrom: 0, coverTo: 0 }),
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
 * The diagnostics of `all` (in order of start, in the positions of the text they were
 * computed for) that CodeMirror gets when the viewport starts at `viewFrom`
 * in a document of `docLength` characters reached from that text by the
 * edits `since`: every one if they are few, else those around the viewport,
 * moved by the edits; and the stretch they cover.
 */
export function diagnosticsAround(
  all: DiagnosticTable,
  since: ChangeDesc | null,
  viewFrom: number,
  docLength: number,
): { shown: RobotsDiagnostic[]; window: Held } {
  const count = diagnosticCount(all);
  let start = 0;
  let end = count;
  let window: Held = { all, since, whole: true, coverFrom: 0, coverTo: docLength };
  if (count > WINDOW_BEFORE + WINDOW_AFTER) {
    // The viewport's start in the positions of `all`.
    const at = firstFrom(all, since ? since.invertedDesc.mapPos(viewFrom) : viewFrom);
    start = Math.max(0, at - WINDOW_BEFORE);
    end = Math.min(count, at + WINDOW_AFTER);
    const now = (i: number) => Math.min(docLength, since ? since.mapPos(all.from[i]) : all.from[i]);
    window = {
      ...window,
      whole: false,
      coverFrom: start === 0 ? 0 : now(start),
      coverTo: end === count ? docLength : now(end - 1),
    };
  }
  const picked = diagnosticsIn(all, start, end);
  const shown: RobotsDiagnostic[] = [];
  for (const d of picked) {
    const m = mapped(d, since);
    if (m) shown.push(m);
  }
  return { shown, window };
}

/** The transaction that hands CodeMirror the diagnostics around `viewFrom`. */
function windowSpec(state: EditorState, all: DiagnosticTable, since: ChangeDesc | null, viewFrom: number) {
  const { shown, window } = diagnosticsAround(all, since, viewFrom, state.doc.length);
  const spec: TransactionSpec = setDiagnostics(state, toCmDiagnostics(shown, state.doc.length));
  return { effects: [...([] as StateEffect<unknown>[]).concat(spec.effects ?? []), hold.of(window)] };
}

/** Replaces the editor's diagnostics with the given ones (CodeMirror gets those around the viewport). */
export function pushDiagnostics(view: EditorView, diagnostics: DiagnosticTable): void {
  if (!view.state.field(held, false)) {
    view.dispatch(setDiagnostics(view.state, toCmDiagnostics(diagnosticsIn(diagnostics), view.state.doc.length)));
    return;
  }
  view.dispatch(windowSpec(view.state, diagnostics, null, view.viewport.from));
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
