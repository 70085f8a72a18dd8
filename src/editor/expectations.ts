/**
 * The gutter marks of `# expect:` comments (docs/expectations.md): ✓ for one
 * the file keeps, ✗ for one it breaks, ! for one that cannot be read. The
 * worker checks them on every new text (`setText`); the marks arrive through
 * `setExpectationMarks` (StateEffect → StateField → gutter) and are mapped
 * through edits until the next parse. Each mark carries its message as a
 * title and an aria-label; the Problems panel lists the failing ones, so a
 * keyboard user reaches the same facts there.
 */
import { type Extension, StateEffect } from '@codemirror/state';
import { EditorView, GutterMarker, gutter } from '@codemirror/view';
import type { ExpectationMark } from '../model/wire';
import { lineMarkersField, showResultHighlight } from './decorations';

/** Replaces the expectation marks with those of the latest parse. */
export const setExpectationMarks = StateEffect.define<readonly ExpectationMark[]>();

const GLYPH = { pass: '✓', fail: '✗', malformed: '!' } as const;

class ExpectationMarker extends GutterMarker {
  constructor(
    readonly status: ExpectationMark['status'],
    readonly message: string,
    readonly decidingLine: number | null,
  ) {
    super();
  }
  override eq(other: GutterMarker): boolean {
    return other instanceof ExpectationMarker && other.status === this.status && other.message === this.message;
  }
  override toDOM(): Node {
    const el = document.createElement('span');
    el.className = `cm-rl-expect cm-rl-expect-${this.status}`;
    el.dataset.testid = 'rl-expect';
    el.dataset.status = this.status;
    el.title = this.message;
    el.setAttribute('role', 'img');
    el.setAttribute('aria-label', this.message);
    el.textContent = GLYPH[this.status];
    return el;
  }
}

/** The marks, one per expectation line, mapped through edits. */
const expectationMarksField = lineMarkersField(setExpectationMarks, (marks) =>
  marks.map((m) => [m.line, new ExpectationMarker(m.status, m.message, m.decidingLines[0] ?? null)] as const),
);

/** The page's verdict colours (CSS variables, so the dark theme has its own), readable on the gutter in both themes. */
const expectTheme = EditorView.baseTheme({
  '.cm-rl-expect-gutter': { minWidth: '1.2em' },
  '.cm-rl-expect': { padding: '0 2px', fontWeight: 'bold', cursor: 'default' },
  '.cm-rl-expect-pass': { color: 'var(--allowed)' },
  '.cm-rl-expect-fail': { color: 'var(--blocked)' },
  '.cm-rl-expect-malformed': { color: 'var(--warn)' },
});

/** The field, its gutter and its colours. */
export function expectationGutter(): Extension {
  return [
    expectationMarksField,
    expectTheme,
    gutter({
      class: 'cm-rl-expect-gutter',
      markers: (view) => view.state.field(expectationMarksField),
      domEventHandlers: {
        // A click on a ✗ shows the line that decided against the expectation.
        mousedown(view, block) {
          let line: number | null = null;
          view.state.field(expectationMarksField).between(block.from, block.from, (_f, _t, m) => {
            if (m instanceof ExpectationMarker) line = m.decidingLine;
          });
          if (line === null) return false;
          showResultHighlight(view, { groupLines: [], ruleLine: line });
          return true;
        },
      },
    }),
  ];
}
