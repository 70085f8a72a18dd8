import { useMemo } from 'react';
import { useRobotsLab } from '../state/store';

const MAX_LISTED = 200;

/** The tested URLs one editor line decides (after a click on its gutter marker). */
export function DecidingList() {
  const line = useRobotsLab((s) => s.decidingLine);
  const results = useRobotsLab((s) => s.results);
  const tick = useRobotsLab((s) => s.resultsTick);
  const close = useRobotsLab((s) => s.showDecidingLine);
  const select = useRobotsLab((s) => s.select);

  const cells = useMemo(() => {
    if (line === null || !results) return { list: [] as { row: number; col: number }[], total: 0 };
    const cols = results.crawlers.length;
    const list: { row: number; col: number }[] = [];
    let total = 0;
    const lines = results.lines;
    for (let k = 0; k < lines.length; k++) {
      if (lines[k] !== line) continue;
      total++;
      if (list.length < MAX_LISTED) list.push({ row: Math.floor(k / cols), col: k % cols });
    }
    return { list, total };
    // tick: the arrays change in place while a run streams in.
  }, [line, results, tick]);

  if (line === null || !results) return null;
  return (
    <section className="deciding" aria-label={`URLs decided by line ${line}`} data-testid="deciding-list">
      <header>
        <h2>
          Line {line} decides {cells.total.toLocaleString('en')} tested cell{cells.total === 1 ? '' : 's'}
        </h2>
        <button type="button" onClick={() => close(null)} aria-label="Close the list">
          ×
        </button>
      </header>
      <ul>
        {cells.list.map(({ row, col }) => (
          <li key={`${row}-${col}`}>
            <button type="button" className="link" onClick={() => select({ row, col })}>
              <code>{results.urls[row]}</code> · {results.crawlers[col]?.label}
            </button>
          </li>
        ))}
      </ul>
      {cells.total > cells.list.length && <p className="hint">and {(cells.total - cells.list.length).toLocaleString('en')} more</p>}
    </section>
  );
}
