/**
 * The CodeMirror side of Robots Lab: the robots.txt language, completion,
 * diagnostics pushed from the worker, and the decorations that show a
 * result (obeyed group, deciding rule, deciding lines).
 *
 * Data flows one way: the worker parses and lints; the UI pushes results in
 * with `pushDiagnostics`, `showResultHighlight` and `setDecidingLines`.
 */
import { completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, toggleComment } from '@codemirror/commands';
import { foldGutter, foldKeymap } from '@codemirror/language';
import { lintKeymap } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import type { Extension } from '@codemirror/state';
import { highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { blockInput } from './blockInput';
import { steadyDrawnCursor } from './caret';
import { robotsAutocompletion } from './completion';
import { onDecidingLineClick, resultDecorations } from './decorations';
import { expectationGutter } from './expectations';
import { robotsBaseTheme, robotsHighlighting } from './highlight';
import { robots } from './language';
import { robotsLintGutter } from './lint';

export { robotsCompletion } from './completion';
export {
  decidingLinesField,
  type ResultHighlight,
  resultHighlightField,
  setDecidingLines,
  setResultHighlight,
  showResultHighlight,
} from './decorations';
export { type ExpectationGutterMark, setExpectationMarks } from './expectations';
export { robotsHighlightStyle } from './highlight';
export { robots } from './language';
export { pushDiagnostics, toCmDiagnostics } from './lint';

/** Options for `robotsEditorExtensions`. */
export interface RobotsEditorOptions {
  /** Called with the 1-based line when the user clicks a deciding-line marker or the rule line's gutter. */
  onDecidingLineClick?: (line: number) => void;
}

/**
 * Everything the Robots Lab editor needs: line numbers, folding per group,
 * history, search, Mod-/ to toggle comments, completion, the lint gutter,
 * highlighting, the robots.txt language and the result decorations.
 */
export function robotsEditorExtensions(options: RobotsEditorOptions = {}): Extension {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    foldGutter(),
    robotsLintGutter(),
    history(),
    steadyDrawnCursor(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    robotsAutocompletion(),
    blockInput(),
    robots(),
    robotsHighlighting,
    robotsBaseTheme,
    resultDecorations(),
    expectationGutter(),
    options.onDecidingLineClick ? onDecidingLineClick.of(options.onDecidingLineClick) : [],
    keymap.of([
      { key: 'Mod-/', run: toggleComment },
      ...completionKeymap,
      ...searchKeymap,
      ...historyKeymap,
      ...foldKeymap,
      ...lintKeymap,
      ...defaultKeymap,
    ]),
  ];
}
