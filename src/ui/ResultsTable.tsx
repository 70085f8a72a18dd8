import {
  type CSSProperties,
  type KeyboardEvent,
  memo,
  useDeferredValue,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { fetchOutcome } from '../core/fetch';
import { ruleLabels } from '../model/codes';
import { type RunResults, useRobotsLab } from '../state/store';
import { ExportButtons } from './ExportButtons';
import { useOriginContexts } from './origins/useOriginContexts';
import { GridHead } from './results/GridHead';
import { moveCell } from './results/gridKeys';
import { Pager } from './results/Pager';
import { Progress } from './results/Progress';
import { cellId, ResultRow } from './results/ResultRow';
import { ROW_HEIGHT, ROW_HEIGHT_NARROW, useClientWidth, usePagedRows } from './results/usePagedRows';
import { useListOrigins } from './useListOrigins';

/** Below this grid width rows stack (URL above its verdicts); styles.css has the same container query. */
const NARROW = 640;
/** The URL column's width at first, in pixels: six crawler columns fit beside it at 1280 px. */
const URL_WIDTH = 220;
/** Width of one character of the URL column's monospace text, in pixels (0.6em of 12.6px). */
const CHAR_PX = 7.6;

/**
 * The URL × crawler table. The results reach it deferred: a worker message
 * that brings them sets the store, and React renders a store's subscribers
 * at once, in one task; deferred, the grid (the virtualizer's measurements of
 * a page of rows, and the rows) renders in a later render that React splits
 * into slices of a few milliseconds, so the first results of a reload with a
 * saved million-line list are no long task.
 */
export function ResultsTable() {
  const results = useDeferredValue(useRobotsLab((s) => s.results));
  const tick = useDeferredValue(useRobotsLab((s) => s.resultsTick));
  return <ResultsGrid results={results} tick={tick} />;
}

/** The table itself, for the results and their tick as deferred (the results object grows in place; the tick says it did). */
const ResultsGrid = memo(function ResultsGrid({ results }: { results: RunResults | null; tick: number }) {
  const parse = useRobotsLab((s) => s.parse);
  const selected = useRobotsLab((s) => s.selected);
  const select = useRobotsLab((s) => s.select);
  const normalise = useRobotsLab((s) => s.settings.normalise);
  const fetchStatus = useRobotsLab((s) => s.settings.fetchStatus);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rules = useMemo(() => (parse ? ruleLabels(parse.rules) : new Map<number, string>()), [parse]);
  const ctx = useOriginContexts(
    useMemo(() => ({ outcome: fetchOutcome(fetchStatus), fetchStatus, rules }), [fetchStatus, rules]),
  );
  // The rows shown: the worker's filtered and sorted index for this run, or all rows in list order.
  const view = useRobotsLab((s) => s.view);
  const current = view && results && view.run === results.id;
  const index = current ? view.rows : null;
  const rows = current ? view.count : results ? results.total : 0;
  const spread = useListOrigins(results);
  // Rows on the origin most URLs share show their path; the others keep their whole URL.
  const origin = spread.mainCount * 2 > spread.absolute ? spread.main : null;
  const [urlWidth, setUrlWidth] = useState(URL_WIDTH);
  const gridWidth = useClientWidth(scrollRef);
  const narrow = gridWidth > 0 && gridWidth < NARROW;
  const rowHeight = narrow ? ROW_HEIGHT_NARROW : ROW_HEIGHT;
  const allRows = results ? results.total : 0;
  const cols = results ? results.crawlers.length : 0;
  const rowAt = (i: number) => (index ? index[i] : i);
  const selectedRow = selected?.row ?? null;
  const selectedAt = selectedRow === null ? null : index ? index.indexOf(selectedRow) : selectedRow;
  const { virtualizer, page, pages, pageStart, pageRows, setPage } = usePagedRows(
    scrollRef,
    rows,
    selectedAt,
    rowAt,
    rowHeight,
  );
  // A column chosen by the keyboard scrolls into view (the grid focuses by
  // aria-activedescendant, which does not scroll). Only when the active
  // column changes: the user may scroll away from it afterwards.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new active column scrolls
  useLayoutEffect(() => {
    if (selected)
      document
        .getElementById(cellId(selected.row, selected.col))
        ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [selected?.col]);

  if (!results) return <p className="run-status">Waiting for the first results…</p>;
  // Nothing to judge: say what is missing.
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
  const active = selected && selected.row < allRows && selected.col < cols ? selected : null;
  const activeAt = active ? (selectedAt ?? -1) : -1;
  const urlPx = narrow ? gridWidth : urlWidth;
  const url = { origin, maxChars: Math.max(8, Math.floor((urlPx - 22) / CHAR_PX)) };
  const style = { '--cols': cols, '--url-col': `${urlWidth}px` } as CSSProperties;

  function onKey(e: KeyboardEvent<HTMLDivElement>) {
    if (rows === 0) return;
    const cur = active && activeAt >= 0 ? { row: activeAt, col: active.col } : { row: 0, col: 0 };
    const screen = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / rowHeight) - 1);
    const next = moveCell(e.key, e.ctrlKey, cur, { rows, cols, page: screen });
    if (!next) return;
    e.preventDefault();
    if (!active || activeAt < 0 || next.row !== cur.row || next.col !== cur.col)
      select({ row: rowAt(next.row), col: next.col });
  }

  return (
    <div className="results">
      <div className="results-bar">
        <Progress r={r} />
        <Pager page={page} pages={pages} start={pageStart} count={pageRows} rows={rows} go={(p) => setPage(p)} />
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
                top={item.start}
                height={item.size}
                url={url}
                normalise={normalise}
                ctx={ctx}
                activeCol={active?.row === row ? active.col : null}
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
});
