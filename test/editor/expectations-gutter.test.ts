// @vitest-environment happy-dom
// The `# expect:` gutter as a mounted editor draws it (docs/expectations.md).
// Lines are written by hand.
import type { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it } from 'vitest';
import { expectationGutter, setExpectationMarks } from '../../src/editor/expectations';
import { gutterMarks, mountEditor } from './gutterMarks';

const DOC = 'User-agent: *\nDisallow: /p/\n# expect: blocked x /p/a\n# expect: allowed x /p/b\n';

let view: EditorView | null = null;
afterEach(() => {
  view?.destroy();
  view = null;
});

function editor(doc: string): EditorView {
  view = mountEditor({ doc, extensions: expectationGutter() });
  return view;
}

/** [line, status] of every marker the gutter draws. */
function marks(v: EditorView): [number, string | undefined][] {
  return gutterMarks(v, 'cm-rl-expect-gutter', '[data-testid=rl-expect]').map(([line, el]) => [
    line,
    el.dataset.status,
  ]);
}

const mark = (line: number, status: 'pass' | 'fail' | 'malformed') => ({
  line,
  status,
  message: `${status} on ${line}`,
  decidingLines: status === 'fail' ? [2] : [],
});

describe('the expectation gutter', () => {
  it('puts one marker on each expectation line the worker reported', () => {
    const v = editor(DOC);
    v.dispatch({ effects: setExpectationMarks.of([mark(4, 'fail'), mark(3, 'pass')]) });
    expect(marks(v)).toEqual([
      [3, 'pass'],
      [4, 'fail'],
    ]);
  });

  it('keeps the markers on their lines through an edit above them, until the next parse replaces them', () => {
    const v = editor(DOC);
    v.dispatch({ effects: setExpectationMarks.of([mark(3, 'pass'), mark(4, 'fail')]) });
    v.dispatch({ changes: { from: 0, insert: '# a new first line\n' } });
    expect(marks(v)).toEqual([
      [4, 'pass'],
      [5, 'fail'],
    ]);
    v.dispatch({ effects: setExpectationMarks.of([mark(5, 'malformed')]) });
    expect(marks(v)).toEqual([[5, 'malformed']]);
  });

  it('keeps the markers when the whole file is replaced by the same text (no new parse comes for it)', () => {
    const v = editor(DOC);
    v.dispatch({ effects: setExpectationMarks.of([mark(3, 'pass'), mark(4, 'fail')]) });
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: DOC } });
    expect(marks(v)).toEqual([
      [3, 'pass'],
      [4, 'fail'],
    ]);
  });

  it('drops a mark for a line the document no longer has', () => {
    const v = editor('a\nb');
    v.dispatch({ effects: setExpectationMarks.of([mark(2, 'pass'), mark(9, 'fail'), mark(0, 'fail')]) });
    expect(marks(v)).toEqual([[2, 'pass']]);
  });
});
