import { useMemo } from 'react';
import { type OriginSpread, originSpread } from '../state/robotsUrl';
import { type RunResults, urlAt } from '../state/store';

/** Rows read to tell which origin a list is on: enough to judge, cheap for a list of a million. */
const SAMPLE = 500;

/** The origins of a run's URLs, read once per run and panel from its first rows (the worker already split the list). */
export function useListOrigins(results: RunResults | null): OriginSpread {
  return useMemo(() => {
    const n = results ? Math.min(results.total, SAMPLE) : 0;
    return originSpread(Array.from({ length: n }, (_, i) => urlAt(results!, i)));
  }, [results]);
}
