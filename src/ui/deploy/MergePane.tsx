import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { MergeView } from '@codemirror/merge';
import { Annotation, type Extension } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, placeholder } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { steadyDrawnCursor } from '../../editor/caret';
import { robotsBaseTheme, robotsHighlighting } from '../../editor/highlight';
import { robots } from '../../editor/language';
import { shadowMount } from '../../editor/theme';
import { useDeploy } from '../../state/deploy';
import { useRobotsLab } from '../../state/store';
import { mergeTheme } from './mergeTheme';

/** What both sides share: numbers, history, the robots.txt colours, the page's look. */
function side(label: string, testId: string, onChange: (text: string) => void, extra: Extension = []): Extension {
  return [
    lineNumbers(),
    history(),
    steadyDrawnCursor(),
    robots(),
    robotsHighlighting,
    robotsBaseTheme,
    mergeTheme,
    // Wrapped: two files side by side are narrow, and a pane that scrolls sideways is one more thing to scroll.
    EditorView.lineWrapping,
    keymap.of([...historyKeymap, ...defaultKeymap]),
    // tabindex as in the main editor (src/editor/theme.ts): axe counts a scroll area focusable only so.
    EditorView.contentAttributes.of({ 'aria-label': label, 'data-testid': testId, tabindex: '0' }),
    EditorView.updateListener.of((u) => {
      if (u.docChanged && !u.transactions.some((t) => t.annotation(fromStore))) onChange(u.state.doc.toString());
    }),
    extra,
  ];
}

/** Marks a change that came from the store, so it is not written back. */
const fromStore = Annotation.define<boolean>();

/**
 * Brings a side to its store text by replacing only the span that differs
 * (common head and tail kept), so the merge view re-diffs just that span
 * rather than the whole file on every keystroke in the main editor. False
 * when the side holds that text already (the store took it from this side).
 */
function follow(view: EditorView, text: string): boolean {
  const old = view.state.doc.toString();
  if (old === text) return false;
  let head = 0;
  const max = Math.min(old.length, text.length);
  while (head < max && old.charCodeAt(head) === text.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < max - head && old.charCodeAt(old.length - 1 - tail) === text.charCodeAt(text.length - 1 - tail)) tail++;
  view.dispatch({
    changes: { from: head, to: old.length - tail, insert: text.slice(head, text.length - tail) },
    annotations: fromStore.of(true),
  });
  return true;
}

/** Unchanged runs of this many lines or more fold into one line ("… 120 unchanged lines"), with this many kept as context. */
const COLLAPSE = { margin: 3, minSize: 8 };

/**
 * Shows the view's first change: the unchanged runs folded again for the
 * texts as they are now (the merge view folds only when it is made, and a
 * deployed file usually comes later), then the scroll box moved so that the
 * first changed line sits near its top, on both sides at once (the sides
 * scroll together in one box).
 */
function showFirstChange(view: MergeView, box: HTMLElement): void {
  view.reconfigure({ collapseUnchanged: COLLAPSE });
  const chunk = view.chunks[0];
  if (!chunk) return;
  const at = Math.min(chunk.fromB, view.b.state.doc.length);
  view.b.requestMeasure({
    read: (v) => v.lineBlockAt(at).top + v.documentTop - box.getBoundingClientRect().top + box.scrollTop,
    write: (top) => {
      box.scrollTop = Math.max(0, top - 3 * view.b.defaultLineHeight);
    },
  });
}

/**
 * The text diff between the deployed file (left, editable: paste it here)
 * and the edited one (right, the same document as the main editor, so an
 * edit on either side reaches the other). A CodeMirror MergeView in a shadow
 * root, like the main editor, for the strict CSP.
 */
export function MergePane() {
  const host = useRef<HTMLElement>(null);

  useEffect(() => {
    const box = host.current!;
    const { root } = shadowMount(box);
    // A task later: both sides' chunks are computed and laid out by then.
    let revealTimer: ReturnType<typeof setTimeout> | undefined;
    const reveal = () => {
      clearTimeout(revealTimer);
      revealTimer = setTimeout(() => showFirstChange(view, box), 0);
    };
    const view = new MergeView({
      a: {
        doc: useDeploy.getState().deployedText,
        extensions: side('Deployed robots.txt', 'deployed-editor-content', useDeploy.getState().setDeployedText, [
          placeholder('Paste the deployed robots.txt here, drop its file, or restore a snapshot'),
          // A file pasted into the empty side shows its first change, as one opened does.
          EditorView.updateListener.of((u) => {
            if (u.docChanged && u.startState.doc.length === 0) reveal();
          }),
        ]),
      },
      b: {
        doc: useRobotsLab.getState().robotsText,
        extensions: side('Edited robots.txt', 'edited-editor-content', useRobotsLab.getState().setRobotsText),
      },
      parent: root,
      root,
      gutter: true,
      highlightChanges: true,
      collapseUnchanged: COLLAPSE,
    });
    reveal();
    // A new deployed file (opened, restored, pasted whole) shows its first change; an edit in the editor does not move the view.
    const stopDeploy = useDeploy.subscribe((s, prev) => {
      if (s.deployedText !== prev.deployedText && follow(view.a, s.deployedText)) reveal();
      if (s.deployedFocus && s.deployedFocus !== prev.deployedFocus) {
        const doc = view.a.state.doc;
        const line = doc.line(Math.min(Math.max(1, s.deployedFocus.line), doc.lines));
        view.a.dispatch({
          selection: { anchor: line.from, head: line.to },
          effects: EditorView.scrollIntoView(line.from, { y: 'center' }),
        });
        view.a.focus();
      }
    });
    const stopLab = useRobotsLab.subscribe((s, prev) => {
      if (s.robotsText !== prev.robotsText) follow(view.b, s.robotsText);
    });
    return () => {
      clearTimeout(revealTimer);
      stopDeploy();
      stopLab();
      view.destroy();
    };
  }, []);

  return (
    <section
      className="merge-host"
      ref={host}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container (the merge view does not scroll itself); focus lets a keyboard user scroll it
      tabIndex={0}
      aria-label="Text diff: deployed and edited"
      data-testid="merge-view"
    />
  );
}
