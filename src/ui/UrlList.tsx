import { useRef } from 'react';
import { useRobotsLab } from '../state/store';
import { FileButton, useFileDrop } from './files';
import { CsvColumnDialog } from './urlList/CsvColumnDialog';
import { ListCard } from './urlList/ListCard';
import { useListImport } from './urlList/useListImport';
import { useUrlEditor } from './urlList/useUrlEditor';

/** The list files the picker offers: text, CSV or TSV, and sitemaps, gzipped or not. */
const LIST_FILES = '.txt,.csv,.tsv,.xml,.gz,text/plain,text/csv,application/xml,text/xml,application/gzip';

/**
 * The URL list: one URL or path per line. A CodeMirror view rather than a
 * textarea (useUrlEditor): it renders only the visible lines, so a long list
 * stays usable once the user asks to edit it. Files dropped on it or picked
 * are read in the worker (useListImport); a long one stays there and is
 * shown as a card (ListCard), as is a list restored from storage.
 */
export function UrlList({ onImported }: { onImported(said: string): void }) {
  const host = useRef<HTMLDivElement>(null);
  const listNotice = useRobotsLab((s) => s.listNotice);
  const held = useRobotsLab((s) => s.urlList);
  const { note, csvChoice, onCsvColumn, loadFile } = useListImport(onImported);
  const onFiles = ([f]: File[]) => f && void loadFile(f);
  const drop = useFileDrop(onFiles);
  const { edit } = useUrlEditor(host);

  return (
    // A drop target for files dragged in; the keyboard's way in is the file picker button inside it.
    <div className={`field url-list${drop.over ? ' dragging' : ''}`} data-testid="url-drop-zone" {...drop.handlers}>
      <div className="field-head">
        <span className="label">
          URLs to test <span className="hint">one per line · full URLs or paths</span>
        </span>
        <FileButton className="file-button" accept={LIST_FILES} onFiles={onFiles} inputTestId="url-file">
          Load a file…
        </FileButton>
      </div>
      {csvChoice && <CsvColumnDialog {...csvChoice} onDone={onCsvColumn} />}
      {listNotice && (
        <p className="import-note warn" role="alert" data-testid="list-notice">
          {listNotice}
        </p>
      )}
      <div className="url-editor-box">
        {/* The editor keeps its box under the card, so CodeMirror can measure it when the list goes in. */}
        <div className="url-editor" ref={host} inert={held !== null} />
        {held && (
          <ListCard list={held} onEdit={() => void edit()}>
            <FileButton accept={LIST_FILES} onFiles={onFiles}>
              Replace
            </FileButton>
          </ListCard>
        )}
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
      {drop.over && (
        <div className="drop-hint" aria-hidden="true">
          Drop a .txt, .csv or sitemap .xml file
        </div>
      )}
    </div>
  );
}
