import { useMemo } from 'react';
import { useController } from '../app/context';
import { CELL, ruleLabels } from '../model/codes';
import { useRobotsLab } from '../state/store';
import { formatCount } from './format';

/**
 * Totals per crawler and verdict, and a bar chart of the rules that decide
 * the most cells; a bar filters the table to its rule and shows the line.
 * A bar's accessible name is its visible text ("Disallow: /x line 8 1,234
 * cells": the rule first, whole, then its bar), so speech input can say what it sees; pressed says the filter is on.
 */
export function Totals() {
  const controller = useController();
  const results = useRobotsLab((s) => s.results);
  useRobotsLab((s) => s.resultsTick);
  const parse = useRobotsLab((s) => s.parse);
  const ruleFilter = useRobotsLab((s) => s.viewQuery.rule);
  const setQuery = useRobotsLab((s) => s.setViewQuery);
  const rules = useMemo(() => (parse ? ruleLabels(parse.rules) : new Map<number, string>()), [parse]);
  const t = results?.totals;
  if (!results || !t || results.crawlers.length === 0 || results.total === 0) return null;
  const max = t.topRules.length ? t.topRules[0][1] : 1;
  return (
    <section className="totals" aria-label="Totals" data-testid="totals">
      <table className="verdict-totals">
        <thead>
          <tr>
            <th scope="col">Crawler</th>
            <th scope="col">Allowed</th>
            <th scope="col">Blocked</th>
            <th scope="col">Not judged</th>
          </tr>
        </thead>
        <tbody>
          {results.crawlers.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is positional (item i is column or crawler i) and is replaced whole, never reordered
            <tr key={i} data-testid="crawler-totals">
              <th scope="row">{c.label}</th>
              <td className="allowed">{formatCount(t.verdicts[i * 4 + CELL.ALLOWED])}</td>
              <td className="blocked">{formatCount(t.verdicts[i * 4 + CELL.BLOCKED])}</td>
              <td>{formatCount(t.verdicts[i * 4 + CELL.OUT_OF_SCOPE] + t.verdicts[i * 4 + CELL.INVALID_URL])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {t.topRules.length > 0 && (
        <figure className="rule-chart">
          <figcaption>Rules that decide the most cells</figcaption>
          <ol>
            {t.topRules.map(([line, n]) => (
              <li key={line}>
                <button
                  type="button"
                  className={`bar${ruleFilter === line ? ' active' : ''}`}
                  aria-pressed={ruleFilter === line}
                  title={`Show the ${formatCount(n)} cells line ${line} decides`}
                  data-testid="rule-bar"
                  data-line={line}
                  onClick={() => {
                    const on = ruleFilter !== line;
                    setQuery({ rule: on ? line : null, crawler: -1 });
                    controller.highlightRuleLine(on ? line : null);
                  }}
                >
                  <span className="bar-label">
                    <code>{rules.get(line) ?? ''}</code> <span className="bar-line">line {line}</span>
                  </span>
                  <span className="bar-track">
                    <span className="bar-fill" style={{ width: `${Math.max(2, (n / max) * 100)}%` }} />
                  </span>
                  <span className="bar-count">
                    {formatCount(n)}
                    <span className="visually-hidden"> cells</span>
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </figure>
      )}
    </section>
  );
}
