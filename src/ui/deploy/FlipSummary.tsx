import { useDeploy } from '../../state/deploy';
import { formatCount } from '../format';

/** The comparison's counts per crawler; a count is a button that filters the list to those flips. */
export function FlipSummary() {
  const flips = useDeploy((s) => s.flips);
  const setQuery = useDeploy((s) => s.setQuery);
  const tally = flips?.tally;
  if (!flips || !tally) return null;
  const show = (kind: 'allowed-to-blocked' | 'blocked-to-allowed', crawler: number) => setQuery({ kind, crawler });
  return (
    <div className="flip-summary" data-testid="flip-summary">
      <table className="flip-counts" data-testid="flip-counts">
        <thead>
          <tr>
            <th scope="col">Crawler</th>
            <th scope="col">Newly blocked</th>
            <th scope="col">Newly allowed</th>
          </tr>
        </thead>
        <tbody>
          {tally.byCrawler.map((c, i) => (
            <tr key={c.label} data-testid="flip-count-row">
              <th scope="row">{c.label}</th>
              <td>
                <button
                  type="button"
                  className="link count blocked"
                  disabled={c.allowedToBlocked === 0}
                  onClick={() => show('allowed-to-blocked', i)}
                  aria-label={`${c.allowedToBlocked} newly blocked for ${c.label}: show them`}
                >
                  {formatCount(c.allowedToBlocked)}
                </button>
              </td>
              <td>
                <button
                  type="button"
                  className="link count allowed"
                  disabled={c.blockedToAllowed === 0}
                  onClick={() => show('blocked-to-allowed', i)}
                  aria-label={`${c.blockedToAllowed} newly allowed for ${c.label}: show them`}
                >
                  {formatCount(c.blockedToAllowed)}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The comparison in one sentence, with its progress while it streams in. */
export function FlipHeadline() {
  const flips = useDeploy((s) => s.flips);
  const tally = flips?.tally;
  if (!flips || !tally) return null;
  const { progress } = flips;
  const running = !flips.finished;
  return (
    <div className="flip-head">
      <p
        className="flip-headline"
        role="status"
        data-testid="flip-headline"
        data-run={flips.run}
        data-finished={flips.finished}
      >
        This edit would block <strong data-testid="flip-total-blocked">{formatCount(tally.allowedToBlocked)}</strong>{' '}
        URL × crawler pair{tally.allowedToBlocked === 1 ? '' : 's'} allowed today and allow{' '}
        <strong data-testid="flip-total-allowed">{formatCount(tally.blockedToAllowed)}</strong> blocked today
        {running ? '…' : '.'}
        {tally.skipped > 0 && (
          <span className="hint">
            {' '}
            {formatCount(tally.skipped)} URL{tally.skipped === 1 ? '' : 's'} not compared (unreadable or out of scope).
          </span>
        )}
      </p>
      {running && progress.total > 0 && (
        <p className="flip-progress" data-testid="flip-progress">
          <progress max={progress.total} value={progress.done} aria-label="URLs compared" />{' '}
          {formatCount(progress.done)} of {formatCount(progress.total)} URLs compared
        </p>
      )}
    </div>
  );
}
