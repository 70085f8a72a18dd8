/**
 * What the controller shows in the robots.txt editor, behind a small
 * interface: the page's CodeMirror view, or a test's recorder.
 */
import { EditorView } from '@codemirror/view';
import type { RobotsFix } from '../core/lint';
import {
  pushDiagnostics,
  type ResultHighlight,
  setDecidingLines,
  setExpectationMarks,
  showResultHighlight,
} from '../editor/index';
import type { DiagnosticTable } from '../model/diagnosticTable';
import type { ExpectationMark } from '../model/wire';

/** The editor as the controller sees it: the page's CodeMirror view, or a test's recorder. */
export type EditorPort = Pick<CodeMirrorPort, keyof CodeMirrorPort>;

/** The page's CodeMirror editor; until its view is attached, what it would show is dropped (attaching replays it). */
export class CodeMirrorPort {
  private view: EditorView | null = null;

  /** The editor view the results decorate, or null once it is gone. */
  attach(view: EditorView | null): void {
    this.view = view;
  }

  /** The parse's lint diagnostics, under the text. */
  showDiagnostics(diagnostics: DiagnosticTable): void {
    if (this.view) pushDiagnostics(this.view, diagnostics);
  }

  /** The gutter's ✓/✗ marks of the `# expect:` comments. */
  showExpectations(marks: readonly ExpectationMark[]): void {
    this.view?.dispatch({ effects: setExpectationMarks.of(marks) });
  }

  /** The gutter's deciding-line marks: line → cells it decides. */
  showDecidingLines(lines: ReadonlyMap<number, number>): void {
    this.view?.dispatch({ effects: setDecidingLines.of(lines) });
  }

  /** The selected cell's group and rule lines (null clears them), scrolled into view unless the editor has focus. */
  showHighlight(highlight: ResultHighlight | null): void {
    if (this.view) showResultHighlight(this.view, highlight);
  }

  /**
   * Applies edits made for `forText` as one undoable transaction; false (and
   * nothing changed) when the document is no longer that text.
   */
  applyEdits(edits: readonly RobotsFix[], forText: string): boolean {
    const view = this.view;
    if (!view || view.state.doc.length !== forText.length || view.state.doc.toString() !== forText) return false;
    // One transaction: a single undo step takes the whole suggestion back.
    view.dispatch({
      changes: edits.map((e) => ({ from: e.from, to: e.to, insert: e.insert })),
      userEvent: 'input.suggestion',
      scrollIntoView: true,
    });
    return true;
  }

  /** Puts the cursor at the start of a 1-based line and focuses the editor (the explanation's line links). */
  focusLine(line: number): void {
    const view = this.view;
    if (!view || line < 1 || line > view.state.doc.lines) return;
    const at = view.state.doc.line(line).from;
    view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
    view.focus();
  }
}
