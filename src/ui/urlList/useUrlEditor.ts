import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { Compartment, EditorState, type Text } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, placeholder } from '@codemirror/view';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { blockInput } from '../../editor/blockInput';
import { shadowMount, urlListTheme } from '../../editor/theme';
import { countLines } from '../../state/localWrite';
import { useRobotsLab } from '../../state/store';
import type { ListPieces } from '../../worker/pieces';
import { FILL_CHUNK, fillInSteps, headOf } from '../listFill';

/** Above this size the list reaches the store when typing pauses, not per keystroke. */
const LARGE = 200_000;

/**
 * What the URL editor shows of a list longer than FILL_CHUNK: its first
 * lines, read-only, until the user asks to edit all of it (`loading` while
 * the rest is built in steps). The list itself is whole in the store: runs,
 * filters, exports and the saved copy use every line.
 */
export interface ListPreview {
  /** Lines shown. */
  shown: number;
  /** The whole list's length in characters. */
  chars: number;
  loading: boolean;
}

/**
 * The URL list's CodeMirror view, in `host`'s shadow root, kept in step with
 * the store both ways: edits go to the store (per keystroke when small, when
 * typing pauses when large), and a list set elsewhere (an import, a restore)
 * comes into the view. A long list comes in as a read-only preview of its
 * first lines (putting a million lines into the view cost seconds of
 * main-thread work and garbage collection, on every reload); `editAll` puts
 * the whole list in, in steps, and makes it editable.
 */
export function useUrlEditor(host: RefObject<HTMLDivElement | null>): {
  preview: ListPreview | null;
  editAll(): void;
} {
  const [preview, setPreview] = useState<ListPreview | null>(null);
  const editAll = useRef(() => {});
  useEffect(() => {
    // The view is made a task after the page's other effects (the robots.txt
    // editor's among them): together they were one task of 30-60 ms on a reload.
    let stop: (() => void) | null = null;
    const later = setTimeout(() => {
      stop = mountUrlEditor(host.current!, setPreview, editAll);
    }, 0);
    return () => {
      clearTimeout(later);
      stop?.();
    };
  }, [host]);
  return { preview, editAll: () => editAll.current() };
}

/** Makes the URL list's view in `parent`, kept in step with the store; returns what takes it down. */
function mountUrlEditor(
  parent: HTMLDivElement,
  setPreview: (preview: ListPreview | null) => void,
  editAll: { current: () => void },
): () => void {
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
    ...shadowMount(parent),
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
  const filler = new ViewFiller(view, put, setPreview, new WhenShown(parent));
  editAll.current = () => filler.fillAll();
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
    filler.destroy();
    // An edit still waiting for the typing pause goes to the store now: nothing typed is lost.
    if (timer) {
      clearTimeout(timer);
      push(view);
    }
    unsubscribe();
    view.destroy();
  };
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

type Put = (from: number, to: number, insert: string | Text, last: boolean) => void;

/**
 * Puts text from the store into the view: at once when small, else its first
 * lines (a preview) and, when asked, all of it in steps (fillInSteps).
 */
class ViewFiller {
  private stopFill: (() => void) | null = null;
  /** The long list the view previews, until it is put in whole. */
  private long: { text: string; pieces: ListPieces | null; shown: number } | null = null;

  constructor(
    private readonly view: EditorView,
    private readonly put: Put,
    private readonly onPreview: (preview: ListPreview | null) => void,
    private readonly shown: WhenShown,
  ) {}

  /** True while the view does not hold the store's list whole (a preview, or a fill under way). */
  get filling(): boolean {
    return this.long !== null;
  }

  show(text: string, pieces: ListPieces | null): void {
    this.stop();
    const view = this.view;
    if (text.length <= FILL_CHUNK) {
      this.long = null;
      this.onPreview(null);
      this.put(0, view.state.doc.length, text, true);
      return;
    }
    const head = headOf(text, pieces);
    const shown = countLines(head);
    this.long = { text, pieces, shown };
    // Hidden (the inputs folded on a short screen), the view cannot measure itself and CodeMirror
    // draws every line it is given: the preview's 534 lines and their numbers were 30 ms of the
    // task that restored a saved list on a reload. So the preview goes in once the view has a size.
    this.shown.run(() => this.put(0, view.state.doc.length, head, false));
    this.onPreview({ shown, chars: text.length, loading: false });
  }

  /** Puts the previewed list in whole, in steps (read-only until done). */
  fillAll(): void {
    const long = this.long;
    if (!long || this.stopFill) return;
    const view = this.view;
    // The whole list replaces a preview still waiting to be put in.
    this.shown.cancel();
    this.onPreview({ shown: long.shown, chars: long.text.length, loading: true });
    this.stopFill = fillInSteps(long.text, long.pieces, {
      first: (part, last) => this.put(0, view.state.doc.length, part, last),
      rest: (doc) => {
        this.stopFill = null;
        this.long = null;
        this.put(view.state.doc.length, view.state.doc.length, doc, true);
        this.onPreview(null);
      },
    });
  }

  stop(): void {
    this.shown.cancel();
    this.stopFill?.();
    this.stopFill = null;
  }

  /** Takes the view down: nothing more is put in. */
  destroy(): void {
    this.stop();
    this.shown.disconnect();
  }
}

/**
 * Runs a piece of work once an element has a size, at once if it has one,
 * as its ResizeObserver reports it (no layout is read for it). Until the
 * first report the element counts as shown.
 */
class WhenShown {
  private visible = true;
  private pending: (() => void) | null = null;
  private readonly observer: ResizeObserver;

  constructor(el: Element) {
    this.observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1].contentRect;
      this.visible = box.width > 0 && box.height > 0;
      if (!this.visible || !this.pending) return;
      const run = this.pending;
      this.pending = null;
      run();
    });
    this.observer.observe(el);
  }

  /** Runs `fn` now if the element is shown, else when it is; replaces work still waiting. */
  run(fn: () => void): void {
    this.pending = null;
    if (this.visible) fn();
    else this.pending = fn;
  }

  cancel(): void {
    this.pending = null;
  }

  disconnect(): void {
    this.cancel();
    this.observer.disconnect();
  }
}
