import { useDeploy } from '../../state/deploy';
import { formatCount } from '../format';

/** The count rows: a flip's direction, its words, its class and the tally's field. */
const ROWS = [
  ['allowed-to-blocked', 'Newly blocked', 'blocked', 'allowedToBlocked'],
  ['blocked-to-allowed', 'Newly allowed', 'allowed', 'blockedToAllowed'],
] as const;

/**
 * The comparison's answer, which stays in sight while the diff and the flips
 * scroll under it: one sentence, with its progress while it streams in, and
 * the counts per crawler, a column each (so that the strip stays two rows
 * high); a count is a button that filters the list to those flips.
 */
export function FlipStrip() {
  const flips = useDeploy((s) => s.flips);
  const setQuery = useDeploy((s) => s.setQuery);
  const tally = flips?.tally;
  if (!flips || !tally) return null;
  const { progress } = flips;
  const running = !flips.finished;
  return (
    <div className="flip-strip" data-testid="flip-strip">
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
              {formatCount(tally.skipped)} URL{tally.skipped === 1 ? '' : 's'} not compared (unreadable or out of
              scope).
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
      <div className="flip-summary" data-testid="flip-summary">
        <table className="flip-counts" data-testid="flip-counts">
          <thead>
            <tr>
              <td />
              {tally.byCrawler.map((c) => (
                <th key={c.label} scope="col" data-testid="flip-count-crawler">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([kind, words, cls, field]) => (
              <tr key={kind} data-testid="flip-count-row" data-kind={kind}>
                <th scope="row">{words}</th>
                {tally.byCrawler.map((c, i) => (
                  <td key={c.label}>
                    <button
                      type="button"
                      className={`link count ${cls}`}
                      disabled={c[field] === 0}
                      onClick={() => setQuery({ kind, crawler: i })}
                      aria-label={`${c[field]} ${words.toLowerCase()} for ${c.label}: show them`}
                    >
                      {formatCount(c[field])}
                    </button>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
