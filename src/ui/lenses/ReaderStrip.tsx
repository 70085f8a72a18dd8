import type { ReaderVerdict } from '../../core/readers/index';
import { LineLink } from './LineLink';

/** One reader's chip: the verdict in words and an icon (never colour alone), and its deciding line. */
function ReaderChip({ r }: { r: ReaderVerdict }) {
  const verdict = r.allowed ? 'allowed' : 'blocked';
  return (
    <li
      className={`reader-chip ${verdict}${r.agreesWithGoogle ? '' : ' differs'}`}
      data-testid="reader-chip"
      data-reader={r.reader}
      title={r.source}
    >
      <span className="reader-name">{r.name}</span>{' '}
      <span className="reader-verdict">
        <span aria-hidden="true">{r.allowed ? '✓ ' : '✕ '}</span>
        {r.allowed ? 'Allowed' : 'Blocked'}
      </span>{' '}
      {r.line === null ? <span className="hint">no rule</span> : <LineLink line={r.line} testId="reader-line" />}
      {!r.agreesWithGoogle && r.reader !== 'google' && <span className="reader-differs"> · differs</span>}
    </li>
  );
}

/**
 * Other readers of the same file (docs/behaviour.md §14): a chip per reader,
 * Google's first, then one line per reason a reader differs from Google.
 */
export function ReaderStrip({ readers }: { readers: ReaderVerdict[] }) {
  const why = readers.flatMap((r) => r.why);
  return (
    <section className="lens" aria-label="Other readers" data-testid="explain-readers">
      <h3>Other readers</h3>
      <ul className="reader-strip">
        {readers.map((r) => (
          <ReaderChip key={r.reader} r={r} />
        ))}
      </ul>
      {why.length > 0 ? (
        <ul className="reader-why">
          {why.map((w) => (
            <li key={w} data-testid="reader-why">
              {w}
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">Every reader agrees with Google here.</p>
      )}
    </section>
  );
}
