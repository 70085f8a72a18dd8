import { useEffect, useRef } from 'react';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, placeholder } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { useRobotsLab } from '../state/store';

/** Above this size the list reaches the store when typing pauses, not per keystroke. */
const LARGE = 200_000;

/**
 * The URL list: one URL or path per line. A CodeMirror view rather than a
 * textarea: it renders only the visible lines, so a list of a million URLs
 * stays usable (a textarea takes tens of seconds to lay that out).
 */
export function UrlList() {
  const host = useRef<HTMLDivElement>(null);
  const total = useRobotsLab((s) => s.results?.total ?? 0);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let fromView = false;
    const push = (view: EditorView) => {
      fromView = true;
      useRobotsLab.getState().setUrlText(view.state.doc.toString());
      fromView = false;
    };
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: useRobotsLab.getState().urlText,
        extensions: [
          lineNumbers(),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          placeholder('https://example.com/page\n/path?query'),
          EditorView.contentAttributes.of({ 'aria-labelledby': 'url-list-label', 'data-testid': 'url-list', spellcheck: 'false' }),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged) return;
            if (timer) clearTimeout(timer);
            timer = null;
            if (u.state.doc.length < LARGE) push(u.view);
            else timer = setTimeout(() => push(u.view), 250);
          }),
        ],
      }),
    });
    const unsubscribe = useRobotsLab.subscribe((s, prev) => {
      if (fromView || s.urlText === prev.urlText) return;
      if (s.urlText === view.state.doc.toString()) return;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: s.urlText } });
    });
    return () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
      view.destroy();
    };
  }, []);

  async function loadFile(file: File) {
    // Read locally; nothing is uploaded.
    useRobotsLab.getState().setUrlText(await file.text());
  }

  return (
    <div className="field url-list">
      <div className="field-head">
        <span id="url-list-label" className="label">
          URLs to test <span className="hint">one per line · full URLs or paths</span>
        </span>
        <label className="file-button">
          Load a file…
          <input
            type="file"
            accept=".txt,.csv,text/plain"
            className="visually-hidden"
            data-testid="url-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void loadFile(f);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      <div className="url-editor" ref={host} />
      <span className="hint" data-testid="url-count">
        {total.toLocaleString('en')} URL{total === 1 ? '' : 's'}
      </span>
    </div>
  );
}
