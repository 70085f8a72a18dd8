/**
 * The crawler columns a row draws. Up to a hundred crawlers may be chosen
 * (MAX_CRAWLERS), and drawing every verdict of every visible row made a
 * render of the grid thousands of elements: each crawler typed (a new run,
 * a new grid) cost a task of up to seconds. Past ALL_COLUMNS columns, rows
 * draw only the columns in view and a few either side (a horizontal
 * virtualizer on the grid's scroll box); the header keeps every column (its
 * names are what a reader of the page looks for).
 */
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useLayoutEffect, useState } from 'react';

/** Up to this many crawler columns, every one is drawn. */
const ALL_COLUMNS = 16;
/** A crawler column's smallest width, in rem, wide or narrow (styles.css --crawler-col). */
const CRAWLER_COL_REM = 6.5;

function remPx(): number {
  return Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

/**
 * The crawler columns to draw, in order: all while there are ALL_COLUMNS or
 * fewer, or before the box has a width; else those in view and two either
 * side, and the active column wherever it is (it is the grid's active
 * descendant).
 * Columns share the width the URL column leaves (`start`; 0 when rows
 * stack), none narrower than the template's `minmax(6.5rem, 1fr)` minimum.
 * Keeps the active column in view when it moves (arrow keys).
 */
export function useColumnWindow(
  scrollRef: RefObject<HTMLDivElement | null>,
  shape: { cols: number; width: number; start: number; active: number | null },
): number[] {
  const { cols, width, start, active } = shape;
  const [rem] = useState(remPx);
  const windowed = cols > ALL_COLUMNS && width > 0;
  const col = Math.max(CRAWLER_COL_REM * rem, (width - start) / cols);
  const columns = useVirtualizer({
    horizontal: true,
    enabled: windowed,
    count: cols,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => col,
    scrollMargin: start,
    overscan: 2,
    rangeExtractor: (range) => {
      const drawn = defaultRangeExtractor(range);
      if (active === null || drawn.includes(active)) return drawn;
      return active < drawn[0] ? [active, ...drawn] : [...drawn, active];
    },
  });

  // Every column's width changes at once (the box or the URL column resized).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the width is read through estimateSize
  useLayoutEffect(() => columns.measure(), [col, start, columns]);

  // A column chosen by the keyboard scrolls into view (the grid focuses by
  // aria-activedescendant, which does not scroll). Only when the active
  // column changes: the user may scroll away from it afterwards.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new active column scrolls
  useLayoutEffect(() => {
    if (windowed && active !== null) columns.scrollToIndex(active);
  }, [active]);

  const items = columns.getVirtualItems();
  if (!windowed || items.length === 0) return Array.from({ length: cols }, (_, c) => c);
  return items.map((item) => item.index);
}
