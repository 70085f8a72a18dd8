import { type OriginSpread, originSpread } from '../state/robotsUrl';
import { type RunResults, urlAt, useRobotsLab } from '../state/store';

/** Rows read to tell which origin a list is on: enough to judge, cheap for a list of a million. */
const SAMPLE = 250;

const NONE: OriginSpread = { main: null, mainCount: 0, absolute: 0 };

/**
 * Each run's spread, read once: three panels ask for it in the same render
 * (the scope banner, the robots.txt URL field, the grid), and each read is
 * 250 URL parses on the task that shows a run's first results.
 */
const spreads = new WeakMap<RunResults, OriginSpread>();

/** The origins of the current run's URLs, read from its first rows (the worker already split the list). */
export function useListOrigins(): OriginSpread {
  return listOrigins(useRobotsLab((s) => s.results));
}

/** The origins of a run's URLs (see `useListOrigins`), for a run that is not the store's latest (a deferred one). */
export function listOrigins(results: RunResults | null): OriginSpread {
  if (!results) return NONE;
  let spread = spreads.get(results);
  if (spread === undefined) {
    const n = Math.min(results.total, SAMPLE);
    const urls: string[] = [];
    for (let i = 0; i < n; i++) urls.push(urlAt(results, i));
    spread = originSpread(urls);
    spreads.set(results, spread);
  }
  return spread;
}
