import { useRef, useState } from 'react';
import type { RangesFile } from '../../model/logs';
import { useLogs } from '../../state/logs';

/** The crawler a ranges file is for, by its name, as `--verify-ips FILE` tells it: `googlebot.json` → googlebot. */
const guessed = (name: string) => name.replace(/\.json$/i, '');

/**
 * Operators' published IP ranges (Google's googlebot.json, OpenAI's
 * gptbot.json…), opened or dropped here as downloaded: the page fetches
 * nothing. Each is for the crawler or operator named beside it (its file
 * name at first); a request naming that crawler from elsewhere is counted
 * as an impersonation, not as the crawler.
 */
export function LogsRanges() {
  const ranges = useLogs((s) => s.ranges);
  const set = useLogs((s) => s.set);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const add = (picked: File[]) => {
    const names = new Set(picked.map((f) => f.name));
    const added: RangesFile[] = picked.map((file) => ({ file, crawler: guessed(file.name) }));
    set({ ranges: [...ranges.filter((r) => !names.has(r.file.name)), ...added] });
  };
  return (
    <fieldset
      className={`logs-history${over ? ' drop-over' : ''}`}
      data-testid="logs-ranges"
      // Dropped here, files are ranges, not logs: the tab's own drop does not see them.
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        e.stopPropagation();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        e.stopPropagation();
        setOver(false);
        add([...e.dataTransfer.files]);
      }}
    >
      <legend>IP ranges (optional)</legend>
      {ranges.length === 0 && (
        <p className="logs-note">
          Without the operators’ published IP ranges, every user agent is taken at its word. Drop their JSON files here.
        </p>
      )}
      <ul>
        {ranges.map((r) => (
          <li key={r.file.name} data-testid="logs-ranges-entry">
            <span className="logs-version-label">{r.file.name}</span>
            <label className="logs-ranges-for">
              for
              <input
                type="text"
                size={12}
                value={r.crawler}
                onChange={(e) => set({ ranges: ranges.map((x) => (x === r ? { ...x, crawler: e.target.value } : x)) })}
                aria-label={`Crawler or operator of ${r.file.name}`}
                data-testid="logs-ranges-crawler"
              />
            </label>
            <button
              type="button"
              className="link-button"
              aria-label={`Remove ${r.file.name}`}
              onClick={() => set({ ranges: ranges.filter((x) => x !== r) })}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      <div className="logs-add">
        <button type="button" onClick={() => input.current?.click()} data-testid="logs-add-ranges">
          + IP ranges (JSON)…
        </button>
        <input
          ref={input}
          type="file"
          multiple
          accept=".json,application/json"
          hidden
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
          data-testid="logs-ranges-files"
        />
      </div>
    </fieldset>
  );
}
