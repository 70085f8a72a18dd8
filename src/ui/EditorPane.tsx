import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef, useState } from 'react';
import { useController } from '../app/context';
import { CoalescedTextSync, DocMirror } from '../app/textSync';
import { type BigPaste, robotsEditorExtensions } from '../editor/index';
import { robotsEditorTheme, shadowMount } from '../editor/theme';
import { useRobotsLab } from '../state/store';
import { EditorNotes, notText, type OpenedNote } from './EditorNotes';
import { ROBOTS_FILE_INPUT } from './PageActions';

/**
 * The CodeMirror editor holding the robots.txt. It is created once; edits go
 * to the store, and text set elsewhere (reset, tests) comes back through a
 * store subscription, so typing never re-renders React. It lives in a shadow
 * root, so its styles need no inline `<style>` (see editor/theme.ts).
 */
export function EditorPane() {
  const controller = useController();
  const host = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState<OpenedNote | null>(null);
  const [pasted, setPasted] = useState<BigPaste | null>(null);
  /** Opens a dropped or picked file: its bytes go to the worker, the editor shows their text. */
  const open = useRef((file: File) => {
    controller.openRobotsFile(file).then(
      async ({ invalidLines }) => setOpened({ name: file.name, invalidLines, error: null, ...(await notText(file)) }),
      (e: unknown) =>
        setOpened({ name: file.name, invalidLines: 0, error: e instanceof Error ? e.message : String(e) }),
    );
  });

  useEffect(() => {
    const parent = host.current!;
    let fromEditor = false;
    let fromStore = false;
    // One copy of the document per frame, not per input event, and no per-line work (see textSync.ts).
    const sync = new CoalescedTextSync(
      (urgent) => (urgent ? mirror.now() : mirror.current()),
      (text) => {
        // Edits that came back to the same text: no new parse comes, so the marks they mapped away are shown again.
        if (text === useRobotsLab.getState().robotsText) return controller.reshowEditor();
        fromEditor = true;
        useRobotsLab.getState().setRobotsText(text);
        fromEditor = false;
      },
    );
    const initial = useRobotsLab.getState().robotsText;
    const view = new EditorView({
      ...shadowMount(parent),
      state: EditorState.create({
        doc: initial,
        extensions: [
          robotsEditorExtensions({
            onDecidingLineClick: (line) => useRobotsLab.getState().showDecidingLine(line),
            onBigPaste: setPasted,
          }),
          robotsEditorTheme,
          EditorView.contentAttributes.of({ 'aria-label': 'robots.txt', 'data-testid': 'robots-editor-content' }),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged || fromStore) return;
            mirror.update(u.changes, u.state.doc);
            sync.changed();
          }),
          // A file dropped on the editor is opened as bytes, not inserted as text (CodeMirror's own drop).
          EditorView.domEventHandlers({
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
    const mirror = new DocMirror(view.state.doc, () => sync.resume(), initial);
    controller.attachEditor(view);
    const unsubscribe = useRobotsLab.subscribe((s, prev) => {
      if (fromEditor || s.robotsText === prev.robotsText) return;
      sync.cancel();
      if (s.robotsText === mirror.now()) return;
      fromStore = true;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: s.robotsText } });
      fromStore = false;
      mirror.reset(s.robotsText, view.state.doc);
    });
    // Capture: runs before main.tsx's pagehide handler, so the storage flush saves the last edit.
    const flush = () => sync.flush();
    const onHidden = () => document.visibilityState === 'hidden' && sync.flush();
    addEventListener('pagehide', flush, { capture: true });
    addEventListener('visibilitychange', onHidden, { capture: true });
    return () => {
      removeEventListener('pagehide', flush, { capture: true });
      removeEventListener('visibilitychange', onHidden, { capture: true });
      sync.flush();
      mirror.destroy();
      unsubscribe();
      controller.attachEditor(null);
      view.destroy();
    };
  }, [controller]);

  return (
    <>
      <div className="editor-tools">
        <label className="file-button">
          Open a file…
          <input
            type="file"
            accept=".txt,text/plain"
            className="visually-hidden"
            id={ROBOTS_FILE_INPUT}
            data-testid="robots-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) open.current(f);
              e.target.value = '';
            }}
          />
        </label>
        <EditorNotes opened={opened} pasted={pasted} />
      </div>
      <div className="editor-host" ref={host} data-testid="robots-editor" />
    </>
  );
}
