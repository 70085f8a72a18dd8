import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useRobotsLab } from '../state/store';
import { fetchOutcome } from '../worker/fetchStatus';
import { ruleLabels } from '../worker/protocol';
import { ExportButtons } from './ExportButtons';
import { GridHead } from './results/GridHead';
import { moveCell } from './results/gridKeys';
import { Pager } from './results/Pager';
import { Progress } from './results/Progress';
import { cellId, ResultRow } from './results/ResultRow';
import { useListOrigins } from './useListOrigins';

/** A row's height before it is measured (a long rule wraps and makes its row taller). */
const ROW_ESTIMATE = 46;
/** Height of the sticky column header (fixed in styles.css), so scrolling keeps rows out from under it. */
const HEAD_HEIGHT = 46;
/**
 * Rows per page. Browsers cap an element's height (about 33 million pixels
 * in Chromium), so a million rows are shown in pages of this many.
 */
const PAGE_ROWS = 100_000;
/** Below this grid width rows stack (URL above its verdicts); styles.css has the same container query. */
const NARROW = 640;
/** Width of one character of the URL column's monospace text, in pixels (0.6em of 12.6px). */
const CHAR_PX = 7.6;

/** The rows the table shows: the worker's filtered and sorted index for this run, or all rows in list order. */
function useShownRows() {
  const results = useRobotsLab((s) => s.results);
  const view = useRobotsLab((s) => s.view);
  const current = view && results && view.run === results.id;
  const index = current ? view.rows : null;
  const rows = current ? view.count : results ? results.total : 0;
  return { index, rows };
}

/** The URL × crawler table, virtualized; arrow keys move the selected cell. */
export function ResultsTable() {
  const results = useRobotsLab((s) => s.results);
  useRobotsLab((s) => s.resultsTick);
  const parse = useRobotsLab((s) => s.parse);
  const selected = useRobotsLab((s) => s.selected);
  const select = useRobotsLab((s) => s.select);
  const normalise = useRobotsLab((s) => s.settings.normalise);
  const fetchStatus = useRobotsLab((s) => s.settings.fetchStatus);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rules = useMemo(() => (parse ? ruleLabels(parse.rules) : new Map<number, string>()), [parse]);
  const ctx = useMemo(() => ({ outcome: fetchOutcome(fetchStatus), fetchStatus, rules }), [fetchStatus, rules]);
  const { index, rows } = useShownRows();
  const spread = useListOrigins();
  // Rows on the origin most URLs share show their path; the others keep their whole URL.
  const origin = spread.mainCount * 2 > spread.absolute ? spread.main : null;
  const [urlWidth, setUrlWidth] = useState(280);
  const [gridWidth, setGridWidth] = useState(0);
  const allRows = results ? results.total : 0;
  const cols = results ? results.crawlers.length : 0;

  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows / PAGE_ROWS));
  const currentPage = Math.min(page, pages - 1);
  const pageStart = currentPage * PAGE_ROWS;
  const pageRows = Math.max(0, Math.min(PAGE_ROWS, rows - pageStart));
  const pendingScroll = useRef<number | null>(null);

  const virtualizer = useVirtualizer({
    count: pageRows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 8,
    scrollPaddingStart: HEAD_HEIGHT,
  });

  // The grid's width decides the row layout (stacked when narrow) and how much of a URL fits.
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setGridWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
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
  if (cols === 0 || allRows === 0)
    return (
      <div className="results">
        <div className="results-bar">
          <p className="empty" data-testid="results-empty">
            {cols === 0 ? 'Choose at least one crawler to see verdicts.' : 'Add URLs to test, one per line.'}
          </p>
          <ExportButtons />
        </div>
      </div>
    );

  const r = results;
  const rowAt = (i: number) => (index ? index[i] : i);
  const active = selected && selected.row < allRows && selected.col < cols ? selected : null;
  const activeAt = active ? (index ? index.indexOf(active.row) : active.row) : -1;
  const narrow = gridWidth > 0 && gridWidth < NARROW;
  const urlPx = narrow ? gridWidth : urlWidth;
  const url = { origin, maxChars: Math.max(8, Math.floor((urlPx - 22) / CHAR_PX)) };
  const style = { '--cols': cols, '--url-col': `${urlWidth}px` } as CSSProperties;

  function onKey(e: KeyboardEvent<HTMLDivElement>) {
    if (rows === 0) return;
    const cur = active && activeAt >= 0 ? { row: activeAt, col: active.col } : { row: 0, col: 0 };
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_ESTIMATE) - 1);
    const next = moveCell(e.key, e.ctrlKey, cur, { rows, cols, page });
    if (!next) return;
    e.preventDefault();
    if (!active || activeAt < 0 || next.row !== cur.row || next.col !== cur.col)
      select({ row: rowAt(next.row), col: next.col });
  }

  return (
    <div className="results">
      <div className="results-bar">
        <Progress r={r} />
        <Pager page={currentPage} pages={pages} start={pageStart} count={pageRows} rows={rows} go={(p) => setPage(p)} />
        <ExportButtons />
      </div>
      {rows === 0 && (
        <p className="empty" data-testid="view-empty">
          No rows match these filters{r.finished ? '' : ' yet'}.
        </p>
      )}
      <div
        className={`grid-scroll${narrow ? ' narrow' : ''}`}
        ref={scrollRef}
        role="grid"
        aria-label="Verdicts: URLs by crawler"
        aria-rowcount={rows + 1}
        aria-colcount={cols + 1}
        aria-activedescendant={active ? cellId(active.row, active.col) : undefined}
        tabIndex={0}
        onKeyDown={onKey}
        style={style}
        data-testid="results-grid"
      >
        <GridHead crawlers={r.crawlers} origin={origin} urlWidth={urlWidth} setUrlWidth={setUrlWidth} />
        <div className="grid-body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rowAt(pageStart + item.index);
            return (
              <ResultRow
                key={row}
                r={r}
                row={row}
                ariaRow={pageStart + item.index + 2}
                index={item.index}
                top={item.start}
                url={url}
                normalise={normalise}
                ctx={ctx}
                activeCol={active?.row === row ? active.col : null}
                measure={virtualizer.measureElement}
                onSelect={(row, col) => {
                  select({ row, col });
                  scrollRef.current?.focus({ preventScroll: true });
                }}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
