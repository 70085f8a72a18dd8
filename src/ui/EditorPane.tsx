import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { useController } from '../app/context';
import { robotsEditorExtensions } from '../editor/index';
import { useRobotsLab } from '../state/store';

/**
 * The CodeMirror editor holding the robots.txt. It is created once; edits go
 * to the store, and text set elsewhere (reset, tests) comes back through a
 * store subscription, so typing never re-renders React.
 */
export function EditorPane() {
  const controller = useController();
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const parent = host.current!;
    let fromEditor = false;
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc: useRobotsLab.getState().robotsText,
        extensions: [
          robotsEditorExtensions({ onDecidingLineClick: (line) => useRobotsLab.getState().showDecidingLine(line) }),
          EditorView.contentAttributes.of({ 'aria-label': 'robots.txt', 'data-testid': 'robots-editor-content' }),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged) return;
            fromEditor = true;
            useRobotsLab.getState().setRobotsText(u.state.doc.toString());
            fromEditor = false;
          }),
        ],
      }),
    });
    controller.attachEditor(view);
    const unsubscribe = useRobotsLab.subscribe((s, prev) => {
      if (fromEditor || s.robotsText === prev.robotsText) return;
      if (s.robotsText === view.state.doc.toString()) return;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: s.robotsText } });
    });
    return () => {
      unsubscribe();
      controller.attachEditor(null);
      view.destroy();
    };
  }, [controller]);

  return <div className="editor-host" ref={host} data-testid="robots-editor" />;
}
