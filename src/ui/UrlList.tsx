import { type RefObject, useRef, useState } from 'react';
import { useRobotsLab } from '../state/store';
import { formatCount } from './format';
import { CsvColumnDialog } from './urlList/CsvColumnDialog';
import { ListCard } from './urlList/ListCard';
import { useListImport } from './urlList/useListImport';
import { useUrlEditor } from './urlList/useUrlEditor';

/**
 * The URL list: one URL or path per line. A CodeMirror view rather than a
 * textarea (useUrlEditor): it renders only the visible lines, so a long list
 * stays usable once the user asks to edit it. Files dropped on it or picked
 * are read in the worker (useListImport); a long one stays there and is
 * shown as a card (ListCard), as is a list restored from storage.
 */
export function UrlList({ onImported }: { onImported(said: string): void }) {
  const host = useRef<HTMLDivElement>(null);
  const total = useRobotsLab((s) => s.results?.total ?? 0);
  const listNotice = useRobotsLab((s) => s.listNotice);
  const picker = useRef<HTMLInputElement>(null);
  const held = useRobotsLab((s) => s.urlList);
  const { note, csvChoice, setCsvChoice, loadFile } = useListImport(onImported);
  const [dragging, setDragging] = useState(false);
  const { edit } = useUrlEditor(host);

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
        <FilePicker input={picker} onFile={(f) => void loadFile(f)} />
      </div>
      {csvChoice && (
        <CsvColumnDialog
          choice={csvChoice}
          onColumn={(column) => setCsvChoice({ ...csvChoice, column })}
          onCancel={() => setCsvChoice(null)}
          onConfirm={() => {
            setCsvChoice(null);
            void loadFile(csvChoice.file, csvChoice.column);
          }}
        />
      )}
      {listNotice && (
        <p className="import-note warn" role="alert" data-testid="list-notice">
          {listNotice}
        </p>
      )}
      <div className="url-editor-box">
        {/* The editor keeps its box under the card, so CodeMirror can measure it when the list goes in. */}
        <div className="url-editor" ref={host} inert={held !== null} />
        {held && <ListCard list={held} onReplace={() => picker.current?.click()} onEdit={() => void edit()} />}
      </div>
      {note && (
        <p
          className={note.error ? 'import-note warn' : 'import-note hint'}
          role={note.error ? 'alert' : 'status'}
          data-testid="import-note"
        >
          {note.text}
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

/** The keyboard's way to a list file: a button-styled label around a hidden file input. */
function FilePicker({ input, onFile }: { input: RefObject<HTMLInputElement | null>; onFile(file: File): void }) {
  return (
    <label className="file-button">
      Load a file…
      <input
        ref={input}
        type="file"
        accept=".txt,.csv,.tsv,.xml,.gz,text/plain,text/csv,application/xml,text/xml,application/gzip"
        className="visually-hidden"
        data-testid="url-file"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) onFile(f);
          e.target.value = '';
        }}
      />
    </label>
  );
}
