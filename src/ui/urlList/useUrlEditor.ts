import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { EditorState, Text } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, placeholder } from '@codemirror/view';
import { type RefObject, useEffect } from 'react';
import { useController } from '../../app/context';
import { blockInput } from '../../editor/blockInput';
import { shadowMount, urlListTheme } from '../../editor/theme';
import { useRobotsLab } from '../../state/store';

/**
 * The URL list's CodeMirror view, in `host`'s shadow root, kept in step with
 * the store both ways: each edit goes to the store, and a list set elsewhere
 * comes into the view. A list the worker holds is not in the view (the page
 * shows a card for it); `edit` asks the worker for its text and puts it in.
 */
export function useUrlEditor(host: RefObject<HTMLDivElement | null>): { edit(): Promise<void> } {
  const controller = useController();
  useEffect(() => mountUrlEditor(host.current!), [host]);
  return {
    edit: async () => {
      const text = await controller.listText();
      if (text !== null) useRobotsLab.getState().setUrlText(text);
    },
  };
}

/** True while text from the store is put into a view: it must not travel back. */
let fromStore = false;

/** Puts `text` into the view in place of its document. */
function put(view: EditorView, text: string): void {
  // Split on "\n" when there is no "\r": CodeMirror's own split by regular expression takes seconds for a million lines.
  const doc = Text.of(text.indexOf('\r') === -1 ? text.split('\n') : text.split(/\r\n?|\n/));
  fromStore = true;
  try {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: doc } });
  } finally {
    fromStore = false;
  }
}

/** Makes the URL list's view in `parent`, kept in step with the store; answers how to take it down. */
function mountUrlEditor(parent: HTMLDivElement): () => void {
  let fromView = false;
  const view = new EditorView({
    ...shadowMount(parent),
    state: EditorState.create({
      doc: useRobotsLab.getState().urlText,
      extensions: [
        urlListTheme,
        lineNumbers(),
        history(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        blockInput(),
        placeholder('https://example.com/page\n/path?query'),
        EditorView.contentAttributes.of({
          // An id reference cannot cross into the shadow root, so the name is given here.
          'aria-label': 'URLs to test, one per line',
          'data-testid': 'url-list',
          spellcheck: 'false',
        }),
        EditorView.updateListener.of((u) => {
          if (!u.docChanged || fromStore) return;
          fromView = true;
          useRobotsLab.getState().setUrlText(u.state.doc.toString());
          fromView = false;
        }),
      ],
    }),
  });
  const unsubscribe = useRobotsLab.subscribe((s, prev) => {
    if (fromView || s.urlText === prev.urlText) return;
    put(view, s.urlText);
  });
  return () => {
    unsubscribe();
    view.destroy();
  };
}
