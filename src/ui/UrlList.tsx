import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { Compartment, EditorState, type Text } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, placeholder } from '@codemirror/view';
import { useEffect, useRef, useState } from 'react';
import { useController } from '../app/context';
import { shadowMount, urlListTheme } from '../editor/theme';
import { useRobotsLab } from '../state/store';
import type { ListImport } from '../worker/client';
import type { ListPieces } from '../worker/pieces';
import type { ImportSummary } from '../worker/protocol';
import { formatCount } from './format';
import { FILL_CHUNK, fillInSteps } from './listFill';

/** Above this size the list reaches the store when typing pauses, not per keystroke. */
const LARGE = 200_000;

/**
 * The URL list: one URL or path per line. A CodeMirror view rather than a
 * textarea: it renders only the visible lines, so a list of a million URLs
 * stays usable (a textarea takes tens of seconds to lay that out). Mounted in
 * a shadow root, like the robots.txt editor (see editor/theme.ts).
 */
export function UrlList() {
  const controller = useController();
  const host = useRef<HTMLDivElement>(null);
  const total = useRobotsLab((s) => s.results?.total ?? 0);

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
    /** Puts text from the store into the view: at once when small, else in steps (fillInSteps), read-only meanwhile. */
    let stopFill: (() => void) | null = null;
    const show = (text: string, pieces: ListPieces | null) => {
      stopFill?.();
      stopFill = null;
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
      if (text.length <= FILL_CHUNK) {
        put(0, view.state.doc.length, text, true);
        return;
      }
      stopFill = fillInSteps(text, pieces, {
        first: (part, last) => put(0, view.state.doc.length, part, last),
        rest: (doc) => {
          stopFill = null;
          put(view.state.doc.length, view.state.doc.length, doc, true);
        },
      });
    };
    if (initial.length > FILL_CHUNK) show(initial, useRobotsLab.getState().urlPieces);
    const unsubscribe = useRobotsLab.subscribe((s, prev) => {
      if (fromView || s.urlText === prev.urlText) return;
      // Text that came from this view comes back unchanged (an imported list, in pieces, is always new).
      if (
        !stopFill &&
        !s.urlPieces &&
        s.urlText.length === view.state.doc.length &&
        s.urlText === view.state.doc.toString()
      )
        return;
      if (timer) clearTimeout(timer);
      timer = null;
      show(s.urlText, s.urlPieces);
    });
    return () => {
      stopFill?.();
      if (timer) clearTimeout(timer);
      unsubscribe();
      view.destroy();
    };
  }, []);

  const [importNote, setImportNote] = useState<{ text: string; error: boolean } | null>(null);
  const [csvChoice, setCsvChoice] = useState<{ file: File; result: ImportSummary; column: number } | null>(null);
  const [dragging, setDragging] = useState(false);

  function use(result: ListImport, bytes: number) {
    useRobotsLab.getState().setUrlText(result.text, result.pieces);
    // The Sitemaps tab cross-checks a sitemap's URLs against the rules while the list is still that file's.
    useRobotsLab
      .getState()
      .setSitemapList(
        result.format === 'sitemap' ? { name: result.name, count: result.count, bytes, text: result.text } : null,
      );
    const n = `${formatCount(result.count)} URL${result.count === 1 ? '' : 's'}`;
    let text = `Loaded ${n} from ${result.name}.`;
    if (result.sitemapIndex) {
      text = `${result.name} is a sitemap index: its ${n} are the child sitemaps' addresses, listed as URLs to test. The child sitemaps were not fetched (nothing leaves this page); load each one to test its pages.`;
    }
    setImportNote({ text, error: false });
  }

  /** Reads a file in the worker (locally; nothing is uploaded). A CSV first asks which column holds the URLs. */
  async function loadFile(file: File, column: number | null = null) {
    setImportNote({ text: `Reading ${file.name}…`, error: false });
    try {
      const result = await controller.importUrlList(file, column);
      if (result.format === 'csv' && column === null) {
        setImportNote(null);
        setCsvChoice({ file, result, column: Math.max(0, result.csv?.column ?? 0) });
        return;
      }
      use(result, file.size);
    } catch (e) {
      setImportNote({
        text: `Could not read ${file.name}: ${e instanceof Error ? e.message : String(e)}`,
        error: true,
      });
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for files dragged in; the keyboard's way in is the file picker button inside it
    <div
      className={`field url-list${dragging ? ' dragging' : ''}`}
      data-testid="url-drop-zone"
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        const f = e.dataTransfer.files?.[0];
        setDragging(false);
        if (!f) return;
        e.preventDefault();
        void loadFile(f);
      }}
    >
      <div className="field-head">
        <span className="label">
          URLs to test <span className="hint">one per line · full URLs or paths</span>
        </span>
        <label className="file-button">
          Load a file…
          <input
            type="file"
            accept=".txt,.csv,.tsv,.xml,text/plain,text/csv,application/xml,text/xml"
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
      {csvChoice && (
        <CsvColumnDialog
          choice={csvChoice}
          onColumn={(column) => setCsvChoice({ ...csvChoice, column })}
          onCancel={() => setCsvChoice(null)}
          onConfirm={() => {
            const { file, column } = csvChoice;
            setCsvChoice(null);
            void loadFile(file, column);
          }}
        />
      )}
      <div className="url-editor" ref={host} />
      {importNote && (
        <p
          className={importNote.error ? 'import-note warn' : 'import-note hint'}
          role={importNote.error ? 'alert' : 'status'}
          data-testid="import-note"
        >
          {importNote.text}
        </p>
      )}
      {dragging && (
        <div className="drop-hint" aria-hidden="true">
          Drop a .txt, .csv or sitemap .xml file
        </div>
      )}
      <span className="hint" data-testid="url-count">
        {formatCount(total)} URL{total === 1 ? '' : 's'}
      </span>
    </div>
  );
}

/** Asks which CSV column holds the URLs: header names (or column numbers) with a preview. */
function CsvColumnDialog(props: {
  choice: { file: File; result: ImportSummary; column: number };
  onColumn(column: number): void;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { result, column } = props.choice;
  const csv = result.csv!;
  const names = Array.from({ length: csv.columns }, (_, i) => csv.header?.[i] || `Column ${i + 1}`);
  return (
    <div
      className="csv-dialog"
      role="dialog"
      aria-modal="false"
      aria-labelledby="csv-dialog-title"
      data-testid="csv-dialog"
    >
      <h3 id="csv-dialog-title">Which column holds the URLs in {result.name}?</h3>
      <p className="hint">
        {csv.header ? 'The first row is a header.' : 'The file has no header row.'}{' '}
        {csv.column >= 0 ? `“${names[csv.column]}” looks like URLs.` : 'No column looks like URLs.'}
      </p>
      <label>
        URL column{' '}
        <select value={column} onChange={(e) => props.onColumn(Number(e.target.value))} data-testid="csv-column">
          {names.map((n, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional (item i is column or crawler i) and is replaced whole, never reordered
            <option key={i} value={i}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <table className="csv-preview">
        <thead>
          <tr>
            {names.map((n, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional (item i is column or crawler i) and is replaced whole, never reordered
              <th key={i} className={i === column ? 'chosen' : ''}>
                {n}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {csv.sample.map((r, ri) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional (item i is column or crawler i) and is replaced whole, never reordered
            <tr key={ri}>
              {names.map((_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional (item i is column or crawler i) and is replaced whole, never reordered
                <td key={i} className={i === column ? 'chosen' : ''}>
                  {r[i] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <button type="button" onClick={props.onConfirm} data-testid="csv-import">
          Use this column
        </button>
        <button type="button" className="secondary" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
