import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { Compartment, EditorState, type Text } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, placeholder } from '@codemirror/view';
import { type RefObject, useEffect } from 'react';
import { shadowMount, urlListTheme } from '../../editor/theme';
import { useRobotsLab } from '../../state/store';
import type { ListPieces } from '../../worker/pieces';
import { FILL_CHUNK, fillInSteps } from '../listFill';

/** Above this size the list reaches the store when typing pauses, not per keystroke. */
const LARGE = 200_000;

/**
 * The URL list's CodeMirror view, in `host`'s shadow root, kept in step with
 * the store both ways: edits go to the store (per keystroke when small, when
 * typing pauses when large), and a list set elsewhere (an import, a restore)
 * comes into the view, in steps when large (read-only meanwhile).
 */
export function useUrlEditor(host: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let fromView = false;
    /** True while text from the store is put into the view: it must not travel back. */
    let fromStore = false;
    const push = (view: EditorView) => {
      fromView = true;
      useRobotsLab.getState().setUrlText(view.state.doc.toString());
      fromView = false;
    };
    const readOnly = new Compartment();
    const initial = useRobotsLab.getState().urlText;
    const view = new EditorView({
      ...shadowMount(host.current!),
      state: EditorState.create({
        doc: initial.length > FILL_CHUNK ? '' : initial,
        extensions: [
          readOnly.of([]),
          urlListExtensions(),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged || fromStore) return;
            if (timer) clearTimeout(timer);
            timer = null;
            if (u.state.doc.length < LARGE) push(u.view);
            else timer = setTimeout(() => push(u.view), 250);
          }),
        ],
      }),
    });
    const put = (from: number, to: number, insert: string | Text, last: boolean) => {
      fromStore = true;
      try {
        view.dispatch({
          changes: { from, to, insert },
          effects: readOnly.reconfigure(last ? [] : [EditorState.readOnly.of(true), EditorView.editable.of(false)]),
        });
      } finally {
        fromStore = false;
      }
    };
    const filler = new ViewFiller(view, put);
    if (initial.length > FILL_CHUNK) filler.show(initial, useRobotsLab.getState().urlPieces);
    const unsubscribe = useRobotsLab.subscribe((s, prev) => {
      if (fromView || s.urlText === prev.urlText) return;
      // Text that came from this view comes back unchanged (an imported list, in pieces, is always new).
      if (!filler.filling && !s.urlPieces && sameText(s.urlText, view.state.doc)) return;
      if (timer) clearTimeout(timer);
      timer = null;
      filler.show(s.urlText, s.urlPieces);
    });
    return () => {
      filler.stop();
      if (timer) clearTimeout(timer);
      unsubscribe();
      view.destroy();
    };
  }, [host]);
}

function sameText(text: string, doc: Text): boolean {
  return text.length === doc.length && text === doc.toString();
}

/** The view's fixed extensions: look, line numbers, history, keys and the accessible name. */
function urlListExtensions() {
  return [
    urlListTheme,
    lineNumbers(),
    history(),
    keymap.of([...defaultKeymap, ...historyKeymap]),
    placeholder('https://example.com/page\n/path?query'),
    EditorView.contentAttributes.of({
      // An id reference cannot cross into the shadow root, so the name is given here.
      'aria-label': 'URLs to test, one per line',
      'data-testid': 'url-list',
      spellcheck: 'false',
    }),
  ];
}

type Put = (from: number, to: number, insert: string | Text, last: boolean) => void;

/** Puts text from the store into the view: at once when small, else in steps (fillInSteps). */
class ViewFiller {
  private stopFill: (() => void) | null = null;

  constructor(
    private readonly view: EditorView,
    private readonly put: Put,
  ) {}

  get filling(): boolean {
    return this.stopFill !== null;
  }

  show(text: string, pieces: ListPieces | null): void {
    this.stop();
    const view = this.view;
    if (text.length <= FILL_CHUNK) {
      this.put(0, view.state.doc.length, text, true);
      return;
    }
    this.stopFill = fillInSteps(text, pieces, {
      first: (part, last) => this.put(0, view.state.doc.length, part, last),
      rest: (doc) => {
        this.stopFill = null;
        this.put(view.state.doc.length, view.state.doc.length, doc, true);
      },
    });
  }

  stop(): void {
    this.stopFill?.();
    this.stopFill = null;
  }
}
