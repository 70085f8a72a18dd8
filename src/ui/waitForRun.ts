import { useRobotsLab } from '../state/store';

/**
 * Resolves once the newest run has finished (at once when it has), reporting
 * progress meanwhile: true when it has rows to export.
 */
export function waitForRun(progress: (done: number, total: number) => void): Promise<boolean> {
  const start = useRobotsLab.getState().results;
  if (start?.finished) return Promise.resolve(true);
  if (start) progress(start.done, start.total);
  // A run replaced meanwhile (the page restarts a run while it settles, or for an edit) is
  // followed: the export writes what the table shows once the newest run is done.
  return new Promise((resolve) => {
    const unsubscribe = useRobotsLab.subscribe(({ results: r }) => {
      if (!r) return;
      if (!r.finished) return progress(r.done, r.total);
      unsubscribe();
      resolve(r.total > 0 && r.crawlers.length > 0);
    });
  });
}
