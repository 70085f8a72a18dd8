import type { RangesFile } from '../../model/logs';
import { useLogs } from '../../state/logs';
import { CloseButton } from '../CloseButton';
import { FileButton, useFileDrop } from '../files';

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
  const add = (picked: File[]) => {
    const names = new Set(picked.map((f) => f.name));
    // The crawler a file is for, by its name, as `--verify-ips FILE` tells it: `googlebot.json` → googlebot.
    const added: RangesFile[] = picked.map((file) => ({ file, crawler: file.name.replace(/\.json$/i, '') }));
    set({ ranges: [...ranges.filter((r) => !names.has(r.file.name)), ...added] });
  };
  // Dropped here, files are ranges, not logs: the tab's own drop does not see them.
  const drop = useFileDrop(add, true);
  return (
    <fieldset className={`logs-history${drop.over ? ' drop-over' : ''}`} data-testid="logs-ranges" {...drop.handlers}>
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
            <CloseButton
              label={`Remove ${r.file.name}`}
              className="link-button"
              glyph="✕"
              onClick={() => set({ ranges: ranges.filter((x) => x !== r) })}
            />
          </li>
        ))}
      </ul>
      <div className="logs-add">
        <FileButton
          multiple
          accept=".json,application/json"
          onFiles={add}
          testId="logs-add-ranges"
          inputTestId="logs-ranges-files"
        >
          + IP ranges (JSON)…
        </FileButton>
      </div>
    </fieldset>
  );
}
