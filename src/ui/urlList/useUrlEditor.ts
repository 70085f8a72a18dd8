import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { EditorState, Text } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, placeholder } from '@codemirror/view';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { blockInput } from '../../editor/blockInput';
import { shadowMount, urlListTheme } from '../../editor/theme';
import { useRobotsLab } from '../../state/store';

/** A list set from elsewhere (an import, a reload) longer than this (characters) is shown as a card, not in the editor. */
const LONG_LIST = 250_000;

/**
 * The URL list's CodeMirror view, in `host`'s shadow root, kept in step with
 * the store both ways: each edit goes to the store, and a list set elsewhere
 * comes into the view. A long list set elsewhere stays out of the view
 * (`card`: the page shows a card for it) until the user asks to `edit` it.
 */
export function useUrlEditor(host: RefObject<HTMLDivElement | null>): { card: boolean; edit(): void } {
  const [card, setCard] = useState(() => useRobotsLab.getState().urlText.length > LONG_LIST);
  const view = useRef<EditorView | null>(null);
  const editing = useRef(false);
  useEffect(() => {
    const mounted = mountUrlEditor(host.current!, setCard);
    view.current = mounted.view;
    return () => {
      view.current = null;
      mounted.stop();
    };
  }, [host]);
  // The list goes in once the card is gone and the view can take input.
  useEffect(() => {
    if (card || !editing.current || !view.current) return;
    editing.current = false;
    put(view.current, useRobotsLab.getState().urlText);
  }, [card]);
  return {
    card,
    edit: () => {
      editing.current = true;
      setCard(false);
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

/** Makes the URL list's view in `parent`, kept in step with the store. */
function mountUrlEditor(parent: HTMLDivElement, setCard: (card: boolean) => void) {
  let fromView = false;
  const show = (text: string) => {
    const long = text.length > LONG_LIST;
    setCard(long);
    put(view, long ? '' : text);
  };
  const initial = useRobotsLab.getState().urlText;
  const view = new EditorView({
    ...shadowMount(parent),
    state: EditorState.create({
      doc: initial.length > LONG_LIST ? '' : initial,
      extensions: [
        urlListExtensions(),
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
    show(s.urlText);
  });
  return {
    view,
    stop: () => {
      unsubscribe();
      view.destroy();
    },
  };
}

/** The view's fixed extensions: look, line numbers, history, keys and the accessible name. */
function urlListExtensions() {
  return [
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
  ];
}
