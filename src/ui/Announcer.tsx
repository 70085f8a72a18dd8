import { useEffect, useState } from 'react';
import { useRobotsLab } from '../state/store';
import { cellAnnouncement, runDoneAnnouncement, runStartAnnouncement } from './announce';

/** A run still going after this long is announced when it starts and when it ends. */
const LONG_RUN_MS = 1000;

/**
 * The page's one polite live region, read by screen readers: the verdict,
 * deciding rule and obeyed group of a cell the user selects, and the start
 * and end of a run that streams (not its progress, which changes every few
 * hundred milliseconds; the visible progress line is not a live region).
 */
export function Announcer() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    // The explanation that arrives after a new selection is announced; one
    // that comes back after an edit re-ran the cell is not.
    let waiting = false;
    // A run is announced only when it is still going after LONG_RUN_MS (a
    // run per pause in typing would otherwise speak after every word).
    let seen: number | null = null;
    let announced: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = useRobotsLab.subscribe((s, prev) => {
      if (s.selected !== prev.selected && s.selected) waiting = true;
      if (waiting && s.explain && s.explain !== prev.explain) {
        waiting = false;
        setMessage(cellAnnouncement(s.explain, s.parse));
      }
      const r = s.results;
      if (!r) return;
      if (!r.finished && seen !== r.id) {
        seen = r.id;
        clearTimeout(timer);
        timer = setTimeout(() => {
          const now = useRobotsLab.getState().results;
          if (now?.id !== r.id || now.finished) return;
          announced = r.id;
          setMessage(runStartAnnouncement(r.total, r.crawlers.length));
        }, LONG_RUN_MS);
      } else if (r.finished && announced === r.id) {
        announced = null;
        setMessage(runDoneAnnouncement(r.total, r.crawlers.length));
      }
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {message}
    </div>
  );
}
