import { useMemo } from 'react';
import { type OriginSpread, originSpread } from '../state/robotsUrl';
import { urlAt, useRobotsLab } from '../state/store';

/** Rows read to tell which origin a list is on: enough to judge, cheap for a list of a million. */
const SAMPLE = 250;

/** The origins of the current run's URLs, read from its first rows (the worker already split the list). */
export function useListOrigins(): OriginSpread {
  const results = useRobotsLab((s) => s.results);
  return useMemo(() => {
    if (!results) return { main: null, mainCount: 0, absolute: 0 };
    const n = Math.min(results.total, SAMPLE);
    const urls: string[] = [];
    for (let i = 0; i < n; i++) urls.push(urlAt(results, i));
    return originSpread(urls);
  }, [results]);
}
