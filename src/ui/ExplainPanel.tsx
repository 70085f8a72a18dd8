import { useController } from '../app/context';
import { ruleLabel } from '../core/matcher';
import type { ExplainResult, ParseSummary } from '../model/wire';
import { useOrigins } from '../state/origins';
import { originOf } from '../state/robotsUrl';
import { useRobotsLab } from '../state/store';
import { groupLines } from './announce';
import { countOf, sentence } from './format';
import { PurposeRows } from './lenses/PurposeRows';
import { ReaderStrip } from './lenses/ReaderStrip';
import './lenses/lenses.css';

function GroupWhy({ e, parse }: { e: ExplainResult; parse: ParseSummary | null }) {
  const v = e.verdict!;
  const first = e.crawler.tokens[0];
  const c = v.choice;
  if (c.kind === 'named') {
    return (
      <p data-testid="explain-group">
        Obeys the group for <code>{c.token}</code> ({groupLines(c.groups, parse)}): matched by user-agent line
        {c.agentLines.length > 1 ? 's' : ''} {c.agentLines.join(', ')}.
        {c.token.toLowerCase() !== first.toLowerCase() && (
          <>
            {' '}
            No group names <code>{first}</code>, so this crawler falls back to its next token <code>{c.token}</code> (
            {e.crawler.tokens.join(' → ')}).
          </>
        )}
        {c.groups.length > 1 && ' Groups naming the same crawler are merged.'}
      </p>
    );
  }
  if (c.kind === 'global') {
    return (
      <p data-testid="explain-group">
        No group names{' '}
        {e.crawler.tokens.map((t, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional (item i is column or crawler i) and is replaced whole, never reordered
          <code key={i}>{t}</code>
        ))}
        , so it obeys the <code>*</code> group ({groupLines(c.groups, parse)}, user-agent line
        {c.agentLines.length > 1 ? 's' : ''} {c.agentLines.join(', ')}).
      </p>
    );
  }
  return (
    <p data-testid="explain-group">
      No group names this crawler{e.crawler.ignoresGlobal ? ', and it ignores the * group' : ' and there is no * group'}
      : nothing restricts it.
    </p>
  );
}

/**
 * A line number that moves the editor's cursor to its line and focuses the
 * editor: with the deciding-lines list it opens, the keyboard's way to what
 * the gutter's marks give the mouse.
 */
function LineLink({ line }: { line: number }) {
  const controller = useController();
  const showDecidingLine = useRobotsLab((s) => s.showDecidingLine);
  const decides = useRobotsLab((s) => s.deciding.has(line));
  return (
    <button
      type="button"
      className="link line-link"
      onClick={() => {
        if (decides) showDecidingLine(line);
        controller.editor.focusLine(line);
      }}
      data-testid="explain-line"
    >
      <span className="visually-hidden">Go to line </span>
      {line}
    </button>
  );
}

/** Why the selected cell says what it says. */
export function ExplainPanel() {
  const e = useRobotsLab((s) => s.explain);
  const parse = useRobotsLab((s) => s.parse);
  const editOrigin = useOrigins((s) => s.edit);
  if (!e) {
    return (
      <section className="explain" aria-label="Explanation" data-testid="explain">
        <p className="hint">Select a cell to see which group the crawler obeys and which rule wins.</p>
      </section>
    );
  }
  const v = e.verdict;
  // A URL of another site is judged once that origin's robots.txt is written beside the editor's.
  const other = e.outOfScope ? originOf(e.requestUrl) : null;
  return (
    <section className="explain" aria-label="Explanation" data-testid="explain">
      <h2>
        Why: <span className="crawler-name">{e.crawler.label}</span> × <code className="url">{e.input}</code>
      </h2>
      {e.requestUrl !== e.input && !e.error && (
        <p>
          Requested as <code data-testid="explain-request">{e.requestUrl}</code>
          {e.changes.length > 0 && <> ({e.changes.join('; ')})</>}.
        </p>
      )}
      {!e.crawler.valid && (
        <p className="warn">⚠ “{e.crawler.label}” is not a valid product token: crawlers send only letters, - and _.</p>
      )}
      {e.error && <p className="warn">⚠ {sentence(e.error)}</p>}
      {e.outOfScope && (
        <p className="warn">
          ⚠ Not judged: {e.outOfScope}{' '}
          {other && (
            <button type="button" className="secondary" onClick={() => editOrigin(other)} data-testid="add-origin">
              Add the robots.txt of {other}
            </button>
          )}
        </p>
      )}
      {e.judgedBy && (
        <p data-testid="explain-judged-by">
          Judged by <strong>{e.judgedBy}/robots.txt</strong> (under Origins; its lines are not the editor's).
        </p>
      )}
      {e.fetchOutcome && (
        <p className="verdict-line" data-testid="explain-reason">
          {e.fetchOutcome}
        </p>
      )}
      {v && !e.fetchOutcome && (
        <>
          <p className={`verdict-line ${v.allowed ? 'allowed' : 'blocked'}`} data-testid="explain-reason">
            <span aria-hidden="true">{v.allowed ? '✓ ' : '✕ '}</span>
            {v.reason}
          </p>
          <GroupWhy e={e} parse={parse} />
          <p>
            Path matched: <code>{v.path}</code>
          </p>
          {v.matches.length > 0 ? (
            <table className="matches" data-testid="explain-matches">
              <caption>Every rule of the obeyed group that matches, longest first</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Rule</th>
                  <th scope="col">Length</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {v.matches.map((m, i) => {
                  const wins = v.rule !== null && m.line === v.rule.line && m.kind === v.rule.kind;
                  let outcome: string;
                  if (wins) outcome = v.tie ? 'wins the tie (allow)' : 'wins';
                  else if (v.rule && m.length < v.rule.length) outcome = 'shorter';
                  else if (v.rule && m.kind !== v.rule.kind) outcome = 'loses the tie (allow wins)';
                  else outcome = 'same length; the earlier line wins';
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional (item i is column or crawler i) and is replaced whole, never reordered
                    <tr key={i} className={wins ? 'winner' : undefined}>
                      <td>
                        <LineLink line={m.line} />
                      </td>
                      <td>
                        <code>{ruleLabel(m.kind, m.raw)}</code>
                        {m.viaIndexHtml && <span className="hint"> (as {m.pattern}, the index.html rule)</span>}
                      </td>
                      <td>{countOf(m.length, 'byte')}</td>
                      <td>{outcome}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          ) : (
            <p>No rule of the obeyed group matches this path.</p>
          )}
          {v.tie && (
            <p data-testid="explain-tie">
              Tie: an allow and a disallow rule match with the same length; the least restrictive (allow) wins.
            </p>
          )}
          {/* The cell's other views: other readers, then AI purposes when they apply. */}
          {e.lenses && <ReaderStrip readers={e.lenses.readers} />}
          {e.lenses?.purposes && <PurposeRows findings={e.lenses.purposes} />}
        </>
      )}
    </section>
  );
}
