import { useEffect, useState } from 'react';
import { useController } from '../app/context';
import { ALL_ROWS, ROW } from '../model/codes';
import { urlAt, useRobotsLab } from '../state/store';
import { CloseButton } from './CloseButton';
import { countOf, formatCount } from './format';

const MAX_LISTED = 200;

/**
 * The tested URLs one editor line decides (after a click on its gutter
 * marker). The worker finds the rows; the page lists the first few.
 */
export function DecidingList() {
  const controller = useController();
  const line = useRobotsLab((s) => s.decidingLine);
  const results = useRobotsLab((s) => s.results);
  const finished = useRobotsLab((s) => s.results?.finished ?? false);
  const total = useRobotsLab((s) => (s.decidingLine === null ? 0 : (s.deciding.get(s.decidingLine) ?? 0)));
  const close = useRobotsLab((s) => s.showDecidingLine);
  const select = useRobotsLab((s) => s.select);
  // A held list's URLs come from the worker after the first render: their arrival touches the results.
  useRobotsLab((s) => s.resultsTick);
  const [rows, setRows] = useState<Int32Array | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `finished` asks again when the run completes (the worker's rows for the line grow until then)
  useEffect(() => {
    setRows(null);
    if (line === null || !results) return;
    let live = true;
    void controller.queryRows({ ...ALL_ROWS, rule: line }).then((r) => {
      if (live) setRows(r ? r.slice(0, MAX_LISTED) : null);
    });
    return () => {
      live = false;
    };
  }, [controller, line, results, finished]);

  if (line === null || !results) return null;
  const cells: { row: number; col: number }[] = [];
  const cols = results.crawlers.length;
  for (const row of rows ?? []) {
    for (let col = 0; col < cols && cells.length < MAX_LISTED; col++)
      if (results.lines[row * cols + col] === line && !(results.rowFlags[row] & ROW.OTHER_ORIGIN))
        cells.push({ row, col });
  }
  return (
    <section className="deciding" aria-label={`URLs decided by line ${line}`} data-testid="deciding-list">
      <header>
        <h2>
          Line {line} decides {countOf(total, 'tested cell')}
        </h2>
        <CloseButton label="Close the list" onClick={() => close(null)} />
      </header>
      <ul>
        {cells.map(({ row, col }) => (
          <li key={`${row}-${col}`}>
            <button type="button" className="link" onClick={() => select({ row, col })}>
              <code>{urlAt(results, row)}</code> · {results.crawlers[col]?.label}
            </button>
          </li>
        ))}
      </ul>
      {total > cells.length && rows !== null && <p className="hint">and {formatCount(total - cells.length)} more</p>}
    </section>
  );
}
