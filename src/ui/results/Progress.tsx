import type { RunResults } from '../../state/store';
import { formatCount } from '../format';

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
  // Said while the new run works, gone when it is done: the finished line says what was judged.
  const restarted =
    r.restarted && !r.finished ? (
      <span className="restarted" data-testid="run-restarted">
        Started again for your change ·{' '}
      </span>
    ) : null;
  return (
    <p
      className={r.finished ? 'run-status' : 'run-status running'}
      data-testid="run-status"
      data-run={r.id}
      data-text-version={r.textVersion}
    >
      {restarted}
      {r.finished ? <Finished r={r} /> : <Running r={r} />}
    </p>
  );
}

function Finished({ r }: { r: RunResults }) {
  const cols = r.crawlers.length;
  return (
    <>
      {formatCount(r.total)} URL{r.total === 1 ? '' : 's'} × {cols} crawler{cols === 1 ? '' : 's'} evaluated in{' '}
      {r.elapsedMs < 1 ? '< 1' : formatCount(Math.round(r.elapsedMs))} ms
    </>
  );
}

function Running({ r }: { r: RunResults }) {
  return (
    <>
      <progress max={r.total} value={r.done} aria-label="Evaluation progress" /> {formatCount(r.done)} of{' '}
      {formatCount(r.total)} URLs · <span data-testid="run-rate">{formatCount(r.rate)} URLs/s</span> ·{' '}
      <span data-testid="run-eta">{seconds(r.etaMs)} left</span>
    </>
  );
}
