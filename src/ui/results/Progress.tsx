import type { RunResults } from '../../state/store';
import { countOf, formatCount } from '../format';

function seconds(ms: number): string {
  return ms < 1000
    ? '< 1 s'
    : ms < 60_000
      ? `${Math.round(ms / 1000)} s`
      : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/**
 * How far the run is: a progress bar while it streams in (and, when an
 * edit replaced the run before it finished, that it started again), its
 * size and time once finished. Not a live region: it changes a few times a second, and
 * src/ui/Announcer.tsx says when a long run starts and ends.
 */
export function Progress({ r }: { r: RunResults }) {
  return (
    <p
      className={r.finished ? 'run-status' : 'run-status running'}
      data-testid="run-status"
      data-run={r.id}
      data-text-version={r.textVersion}
    >
      {/* Said while the new run works, gone when it is done: the finished line says what was judged. */}
      {r.restarted && !r.finished && (
        <span className="restarted" data-testid="run-restarted">
          Started again for your change ·{' '}
        </span>
      )}
      {r.finished ? (
        <>
          {countOf(r.total, 'URL')} × {countOf(r.crawlers.length, 'crawler')} evaluated in{' '}
          {r.elapsedMs < 1 ? '< 1' : formatCount(Math.round(r.elapsedMs))} ms
        </>
      ) : (
        <>
          <progress max={r.total} value={r.done} aria-label="Evaluation progress" /> {formatCount(r.done)} of{' '}
          {formatCount(r.total)} URLs · <span data-testid="run-rate">{formatCount(r.rate)} URLs/s</span> ·{' '}
          <span data-testid="run-eta">{seconds(r.etaMs)} left</span>
        </>
      )}
    </p>
  );
}
