/**
 * One evaluation run as the page receives it: the run's first piece sizes its
 * arrays, and each chunk is copied into them (the controller follows the
 * stream with a `StreamFollower`, pacing.ts).
 */

import type { FlipsParams, RunChunk, RunStart } from '../model/wire';
import { crawlerSpecs } from '../state/inputs';
import type { RobotsLabState, RunResults } from '../state/store';

/** What the run is of, known before the worker answers. */
export type RunBasis = Pick<RunResults, 'id' | 'textVersion' | 'list' | 'restarted'>;

/** The run's results as its first piece announces them: their arrays sized, still empty. */
export function startResults({ id, textVersion, list, restarted }: RunBasis, start: RunStart): RunResults {
  const { kind: _, rows, ...layout } = start;
  const cols = start.crawlers.length;
  return {
    id,
    textVersion,
    list,
    ...layout,
    status: new Uint8Array(rows * cols),
    lines: new Int32Array(rows * cols),
    rowFlags: new Uint8Array(rows),
    normalised: new Map(),
    notes: new Map(),
    done: 0,
    total: rows,
    rate: 0,
    etaMs: 0,
    finished: false,
    elapsedMs: 0,
    totals: null,
    restarted,
  };
}

/** Copies a chunk into the run's arrays; true when it brings the run's first rows. */
export function addChunk(r: RunResults, chunk: RunChunk): boolean {
  const cols = r.crawlers.length;
  const first = r.done === 0 && chunk.start === 0;
  r.status.set(chunk.status, chunk.start * cols);
  r.lines.set(chunk.lines, chunk.start * cols);
  r.rowFlags.set(chunk.rowFlags, chunk.start);
  for (const [row, url] of chunk.normalised) r.normalised.set(row, url);
  for (const [row, note] of chunk.notes) r.notes.set(row, note);
  r.done = chunk.progress.done;
  r.rate = chunk.progress.rate;
  r.etaMs = chunk.progress.etaMs;
  r.totals = chunk.totals;
  return first;
}

/** The list × crawlers a run or a comparison is of, and how its URLs are read. */
export function listInputs(s: RobotsLabState): Pick<FlipsParams, 'urlsText' | 'crawlers' | 'normalise' | 'robotsUrl'> {
  return {
    // Null asks for the list the worker holds.
    urlsText: s.urlList ? null : s.urlText,
    crawlers: crawlerSpecs(s.crawlers),
    normalise: s.settings.normalise,
    robotsUrl: s.robotsUrl.trim(),
  };
}

/** True when the list, the crawlers or the settings a run is of changed (the text aside). */
export function listInputsChanged(s: RobotsLabState, prev: RobotsLabState): boolean {
  return (
    s.urlText !== prev.urlText ||
    s.urlList !== prev.urlList ||
    s.crawlers !== prev.crawlers ||
    s.settings !== prev.settings ||
    s.robotsUrl !== prev.robotsUrl
  );
}
