import { originOf } from '../../state/robotsUrl';
import { type RunResults, urlAt } from '../../state/store';

/** Rows read to find a list's origins: enough to name them, cheap for a list of a million. */
const SAMPLE = 500;

const seen = new WeakMap<RunResults, string[]>();

/**
 * The distinct origins of a run's first rows, in order of first appearance
 * (the rows the worker has split; paths and unreadable lines are skipped).
 */
export function listedOrigins(results: RunResults | null): string[] {
  if (!results) return [];
  let origins = seen.get(results);
  if (origins === undefined) {
    const set = new Set<string>();
    const n = Math.min(results.total, SAMPLE);
    for (let i = 0; i < n; i++) {
      const o = originOf(urlAt(results, i));
      if (o !== null) set.add(o);
    }
    origins = [...set];
    seen.set(results, origins);
  }
  return origins;
}
