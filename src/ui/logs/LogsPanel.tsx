import { useDeferredValue, useEffect, useState } from 'react';
import { useController } from '../../app/context';
import { runLogs } from '../../app/logsRun';
import type { ViolationRecord } from '../../core/logs/index';
import type { LogsResult } from '../../model/logs';
import { useLogs } from '../../state/logs';
import { useRobotsLab } from '../../state/store';
import { FileButton, useFileDrop } from '../files';
import { formatCount, formatUtc } from '../format';
import { LogsHistory } from './LogsHistory';
import { LogsRanges } from './LogsRanges';
import { VersionView } from './VersionView';
import './logs.css';

/** An instant as the report writes it; `-` for none. */
const when = (t: number | string | null) => (t === null ? '-' : formatUtc(t));

/**
 * The Logs tab: access logs dropped or opened here (plain or .gz, any size)
 * judged in a worker against the robots.txt live at each request, with the
 * CLI's report (docs/logs.md): per crawler, then each violation, which shows
 * its request and the deciding line in the version that was live.
 */
export function LogsPanel() {
  const logs = useLogs((s) => s.logs);
  const running = useLogs((s) => s.running);
  const result = useLogs((s) => s.result);
  const error = useLogs((s) => s.error);
  const start = (files: File[]) => {
    if (files.length > 0) void runLogs(files);
  };
  const drop = useFileDrop(start);
  return (
    <section
      className={`logs${drop.over ? ' drop-over' : ''}`}
      aria-label="Crawler requests from access logs"
      data-testid="logs-panel"
      {...drop.handlers}
    >
      <p className="logs-intro">
        Did the crawlers obey? Drop access logs here (combined, JSON Lines or CSV; plain or .gz) or{' '}
        <FileButton multiple onFiles={start} testId="logs-open" inputTestId="logs-file">
          open logs…
        </FileButton>{' '}
        Each request is judged against the robots.txt live at its time, in this browser: nothing is sent.
      </p>
      <LogsHistory />
      <LogsRanges />
      {logs.length > 0 && !running && (
        <button type="button" onClick={() => start(logs)} data-testid="logs-rerun">
          Judge {logs.length === 1 ? logs[0].name : `the ${logs.length} logs`} again
        </button>
      )}
      {running && <Progress />}
      {error && (
        <p className="logs-error" role="alert" data-testid="logs-error">
          {error}
        </p>
      )}
      {result && <Report result={result} />}
    </section>
  );
}

/** The run's progress: alone in re-drawing on each report from the worker, so each costs the main thread little. */
function Progress() {
  const progress = useLogs((s) => s.progress);
  return (
    <p className="logs-progress" data-testid="logs-progress">
      <progress max={progress?.total ?? 1} value={progress?.bytes ?? 0} aria-label="Log read" />{' '}
      {formatCount(progress?.lines ?? 0)} lines, {formatCount(progress?.violations ?? 0)} violations
    </p>
  );
}

/** Violations listed at first, and added by each "more" (a thousand buttons at once would hold the main thread). */
const LIST_STEP = 100;

function Report({ result }: { result: LogsResult }) {
  const shown = useLogs((s) => s.shown);
  const [listed, setListed] = useState(LIST_STEP);
  // The list is drawn after the table, in a render React may cut into slices (it starts from none).
  const drawn = useDeferredValue(listed, 0);
  return (
    <div className="logs-report" data-testid="logs-report">
      <ul className="logs-summary" data-testid="logs-summary">
        {result.summary.slice(0, -1).map((line) => (
          <li key={line}>{line}</li>
        ))}
        {result.errors.map((line) => (
          <li key={line} className="logs-error">
            {line}
          </li>
        ))}
      </ul>
      {result.rows.length > 0 && (
        <section
          className="logs-table-box"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container on a narrow screen; focus lets a keyboard user scroll it
          tabIndex={0}
          aria-label="Per crawler"
        >
          <table className="logs-table" data-testid="logs-table">
            <thead>
              <tr>
                <th scope="col">Crawler</th>
                <th scope="col">Requests</th>
                <th scope="col">Paths</th>
                <th scope="col">Obeyed</th>
                <th scope="col">Violations</th>
                <th scope="col">User-triggered</th>
                {result.verified && <th scope="col">Impersonations</th>}
                <th scope="col">First seen</th>
                <th scope="col">Last seen</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((r) => {
                const user = r.robots === 'user-triggered';
                return (
                  <tr key={r.key} data-testid="logs-row" data-crawler={r.crawler}>
                    <th scope="row">
                      {r.crawler}
                      <span className="logs-operator">{r.operator ?? 'unknown bot'}</span>
                    </th>
                    <td data-col="requests">{formatCount(r.requests)}</td>
                    <td data-col="paths">{r.pathsEstimated ? `~${formatCount(r.paths)}` : formatCount(r.paths)}</td>
                    <td data-col="obeyed">{user ? '-' : formatCount(r.obeyed)}</td>
                    <td data-col="violations" className={r.violations > 0 ? 'blocked' : undefined}>
                      {user ? '-' : formatCount(r.violations)}
                    </td>
                    <td data-col="user-triggered">
                      {user
                        ? `${formatCount(r.userTriggered)} (${formatCount(r.userTriggeredDisallowed)} disallowed)`
                        : '-'}
                    </td>
                    {result.verified && (
                      <td data-col="impersonations" className={r.impersonations > 0 ? 'blocked' : undefined}>
                        {formatCount(r.impersonations)}
                      </td>
                    )}
                    <td data-col="first-seen">{when(r.firstSeen)}</td>
                    <td data-col="last-seen">{when(r.lastSeen)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
      {result.violations.length > 0 && (
        <>
          <h3 className="logs-heading">Violations</h3>
          <ol className="logs-violations" data-testid="logs-violations">
            {result.violations.slice(0, drawn).map((v) => (
              <li key={v.log}>
                <button
                  type="button"
                  className={`logs-violation${shown === v ? ' active' : ''}`}
                  aria-pressed={shown === v}
                  onClick={() => useLogs.getState().set({ shown: v })}
                  data-testid="logs-violation"
                >
                  <span>{when(v.time)}</span> <strong>{v.crawler}</strong> <code>{v.url}</code>{' '}
                  <span className="logs-muted">
                    {v.line === null ? v.rule : `line ${v.line}`} of {v.version}
                  </span>
                </button>
              </li>
            ))}
          </ol>
          {result.violations.length > listed && (
            <button type="button" className="link-button" onClick={() => setListed(listed + LIST_STEP)}>
              Show {Math.min(LIST_STEP, result.violations.length - listed)} more
            </button>
          )}
          {result.violationCount > result.violations.length && listed >= result.violations.length && (
            <p className="logs-note">
              … and {formatCount(result.violationCount - result.violations.length)} more (robots-lab logs --violations
              lists them all).
            </p>
          )}
        </>
      )}
      {shown && <Shown v={shown} result={result} />}
      <p className="logs-note">{result.summary.at(-1)}</p>
    </div>
  );
}

/** A violation's request, the version live then, and its deciding line: in the editor when it holds that version. */
function Shown({ v, result }: { v: ViolationRecord; result: LogsResult }) {
  const controller = useController();
  const version = result.versions.find((x) => x.label === v.version);
  const inEditor = useRobotsLab((s) => version?.text != null && s.robotsText === version.text);
  useEffect(() => {
    if (inEditor && v.line !== null) controller.highlightRuleLine(v.line);
  }, [inEditor, v, controller]);
  return (
    <div className="logs-shown" data-testid="logs-shown">
      <dl>
        <dt>Request</dt>
        <dd>
          <code>{v.url}</code> at {when(v.time)} from {v.ip || 'an unlogged address'} ({v.log})
        </dd>
        <dt>User agent</dt>
        <dd>
          <code>{v.userAgent}</code>
        </dd>
        <dt>Live version</dt>
        <dd data-testid="logs-shown-version">
          {v.version}, live from {when(v.versionDate)}
        </dd>
        <dt>Deciding</dt>
        <dd>
          <code>{v.rule}</code>
          {v.line !== null && ` (line ${v.line})`}
        </dd>
      </dl>
      {v.line !== null && inEditor && (
        <p data-testid="logs-in-editor">The editor holds this version: line {v.line} is highlighted there.</p>
      )}
      {v.line !== null && !inEditor && version?.text != null && (
        <VersionView text={version.text} line={v.line} label={v.version} />
      )}
    </div>
  );
}
