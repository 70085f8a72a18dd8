import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useEffect, useEffectEvent, useRef, useState } from 'react';

/**
 * A row's height, fixed: a row is never measured, so no row is ever drawn
 * over another while heights arrive (the rule text that used to wrap in one
 * engine and not another is in the cell's title instead). On a narrow grid
 * the URL takes a line of its own above the verdicts.
 */
export const ROW_HEIGHT = 42;
/** A row's height when the grid is narrow and rows stack (URL above the verdicts). */
export const ROW_HEIGHT_NARROW = 64;
/** Height of the sticky column header (fixed in styles.css), so scrolling keeps rows out from under it. */
const HEAD_HEIGHT = 46;
/**
 * Rows per page. Browsers cap an element's height (about 33 million pixels
 * in Chromium), so a million rows are shown in pages.
 */
const PAGE_ROWS = 10_000;

/**
 * The results grid's rows, `rowHeight` pixels each, in pages of PAGE_ROWS,
 * virtualized inside `scrollRef`; keeps the selected row (a position in the shown order, or
 * null) in view however it was selected. `rowAt` maps a position in the
 * shown order to the row it shows.
 */
export function usePagedRows(
  scrollRef: RefObject<HTMLDivElement | null>,
  rows: number,
  selectedAt: number | null,
  rowAt: (at: number) => number,
  rowHeight: number,
) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows / PAGE_ROWS));
  const currentPage = Math.min(page, pages - 1);
  const pageStart = currentPage * PAGE_ROWS;
  const pageRows = Math.max(0, Math.min(PAGE_ROWS, rows - pageStart));
  const pendingScroll = useRef<number | null>(null);

  const virtualizer = useVirtualizer({
    count: pageRows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (i) => rowAt(pageStart + i),
    overscan: 8,
    scrollPaddingStart: HEAD_HEIGHT,
  });

  // Rows stacked or not: every row's height changes at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height is read through estimateSize
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);

  // After a page change the virtualizer knows the new rows only on the next render.
  useEffect(() => {
    if (pendingScroll.current === null) return;
    virtualizer.scrollToIndex(pendingScroll.current - pageStart, { align: 'auto' });
    pendingScroll.current = null;
  });

  // An effect event: the effect below sees this render's page and
  // virtualizer, but does not run again when only they change (paging away
  // would snap back).
  const reveal = useEffectEvent((row: number) => {
    const target = Math.floor(row / PAGE_ROWS);
    if (target !== currentPage) {
      pendingScroll.current = row;
      setPage(target);
    } else virtualizer.scrollToIndex(row - pageStart, { align: 'auto' });
  });

  useEffect(() => {
    if (selectedAt !== null && selectedAt >= 0 && selectedAt < rows) reveal(selectedAt);
  }, [selectedAt, rows]);

  return { virtualizer, page: currentPage, pages, pageStart, pageRows, setPage };
}

/** The element's inner width, followed as it resizes (0 before the first layout). */
export function useClientWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  });
  return width;
}
