import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { useController } from '../app/context';
import { robotsEditorExtensions } from '../editor/index';
import { robotsEditorTheme, shadowMount } from '../editor/theme';
import { useRobotsLab } from '../state/store';
import { EditorNotes } from './EditorNotes';
import { FileButton } from './files';
import { ROBOTS_FILE_INPUT } from './PageActions';

/**
 * Pasted text longer than this (in characters) is opened as a file instead:
 * its bytes stay in the worker and the editor shows the part Google reads
 * (the worker's cap, `EDITOR_CAP_BYTES` in worker/bytes.ts, is the same size).
 */
const PASTE_AS_FILE_CHARS = 2_000_000;

/**
 * The CodeMirror editor holding the robots.txt. It is created once; each edit
 * goes to the store, and text set elsewhere (reset, tests) comes back through
 * a store subscription, so typing never re-renders React. It lives in a shadow
 * root, so its styles need no inline `<style>` (see editor/theme.ts).
 */
export function EditorPane() {
  const controller = useController();
  const host = useRef<HTMLDivElement>(null);
  /** Opens a dropped or picked file: its bytes go to the worker, the editor shows their text. */
  const open = useRef((file: File) => void controller.openRobotsFile(file));

  useEffect(() => {
    const parent = host.current!;
    let fromEditor = false;
    let fromStore = false;
    const initial = useRobotsLab.getState().robotsText;
    const view = new EditorView({
      ...shadowMount(parent),
      state: EditorState.create({
        doc: initial,
        extensions: [
          robotsEditorExtensions((line) => useRobotsLab.getState().showDecidingLine(line)),
          robotsEditorTheme,
          EditorView.contentAttributes.of({ 'aria-label': 'robots.txt', 'data-testid': 'robots-editor-content' }),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged || fromStore) return;
            const text = u.state.doc.toString();
            // Edits that came back to the same text: no new parse comes, so the marks they mapped away are shown again.
            if (text === useRobotsLab.getState().robotsText) return controller.reshowEditor();
            fromEditor = true;
            useRobotsLab.getState().setRobotsText(text);
            fromEditor = false;
          }),
          // A file dropped on the editor is opened as bytes, not inserted as text (CodeMirror's own drop).
          EditorView.domEventHandlers({
            paste(e) {
              const text = e.clipboardData?.getData('text/plain') ?? '';
              if (text.length <= PASTE_AS_FILE_CHARS) return false;
              e.preventDefault();
              open.current(new File([text], 'pasted text', { type: 'text/plain' }));
              return true;
            },
            drop(e) {
              const file = e.dataTransfer?.files?.[0];
              if (!file) return false;
              e.preventDefault();
              open.current(file);
              return true;
            },
          }),
        ],
      }),
    });
    controller.attachEditor(view);
    const unsubscribe = useRobotsLab.subscribe((s, prev) => {
      if (fromEditor || s.robotsText === prev.robotsText) return;
      if (s.robotsText === view.state.doc.toString()) return;
      fromStore = true;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: s.robotsText } });
      fromStore = false;
    });
    return () => {
      unsubscribe();
      controller.attachEditor(null);
      view.destroy();
    };
  }, [controller]);

  return (
    <>
      <div className="editor-tools">
        <FileButton
          className="file-button"
          accept=".txt,text/plain"
          onFiles={([f]) => f && open.current(f)}
          inputId={ROBOTS_FILE_INPUT}
          inputTestId="robots-file"
        >
          Open a file…
        </FileButton>
        <EditorNotes />
      </div>
      <div className="editor-host" ref={host} data-testid="robots-editor" />
    </>
  );
}
