import { useDeploy } from '../../state/deploy';
import { EDITOR_SOURCE, type TextSource, useLogs } from '../../state/logs';
import { CloseButton } from '../CloseButton';
import { FileButton } from '../files';
import { formatUtc } from '../format';

/** `2026-09-10T00:00` (what a datetime-local field holds) for an instant, in UTC. */
const fieldValue = (t: number | null) => (t === null ? '' : new Date(t).toISOString().slice(0, 16));

/**
 * The robots.txt versions the logs are judged against: the page's files as
 * text (the editor's, the file as first opened, a snapshot), each live from
 * a date the user gives (a snapshot's is its own), and dated files or the
 * records `robots-lab fetch --save` wrote, dated by their names and records.
 */
export function LogsHistory() {
  const texts = useLogs((s) => s.texts);
  const files = useLogs((s) => s.files);
  const set = useLogs((s) => s.set);
  const opened = useDeploy((s) => s.openedText);
  const snapshots = useDeploy((s) => s.snapshots);
  const add = (t: TextSource) => set({ texts: [...texts.filter((x) => x.id !== t.id), t] });

  return (
    <fieldset className="logs-history" data-testid="logs-history">
      <legend>Judged against</legend>
      {texts.length + files.length === 0 && <p className="logs-note">No robots.txt yet: add one below.</p>}
      <ul>
        {texts.map((t) => (
          <li key={t.id} data-testid="logs-version-entry">
            <span className="logs-version-label">{t.label}</span>
            <label>
              live from (UTC){' '}
              <input
                type="datetime-local"
                value={fieldValue(t.from)}
                onChange={(e) => {
                  const from = e.target.value === '' ? null : Date.parse(`${e.target.value}Z`);
                  set({ texts: texts.map((x) => (x.id === t.id ? { ...x, from } : x)) });
                }}
                data-testid={`logs-from-${t.id}`}
              />
            </label>
            <CloseButton
              label={`Remove ${t.label}`}
              className="link-button"
              glyph="✕"
              onClick={() => set({ texts: texts.filter((x) => x.id !== t.id) })}
              testId={`logs-remove-${t.id}`}
            />
          </li>
        ))}
        {files.map((f) => (
          <li key={f.name} data-testid="logs-file-entry">
            <span className="logs-version-label">{f.name}</span>
            <CloseButton
              label={`Remove ${f.name}`}
              className="link-button"
              glyph="✕"
              onClick={() => set({ files: files.filter((x) => x !== f) })}
            />
          </li>
        ))}
      </ul>
      <div className="logs-add">
        {!texts.some((t) => t.id === 'editor') && (
          <button type="button" onClick={() => add(EDITOR_SOURCE)} data-testid="logs-add-editor">
            + The editor’s file
          </button>
        )}
        {opened !== null && !texts.some((t) => t.id === 'opened') && (
          <button
            type="button"
            onClick={() =>
              add({ id: 'opened', kind: 'opened', label: 'The file as first opened', text: opened, from: null })
            }
          >
            + The file as first opened
          </button>
        )}
        {snapshots.length > 0 && (
          <select
            aria-label="Add a snapshot"
            value=""
            onChange={(e) => {
              const s = snapshots.find((x) => x.id === e.target.value);
              if (s) add({ id: s.id, kind: 'snapshot', label: s.name, text: s.text, from: Date.parse(s.savedAt) });
            }}
          >
            <option value="">+ A snapshot…</option>
            {snapshots.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({formatUtc(s.savedAt)})
              </option>
            ))}
          </select>
        )}
        <FileButton
          multiple
          accept=".txt,.json,text/plain,application/json"
          onFiles={(picked) => {
            const names = new Set(picked.map((f) => f.name));
            set({ files: [...files.filter((f) => !names.has(f.name)), ...picked] });
          }}
          testId="logs-add-files"
          inputTestId="logs-history-files"
        >
          + Dated files or fetch records…
        </FileButton>
      </div>
    </fieldset>
  );
}
