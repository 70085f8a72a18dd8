import { useId, useState } from 'react';
import { fetchOutcome } from '../../core/fetch';
import { readSavedRecords } from '../../state/originRecords';
import { type OriginFile, useOrigins } from '../../state/origins';
import { originOf } from '../../state/robotsUrl';
import { useRobotsLab } from '../../state/store';
import { FileButton, useFileDrop } from '../files';
import { countOf, formatCount, formatUtc } from '../format';
import { FetchStatusSelect } from '../Settings';
import { useListOrigins } from '../useListOrigins';
import './origins.css';

/** Origins without a file listed by name; the rest are counted. */
const SHOWN_MISSING = 6;

/**
 * Several robots.txt files at once, one per origin, beside the editor (which
 * holds the robots.txt URL's origin): each file with its simulated or
 * recorded fetch status, and the list's origins that have none, each with a
 * way to add it. Shown only once a second origin is in play: another
 * origin's file is held, or the URL list spans origins.
 */
export function OriginsPanel() {
  const files = useOrigins((s) => s.files);
  const put = useOrigins((s) => s.put);
  const robotsUrl = useRobotsLab((s) => s.robotsUrl);
  const fetchStatus = useRobotsLab((s) => s.settings.fetchStatus);
  const editing = useOrigins((s) => s.editing);
  const edit = useOrigins((s) => s.edit);
  const [errors, setErrors] = useState<string[]>([]);
  const drop = useFileDrop((list) => void openRecords(list));
  const listed = useListOrigins(useRobotsLab((s) => s.results)).origins;
  const main = originOf(robotsUrl);
  // One stray URL of another site (the first visit's example has one) keeps the page as simple as one file.
  if (main === null || (files.length === 0 && listed.filter((o) => o !== main).length < 2)) return null;
  const held = new Set(files.map((f) => f.origin));
  const missing = listed.filter((o) => o !== main && !held.has(o));

  async function openRecords(list: File[]) {
    if (list.length === 0) return;
    const read = await readSavedRecords(list);
    for (const f of read.files) put(f);
    setErrors(read.files.length === 0 && read.errors.length === 0 ? ['No .json record among the files.'] : read.errors);
  }

  return (
    <section className="origins" aria-labelledby="origins-title" data-testid="origins-panel" {...drop.handlers}>
      <h3 id="origins-title">Origins</h3>
      <p className="hint">Each URL is judged by the robots.txt of its own origin.</p>
      <ul className="origins-list">
        <li data-testid="origin" data-origin={main}>
          <span className="origin-name">{main}</span>
          <span className="origin-status">
            the editor · {fetchStatus === 0 ? 'unreachable' : `HTTP ${fetchStatus}`} simulated
          </span>
        </li>
        {files.map((f) => (
          <HeldOrigin
            key={f.origin}
            file={f}
            editing={editing === f.origin}
            onEdit={() => edit(editing === f.origin ? null : f.origin)}
          />
        ))}
        {missing.slice(0, SHOWN_MISSING).map((o) => (
          <MissingOrigin key={o} origin={o} onPaste={() => edit(o)} />
        ))}
      </ul>
      {missing.length > SHOWN_MISSING && (
        <p className="hint">And {formatCount(missing.length - SHOWN_MISSING)} more origins without a file.</p>
      )}
      <p className="origins-records">
        <FileButton
          className="secondary"
          multiple
          accept=".json,.txt"
          onFiles={(list) => void openRecords(list)}
          inputTestId="origin-records"
        >
          Open saved records…
        </FileButton>
        <span className="hint">
          or drop here the .json and .txt files <code>robots-lab fetch --save</code> wrote
        </span>
      </p>
      {errors.length > 0 && (
        <ul className="origins-errors warn" role="alert" data-testid="origin-errors">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** An origin with its file: its status, the file to edit, and a way to drop it. */
function HeldOrigin({ file, editing, onEdit }: { file: OriginFile; editing: boolean; onEdit(): void }) {
  const setText = useOrigins((s) => s.setText);
  const setStatus = useOrigins((s) => s.setStatus);
  const remove = useOrigins((s) => s.remove);
  const statusId = useId();
  const mode = file.record ? file.record.mode : fetchOutcome(file.fetchStatus).mode;
  const lines = file.text === '' ? 0 : file.text.replace(/\r?\n$/, '').split('\n').length;
  return (
    <li data-testid="origin" data-origin={file.origin} data-mode={mode}>
      <span className="origin-name">{file.origin}</span>
      {file.record ? (
        <span className="origin-status" title={`SHA-256 ${file.record.sha256}`} data-testid="origin-record">
          {file.record.summary} · fetched {formatUtc(file.record.fetchedAt)}
        </span>
      ) : (
        <span className="origin-status">
          <label htmlFor={statusId} className="visually-hidden">
            The server of {file.origin} answered
          </label>
          <FetchStatusSelect
            id={statusId}
            value={file.fetchStatus}
            onChange={(status) => setStatus(file.origin, status)}
            data-testid="origin-fetch-status"
          />
        </span>
      )}
      <span className="origin-actions">
        <button type="button" className="secondary" onClick={onEdit} aria-expanded={editing}>
          {editing ? 'Done' : `Edit · ${countOf(lines, 'line')}`}
        </button>
        <button type="button" className="secondary" onClick={() => remove(file.origin)}>
          Remove
        </button>
      </span>
      {editing && (
        <textarea
          className="origin-text"
          aria-label={`robots.txt of ${file.origin}`}
          data-testid="origin-text"
          value={file.text}
          spellCheck={false}
          // biome-ignore lint/a11y/noAutofocus: the user just asked to write this file
          autoFocus
          onChange={(e) => setText(file.origin, e.target.value)}
        />
      )}
    </li>
  );
}

/** An origin of the list with no file: its rows are not judged until one is added. */
function MissingOrigin({ origin, onPaste }: { origin: string; onPaste(): void }) {
  const put = useOrigins((s) => s.put);
  const add = (text: string) => put({ origin, text, fetchStatus: 200, record: null });
  return (
    <li data-testid="origin" data-origin={origin} data-mode="none">
      <span className="origin-name">{origin}</span>
      <span className="origin-status warn">no robots.txt: its URLs are not judged</span>
      <span className="origin-actions">
        <button type="button" onClick={onPaste} data-testid="origin-paste">
          Paste its file
        </button>
        <FileButton className="secondary" onFiles={([f]) => f && void f.text().then(add)} inputTestId="origin-open">
          Open…
        </FileButton>
      </span>
    </li>
  );
}
