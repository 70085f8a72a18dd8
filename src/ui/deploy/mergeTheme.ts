/**
 * The merge view's look, in the page's colours (CSS variables reach into the
 * shadow root, so a dark theme that redefines them applies here too): lines
 * only in the deployed file in the "blocked" tint, lines only in the edited
 * file in the "allowed" tint.
 */
import { EditorView } from '@codemirror/view';

export const mergeTheme = EditorView.theme({
  '&': { fontFamily: 'var(--mono)', color: 'var(--text)', backgroundColor: 'var(--panel)' },
  '&.cm-focused': { outline: '2px solid var(--focus)', outlineOffset: '-2px' },
  '.cm-gutters': { backgroundColor: 'var(--panel)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '&.cm-merge-a .cm-changedLine, .cm-deletedChunk': { backgroundColor: 'var(--blocked-bg)' },
  '&.cm-merge-b .cm-changedLine': { backgroundColor: 'var(--allowed-bg)' },
  '&.cm-merge-a .cm-changedLineGutter': { background: 'var(--blocked)' },
  '&.cm-merge-b .cm-changedLineGutter': { background: 'var(--allowed)' },
  // The merge view draws its fold marker with "⦚", a glyph many fonts lack
  // (an empty box); plain words and a dashed rule say the same in any font.
  '.cm-collapsedLines': {
    color: 'var(--muted)',
    background: 'var(--bg)',
    borderBlock: '1px dashed var(--border)',
  },
  '.cm-collapsedLines:before, .cm-collapsedLines:after': { content: 'none' },
  '.cm-placeholder': { color: 'var(--muted)' },
});
