/**
 * The CodeMirror side of Robots Lab: the robots.txt language, completion,
 * diagnostics pushed from the worker, and the decorations that show a
 * result (obeyed group, deciding rule, deciding lines).
 *
 * Data flows one way: the worker parses and lints; the UI pushes results in
 * with `pushDiagnostics`, `showResultHighlight` and `setDecidingLines`.
 */
import { autocompletion, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, toggleComment } from '@codemirror/commands';
import { foldGutter, foldKeymap } from '@codemirror/language';
import { lintGutter, lintKeymap } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import type { Extension } from '@codemirror/state';
import { highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { blockInput } from './blockInput';
import { steadyDrawnCursor } from './caret';
import { resultDecorations } from './decorations';
import { expectationGutter } from './expectations';
import { robotsBaseTheme, robotsHighlighting } from './highlight';
import { robots } from './language';

export { type ResultHighlight, setDecidingLines, showResultHighlight } from './decorations';
export { setExpectationMarks } from './expectations';
export { pushDiagnostics } from './lint';

/**
 * Everything the Robots Lab editor needs: line numbers, folding per group,
 * history, search, Mod-/ to toggle comments, completion, the lint gutter,
 * highlighting, the robots.txt language and the result decorations; a
 * click on a deciding-line marker calls `onDecidingLineClick` with its line.
 */
export function robotsEditorExtensions(onDecidingLineClick: (line: number) => void): Extension {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    foldGutter(),
    lintGutter(),
    history(),
    steadyDrawnCursor(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    autocompletion(),
    blockInput(),
    robots(),
    robotsHighlighting,
    robotsBaseTheme,
    resultDecorations(onDecidingLineClick),
    expectationGutter(),
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
