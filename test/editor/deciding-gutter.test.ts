// @vitest-environment happy-dom
// The deciding-lines gutter as a mounted editor draws it: a marker on each
// line that decides results, with its count. Lines and counts written by hand.
import type { EditorView } from '@codemirror/view';
import { afterEach, describe, expect, it } from 'vitest';
import { resultDecorations, setDecidingLines } from '../../src/editor/decorations';
import { gutterMarks, mountEditor } from './gutterMarks';

const DOC = 'User-agent: a\nDisallow: /x\nAllow: /x/y\n\nUser-agent: *\nDisallow: /';

let view: EditorView | null = null;
afterEach(() => {
  view?.destroy();
  view = null;
});

/** [line, count] of every marker the gutter draws. */
function markers(v: EditorView): [number, number][] {
  return gutterMarks(v, 'cm-rl-decides-gutter', '.cm-rl-decides').map(([line, el]) => [line, Number(el.dataset.count)]);
}

describe('the deciding-lines gutter', () => {
  it('puts a marker on each line that decides results, with its count', () => {
    view = mountEditor({ doc: DOC, extensions: resultDecorations() });
    view.dispatch({
      effects: setDecidingLines.of(
        new Map([
          [2, 12],
          [6, 1],
          [4, 0],
        ]),
      ),
    });
    expect(markers(view)).toEqual([
      [2, 12],
      [6, 1],
    ]);
  });

  it('keeps the markers on their lines through an edit above them', () => {
    view = mountEditor({ doc: DOC, extensions: resultDecorations() });
    view.dispatch({ effects: setDecidingLines.of(new Map([[2, 3]])) });
    view.dispatch({ changes: { from: 0, insert: '# a comment\n' } });
    expect(markers(view)).toEqual([[3, 3]]);
  });
});
