// The `# expect:` gutter on EditorState, without a DOM (STYLE: CodeMirror
// language packages; docs/expectations.md). Lines are written by hand.
import { EditorState, type RangeSet } from '@codemirror/state';
import type { GutterMarker } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { expectationGutter, expectationMarksField, setExpectationMarks } from '../../src/editor/expectations';

const DOC = 'User-agent: *\nDisallow: /p/\n# expect: blocked x /p/a\n# expect: allowed x /p/b\n';

/** [line, status] of every marker. */
function marks(state: EditorState): [number, string][] {
  const out: [number, string][] = [];
  const set: RangeSet<GutterMarker> = state.field(expectationMarksField);
  set.between(0, state.doc.length, (from, _to, m) => {
    out.push([state.doc.lineAt(from).number, (m as unknown as { status: string }).status]);
  });
  return out;
}

const mark = (line: number, status: 'pass' | 'fail' | 'malformed') => ({
  line,
  status,
  message: `${status} on ${line}`,
  decidingLines: status === 'fail' ? [2] : [],
});

describe('the expectation gutter', () => {
  it('puts one marker on each expectation line the worker reported', () => {
    const s = EditorState.create({ doc: DOC, extensions: expectationGutter() });
    const t = s.update({ effects: setExpectationMarks.of([mark(4, 'fail'), mark(3, 'pass')]) }).state;
    expect(marks(t)).toEqual([
      [3, 'pass'],
      [4, 'fail'],
    ]);
  });

  it('keeps the markers on their lines through an edit above them, until the next parse replaces them', () => {
    const s = EditorState.create({ doc: DOC, extensions: expectationGutter() });
    const t = s.update({ effects: setExpectationMarks.of([mark(3, 'pass'), mark(4, 'fail')]) }).state;
    const edited = t.update({ changes: { from: 0, insert: '# a new first line\n' } }).state;
    expect(marks(edited)).toEqual([
      [4, 'pass'],
      [5, 'fail'],
    ]);
    const replaced = edited.update({ effects: setExpectationMarks.of([mark(5, 'malformed')]) }).state;
    expect(marks(replaced)).toEqual([[5, 'malformed']]);
  });

  it('keeps the markers when the whole file is replaced by the same text (no new parse comes for it)', () => {
    const s = EditorState.create({ doc: DOC, extensions: expectationGutter() });
    const t = s.update({ effects: setExpectationMarks.of([mark(3, 'pass'), mark(4, 'fail')]) }).state;
    const same = t.update({ changes: { from: 0, to: t.doc.length, insert: DOC } }).state;
    expect(marks(same)).toEqual([
      [3, 'pass'],
      [4, 'fail'],
    ]);
  });

  it('drops a mark for a line the document no longer has', () => {
    const s = EditorState.create({ doc: 'a\nb', extensions: expectationGutter() });
    const t = s.update({ effects: setExpectationMarks.of([mark(2, 'pass'), mark(9, 'fail'), mark(0, 'fail')]) }).state;
    expect(marks(t)).toEqual([[2, 'pass']]);
  });
});
