/**
 * Diagnostics in the editor. They are computed by the engine's linter in
 * the worker (src/core/lint.ts) and pushed here; the editor never lints.
 * The panel of problems (ui/Diagnostics.tsx) reads the same list from the
 * store.
 */
import { type Action, type Diagnostic, setDiagnostics } from '@codemirror/lint';
import type { EditorView } from '@codemirror/view';
import type { DiagnosticTable } from '../model/diagnosticTable';

/**
 * Replaces the editor's diagnostics with the given ones (at most a few
 * hundred of each code), clamped to the document. Quick fixes become
 * actions; a fix is applied relative to the diagnostic's current (mapped)
 * position, so it still lands right after edits made since the diagnostics
 * were computed.
 */
export function pushDiagnostics(view: EditorView, diagnostics: DiagnosticTable): void {
  const docLength = view.state.doc.length;
  const shown = diagnostics.map((d): Diagnostic => {
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
    return { from, to, severity: d.severity, source: d.code, message: d.message, actions };
  });
  view.dispatch(setDiagnostics(view.state, shown));
}
