import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { type RunResults, urlAt, useRobotsLab } from '../state/store';
import { fetchOutcome } from '../worker/fetchStatus';
import { CELL, ROW, ruleLabels } from '../worker/protocol';
import { formatCount } from './format';

const ROW_HEIGHT = 56;
/** Height of the sticky column header (fixed in styles.css), so scrolling keeps rows out from under it. */
const HEAD_HEIGHT = 56;
/**
 * Rows per page. Browsers cap an element's height (about 33 million pixels
 * in Chromium), so a million rows are shown in pages of this many.
 */
export const PAGE_ROWS = 100_000;
/** The table grows with its rows up to this height, then scrolls. */
const MAX_GRID_HEIGHT = HEAD_HEIGHT + 7.5 * ROW_HEIGHT;

export function cellId(row: number, col: number): string {
  return `cell-${row}-${col}`;
}

function seconds(ms: number): string {
  return ms < 1000
    ? '< 1 s'
    : ms < 60_000
      ? `${Math.round(ms / 1000)} s`
      : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

function Progress({ r }: { r: RunResults }) {
  const cols = r.crawlers.length;
  const restarted = r.restarted ? (
    <span className="restarted" data-testid="run-restarted">
      Cancelled, restarted for the new input ·{' '}
    </span>
  ) : null;
  if (r.finished) {
    return (
      <p
        className="run-status"
        role="status"
        data-testid="run-status"
        data-run={r.id}
        data-text-version={r.textVersion}
      >
        {restarted}
        {formatCount(r.total)} URL{r.total === 1 ? '' : 's'} × {cols} crawler{cols === 1 ? '' : 's'} evaluated in{' '}
        {r.elapsedMs < 1 ? '< 1' : formatCount(Math.round(r.elapsedMs))} ms
      </p>
    );
  }
  return (
    <p
      className="run-status running"
      role="status"
      data-testid="run-status"
      data-run={r.id}
      data-text-version={r.textVersion}
    >
      {restarted}
      <progress max={r.total} value={r.done} aria-label="Evaluation progress" /> {formatCount(r.done)} of{' '}
      {formatCount(r.total)} URLs · <span data-testid="run-rate">{formatCount(r.rate)} URLs/s</span> ·{' '}
      <span data-testid="run-eta">{seconds(r.etaMs)} left</span>
    </p>
  );
}

/** The URL × crawler table, virtualized; arrow keys move the selected cell. */
export function ResultsTable() {
  const results = useRobotsLab((s) => s.results);
  useRobotsLab((s) => s.resultsTick);
  const view = useRobotsLab((s) => s.view);
  const parse = useRobotsLab((s) => s.parse);
  const selected = useRobotsLab((s) => s.selected);
  const select = useRobotsLab((s) => s.select);
  const normalise = useRobotsLab((s) => s.settings.normalise);
  const fetchStatus = useRobotsLab((s) => s.settings.fetchStatus);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rules = useMemo(() => (parse ? ruleLabels(parse.rules) : new Map<number, string>()), [parse]);
  // The rows shown: the worker's view of this run when it has one, else all rows in list order.
  const index = view && results && view.run === results.id ? view.rows : null;
  const allRows = results ? results.total : 0;
  const rows = view && results && view.run === results.id ? view.count : allRows;
  const rowAt = (i: number) => (index ? index[i] : i);
  const indexOf = (row: number) => (index ? index.indexOf(row) : row);
  const cols = results ? results.crawlers.length : 0;
  const outcome = fetchOutcome(fetchStatus);

  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows / PAGE_ROWS));
  const currentPage = Math.min(page, pages - 1);
  const pageStart = currentPage * PAGE_ROWS;
  const pageRows = Math.max(0, Math.min(PAGE_ROWS, rows - pageStart));
  const pendingScroll = useRef<number | null>(null);

  const virtualizer = useVirtualizer({
    count: pageRows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollPaddingStart: HEAD_HEIGHT,
  });

  // After a page change the virtualizer knows the new rows only on the next render.
  useEffect(() => {
    if (pendingScroll.current === null) return;
    virtualizer.scrollToIndex(pendingScroll.current - pageStart, { align: 'auto' });
    pendingScroll.current = null;
  });

  function reveal(row: number) {
    const target = Math.floor(row / PAGE_ROWS);
    if (target !== currentPage) {
      pendingScroll.current = row;
      setPage(target);
    } else virtualizer.scrollToIndex(row - pageStart, { align: 'auto' });
  }
  // The effect below must see this render's page and virtualizer, but must
  // not run again when only they change (paging away would snap back).
  const revealLatest = useRef(reveal);
  revealLatest.current = reveal;

  // Keep the selected cell in view, however it was selected (keys, the deciding-lines list).
  const selectedRow = selected?.row ?? null;
  useEffect(() => {
    if (selectedRow === null) return;
    const at = index ? index.indexOf(selectedRow) : selectedRow;
    if (at >= 0 && at < rows) revealLatest.current(at);
  }, [selectedRow, rows, index]);

  if (!results) return <p className="run-status">Waiting for the first results…</p>;
  if (cols === 0)
    return (
      <p className="empty" data-testid="results-empty">
        Choose at least one crawler to see verdicts.
      </p>
    );
  if (allRows === 0)
    return (
      <p className="empty" data-testid="results-empty">
        Add URLs to test, one per line.
      </p>
    );

  const active = selected && selected.row < allRows && selected.col < cols ? selected : null;
  const activeAt = active ? indexOf(active.row) : -1;
  const template = `minmax(16rem, 2fr) repeat(${cols}, minmax(11rem, 1fr))`;
  // Every row is its own grid: a fixed minimum width keeps the columns aligned.
  const minWidth = `${16 + cols * 11}rem`;

  function move(e: KeyboardEvent<HTMLDivElement>) {
    if (rows === 0) return;
    const cur = active && activeAt >= 0 ? { row: activeAt, col: active.col } : { row: 0, col: 0 };
    let { row, col } = cur;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    switch (e.key) {
      case 'ArrowDown':
        row = Math.min(rows - 1, row + 1);
        break;
      case 'ArrowUp':
        row = Math.max(0, row - 1);
        break;
      case 'ArrowRight':
        col = Math.min(cols - 1, col + 1);
        break;
      case 'ArrowLeft':
        col = Math.max(0, col - 1);
        break;
      case 'PageDown':
        row = Math.min(rows - 1, row + page);
        break;
      case 'PageUp':
        row = Math.max(0, row - page);
        break;
      case 'Home':
        if (e.ctrlKey) row = 0;
        col = 0;
        break;
      case 'End':
        if (e.ctrlKey) row = rows - 1;
        col = cols - 1;
        break;
      default:
        return;
    }
    e.preventDefault();
    if (!active || activeAt < 0 || row !== cur.row || col !== cur.col) {
      select({ row: rowAt(row), col });
    }
  }

  const r = results;
  return (
    <div className="results">
      <div className="results-bar">
        <Progress r={r} />
        {pages > 1 && (
          <nav className="pager" aria-label="Result pages">
            <button
              type="button"
              disabled={currentPage === 0}
              onClick={() => setPage(currentPage - 1)}
              aria-label="Previous rows"
            >
              ‹
            </button>
            <span data-testid="page-range">
              Rows {formatCount(pageStart + 1)}–{formatCount(pageStart + pageRows)} of {formatCount(rows)}
            </span>
            <button
              type="button"
              disabled={currentPage >= pages - 1}
              onClick={() => setPage(currentPage + 1)}
              aria-label="Next rows"
            >
              ›
            </button>
          </nav>
        )}
      </div>
      {rows === 0 && (
        <p className="empty" data-testid="view-empty">
          No rows match these filters{r.finished ? '' : ' yet'}.
        </p>
      )}
      <div
        className="grid-scroll"
        ref={scrollRef}
        role="grid"
        aria-label="Verdicts: URLs by crawler"
        aria-rowcount={rows + 1}
        aria-colcount={cols + 1}
        aria-activedescendant={active ? cellId(active.row, active.col) : undefined}
        tabIndex={0}
        onKeyDown={move}
        style={{ height: Math.min(MAX_GRID_HEIGHT, HEAD_HEIGHT + pageRows * ROW_HEIGHT + 2) }}
        data-testid="results-grid"
      >
        <div className="grid-head" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template, minWidth }}>
          <div role="columnheader" aria-colindex={1} className="head-url">
            URL
          </div>
          {r.crawlers.map((c, i) => (
            <div
              role="columnheader"
              aria-colindex={i + 2}
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional (column i is crawler i) and are replaced whole, never reordered
              key={i}
              className="head-crawler"
              data-testid="crawler-header"
            >
              <span className="crawler-name">{c.label}</span>
              {c.valid ? (
                <span className="crawler-tokens">{c.tokens.join(' → ')}</span>
              ) : (
                <span className="crawler-tokens warn">⚠ not a valid product token</span>
              )}
            </div>
          ))}
        </div>
        <div className="grid-body" style={{ height: virtualizer.getTotalSize(), minWidth }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rowAt(pageStart + item.index);
            const pending = row >= r.done;
            const flags = r.rowFlags[row];
            const shownAs = normalise ? r.normalised.get(row) : undefined;
            const note = r.notes.get(row);
            return (
              <div
                key={row}
                role="row"
                aria-rowindex={pageStart + item.index + 2}
                className="grid-row"
                data-testid="result-row"
                style={{
                  transform: `translateY(${item.start}px)`,
                  height: ROW_HEIGHT,
                  gridTemplateColumns: template,
                  minWidth,
                }}
              >
                <div role="rowheader" aria-colindex={1} className="url-cell" title={urlAt(r, row)}>
                  <span className="url-typed" data-testid="url-typed">
                    {urlAt(r, row)}
                  </span>
                  {shownAs !== undefined && (
                    <span className="url-request" data-testid="url-request">
                      <span aria-hidden="true">→ </span>
                      <span className="visually-hidden">requested as </span>
                      {shownAs}
                    </span>
                  )}
                  {note && !(flags & ROW.NORMALISED) && (
                    <span className="url-note" data-testid="url-note">
                      {note}
                    </span>
                  )}
                </div>
                {r.crawlers.map((_, col) => {
                  const k = row * cols + col;
                  const status = r.status[k];
                  const line = r.lines[k];
                  const isActive = active?.row === row && active.col === col;
                  let verdict: string;
                  let icon: string;
                  let cls: string;
                  let detail: string;
                  switch (status) {
                    case CELL.ALLOWED:
                      verdict = 'Allowed';
                      icon = '✓';
                      cls = 'allowed';
                      break;
                    case CELL.BLOCKED:
                      verdict = 'Blocked';
                      icon = '✕';
                      cls = 'blocked';
                      break;
                    case CELL.OUT_OF_SCOPE:
                      verdict = 'Not judged';
                      icon = '⚠';
                      cls = 'unjudged';
                      break;
                    default:
                      verdict = 'Invalid URL';
                      icon = '⚠';
                      cls = 'unjudged';
                  }
                  if (pending) {
                    verdict = 'Evaluating…';
                    icon = '…';
                    cls = 'pending';
                  }
                  if (pending) detail = 'not evaluated yet';
                  else if (status === CELL.OUT_OF_SCOPE) detail = 'outside the robots.txt origin';
                  else if (status === CELL.INVALID_URL) detail = note ?? 'cannot be read as a URL';
                  else if (outcome.mode !== 'rules')
                    detail = fetchStatus === 0 ? 'server unreachable' : `server answered ${fetchStatus}`;
                  else if (line > 0) detail = `line ${line} · ${rules.get(line) ?? ''}`;
                  else if (flags & ROW.ROBOTS_TXT) detail = 'robots.txt is always allowed';
                  else detail = 'no rule matches';
                  return (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the grid's onKeyDown moves the active cell (aria-activedescendant); cells are not focus targets
                    <div
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional (column i is crawler i) and are replaced whole, never reordered
                      key={col}
                      id={cellId(row, col)}
                      role="gridcell"
                      aria-colindex={col + 2}
                      aria-selected={isActive}
                      className={`cell ${cls}${isActive ? ' active' : ''}`}
                      data-testid="cell"
                      data-row={row}
                      data-col={col}
                      data-verdict={cls}
                      data-line={line || undefined}
                      onClick={() => {
                        select({ row, col });
                        scrollRef.current?.focus({ preventScroll: true });
                      }}
                    >
                      <span className="verdict">
                        <span className="icon" aria-hidden="true">
                          {icon}
                        </span>
                        {verdict}
                      </span>
                      <span className="rule" data-testid="cell-rule">
                        {detail}
                      </span>
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
