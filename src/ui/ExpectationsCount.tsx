import { useRobotsLab } from '../state/store';
import { countOf } from './format';
import './infile.css';

/**
 * The count of the file's `# expect:` comments in the robots.txt header
 * ("3 expectations: 2 pass, 1 fails"); a click shows the Problems panel,
 * which lists the failing and malformed ones (docs/expectations.md).
 */
export function ExpectationsCount() {
  const marks = useRobotsLab((s) => s.parse?.expectations);
  const setDockTab = useRobotsLab((s) => s.setDockTab);
  if (!marks || marks.length === 0) return null;
  const pass = marks.filter((m) => m.status === 'pass').length;
  const fail = marks.filter((m) => m.status === 'fail').length;
  const malformed = marks.length - pass - fail;
  const parts = [`${pass} pass`];
  if (fail > 0) parts.push(`${fail} fail${fail === 1 ? 's' : ''}`);
  if (malformed > 0) parts.push(`${malformed} malformed`);
  const text = `${countOf(marks.length, 'expectation')}: ${parts.join(', ')}`;
  const ok = fail === 0 && malformed === 0;
  return (
    <p className="expectations-count">
      <button
        type="button"
        className={`link ${ok ? 'expect-ok' : 'expect-bad'}`}
        onClick={() => setDockTab('problems')}
        aria-label={ok ? `${text}.` : `${text}: show them in the Problems panel`}
        data-testid="expectations-count"
      >
        <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
        {text}
      </button>
    </p>
  );
}
