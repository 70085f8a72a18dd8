import { useMemo, useState } from 'react';
import { useController } from '../app/context';
import type { RobotsDiagnostic } from '../core/lint';
import { problemOrder } from '../model/diagnosticTable';
import { useRobotsLab } from '../state/store';
import { formatCount } from './format';
import { LineLink } from './lenses/LineLink';

/** A diagnostic's severity in words. */
export const SEVERITY_LABEL = { error: 'Error', warning: 'Warning', info: 'Note' } as const;
const SEVERITY_ICON = { error: '⛔', warning: '⚠', info: 'ℹ' } as const;

/**
 * Problems listed at a time, and added by each "Show more": a file of
 * thousands of stray rules has as many warnings, and listing them all at once
 * would hold the page for seconds. "Show the last" jumps to the end.
 */
const PAGE = 200;

/** Applies one quick fix to the robots.txt (the fix's offsets are in the text the diagnostics were computed for). */
function applyFix(fix: { from: number; to: number; insert: string }): void {
  const s = useRobotsLab.getState();
  s.setRobotsText(s.robotsText.slice(0, fix.from) + fix.insert + s.robotsText.slice(fix.to));
}

/**
 * The robots.txt's problems as a list: severity, line (a link that shows the
 * line in the editor), message and any quick fix, errors first. Only the
 * problems listed are made into objects (the parse holds them as a table).
 */
export function Diagnostics() {
  const parse = useRobotsLab((s) => s.parse);
  // The stretch [start, end) of the problems, in the list's order, that is shown.
  const [range, setRange] = useState({ start: 0, end: PAGE });
  const order = useMemo(() => (parse ? problemOrder(parse.diagnostics) : null), [parse]);
  if (!parse || !order) return <p className="hint">Reading the file…</p>;
  const total = order.length;
  if (total === 0)
    return (
      <p className="hint" data-testid="diagnostics-empty">
        No problems found in this robots.txt.
      </p>
    );
  // A new parse may have fewer problems than the stretch reached.
  const end = Math.min(range.end, total);
  const start = Math.min(range.start, Math.max(0, end - PAGE));
  const more = Math.min(PAGE, total - end);
  return (
    <>
      {start > 0 && (
        <p className="diagnostics-more" data-testid="diagnostics-earlier">
          Problems {formatCount(start + 1)}–{formatCount(end)} of {formatCount(total)}.{' '}
          <button type="button" onClick={() => setRange({ start: 0, end: PAGE })}>
            Show the first {formatCount(Math.min(PAGE, total))}
          </button>
        </p>
      )}
      <ol className="diagnostics" start={start + 1} aria-label="Problems in the robots.txt" data-testid="diagnostics">
        {Array.from(order.subarray(start, end), (i) => (
          <DiagnosticItem key={i} d={parse.diagnostics[i]} />
        ))}
      </ol>
      {more > 0 && (
        <p className="diagnostics-more" data-testid="diagnostics-more">
          Showing {start === 0 ? '' : `${formatCount(start + 1)}–`}
          {formatCount(end)} of {formatCount(total)} problems.{' '}
          <button type="button" onClick={() => setRange({ start, end: end + more })}>
            Show {formatCount(more)} more
          </button>
          {total - end > more && (
            <>
              {' '}
              <button type="button" onClick={() => setRange({ start: total - PAGE, end: total })}>
                Show the last {formatCount(PAGE)}
              </button>
            </>
          )}
        </p>
      )}
    </>
  );
}

/** For a failing `# expect:` comment: buttons that show the lines that decided against it. */
function DecidingLineLinks({ line }: { line: number }) {
  const controller = useController();
  const lines = useRobotsLab((s) => s.parse?.expectations.find((m) => m.line === line)?.decidingLines);
  if (!lines || lines.length === 0) return null;
  return (
    <span className="diagnostic-fixes">
      {lines.map((l) => (
        <button
          type="button"
          key={l}
          onClick={() => controller.highlightRuleLine(l)}
          data-testid="expectation-deciding-line"
        >
          Show deciding line {l}
        </button>
      ))}
    </span>
  );
}

function DiagnosticItem({ d }: { d: RobotsDiagnostic }) {
  return (
    <li className={`diagnostic ${d.severity}`} data-testid="diagnostic" data-line={d.line}>
      <span className="diagnostic-head">
        <span className="severity">
          <span aria-hidden="true">{SEVERITY_ICON[d.severity]} </span>
          {SEVERITY_LABEL[d.severity]}
        </span>
        <LineLink line={d.line} testId="diagnostic-line" />
        <code className="diagnostic-code">{d.code}</code>
      </span>
      <span className="diagnostic-message">{d.message}</span>
      {d.code === 'expectation-fails' && <DecidingLineLinks line={d.line} />}
      {d.fixes && d.fixes.length > 0 && (
        <span className="diagnostic-fixes">
          {d.fixes.map((fix) => (
            <button
              type="button"
              key={`${fix.from}-${fix.label}`}
              onClick={() => applyFix(fix)}
              data-testid="diagnostic-fix"
            >
              Fix: {fix.label}
            </button>
          ))}
        </span>
      )}
    </li>
  );
}
