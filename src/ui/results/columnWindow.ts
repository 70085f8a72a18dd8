/**
 * The crawler columns a row draws. Up to a hundred crawlers may be chosen
 * (MAX_CRAWLERS), and drawing every verdict of every visible row made a
 * render of the grid thousands of elements: each crawler typed (a new run,
 * a new grid) cost a task of up to seconds. Past ALL_COLUMNS columns, rows
 * draw only the columns in view and a few either side; the header keeps
 * every column (its names are what a reader of the page looks for).
 */
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Up to this many crawler columns, every one is drawn. */
const ALL_COLUMNS = 16;
/** A crawler column's smallest width, in rem, wide or narrow (styles.css --crawler-col). */
const CRAWLER_COL_REM = 6.5;
/** Columns drawn beyond each side of the view. */
const OVERSCAN = 2;

/** Where the crawler columns lie in the grid's scroll box, in pixels. */
interface ColumnGeometry {
  cols: number;
  /** The scroll box's inner width. */
  width: number;
  /** Its horizontal scroll position. */
  scrollLeft: number;
  /** Where the first crawler column starts (the URL column's width; 0 when rows stack). */
  start: number;
  /** A crawler column's smallest width (the grid template's minmax minimum). */
  minCol: number;
}

/** The drawn range of crawler columns: first included, last excluded. */
export interface ColumnRange {
  first: number;
  last: number;
}

/**
 * The crawler columns in view and OVERSCAN either side. Columns share the
 * width the URL column leaves, but none is narrower than `minCol` (the
 * template `minmax(minCol, 1fr)`). All columns while there are ALL_COLUMNS
 * or fewer, or before the box has a width.
 */
function columnRange(g: ColumnGeometry): ColumnRange {
  if (g.cols <= ALL_COLUMNS || g.width <= 0) return { first: 0, last: g.cols };
  const col = Math.max(g.minCol, (g.width - g.start) / g.cols);
  const first = Math.floor((g.scrollLeft - g.start) / col) - OVERSCAN;
  const last = Math.ceil((g.scrollLeft + g.width - g.start) / col) + OVERSCAN;
  return { first: Math.max(0, Math.min(g.cols, first)), last: Math.max(0, Math.min(g.cols, last)) };
}

/** The columns a row draws: the range, and the active column wherever it is (it is the grid's active descendant). */
export function drawnColumns(range: ColumnRange, active: number | null): number[] {
  const out: number[] = [];
  if (active !== null && active < range.first) out.push(active);
  for (let c = range.first; c < range.last; c++) out.push(c);
  if (active !== null && active >= range.last) out.push(active);
  return out;
}

/** The scroll position that brings column `col` into view, or null when it is in view already. */
function revealColumn(g: ColumnGeometry, col: number): number | null {
  if (g.cols <= ALL_COLUMNS || g.width <= 0) return null;
  const w = Math.max(g.minCol, (g.width - g.start) / g.cols);
  const left = g.start + col * w;
  if (left < g.scrollLeft) return left;
  if (left + w > g.scrollLeft + g.width) return Math.min(left, left + w - g.width);
  return null;
}

function remPx(): number {
  return Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

/**
 * Calls `set` with the box's horizontal scroll position once per frame while
 * it scrolls. A box is followed from when React has just made it, so it
 * starts at its left edge: reading `scrollLeft` there instead laid the whole
 * page out inside the task that shows a run's first results (19 ms of a
 * reload with a saved million-row list, in a trace).
 */
function followScroll(el: HTMLElement, set: (left: number) => void): { el: HTMLElement; stop(): void } {
  let frame = 0;
  const onScroll = () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      set(el.scrollLeft);
    });
  };
  el.addEventListener('scroll', onScroll, { passive: true });
  set(0);
  return {
    el,
    stop() {
      el.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    },
  };
}

/**
 * Follows the grid's horizontal scroll and returns the crawler columns to
 * draw (re-rendering only when that range changes). Keeps the active column
 * in view when it moves (arrow keys).
 */
export function useColumnWindow(
  scrollRef: RefObject<HTMLDivElement | null>,
  shape: { cols: number; width: number; start: number; active: number | null },
): ColumnRange {
  const { cols, width, start, active } = shape;
  const [scrollLeft, setScrollLeft] = useState(0);
  const [rem] = useState(remPx);
  const geometry: ColumnGeometry = { cols, width, scrollLeft, start, minCol: CRAWLER_COL_REM * rem };
  const range = columnRange(geometry);

  // The grid's scroll box comes and goes with the results: follow whichever is there.
  const followed = useRef<{ el: HTMLElement; stop(): void } | null>(null);
  useEffect(() => {
    const el = scrollRef.current;
    if (followed.current?.el === el) return;
    followed.current?.stop();
    followed.current = el && followScroll(el, setScrollLeft);
  });
  useEffect(
    () => () => {
      followed.current?.stop();
      followed.current = null;
    },
    [],
  );

  // A column chosen by the keyboard scrolls into view (the grid focuses by
  // aria-activedescendant, which does not scroll). Only when the active
  // column changes: the user may scroll away from it afterwards.
  const reveal = useRef((_col: number) => {});
  reveal.current = (col) => {
    const at = revealColumn(geometry, col);
    if (at !== null && scrollRef.current) scrollRef.current.scrollLeft = at;
  };
  useLayoutEffect(() => {
    if (active !== null) reveal.current(active);
  }, [active]);
  return range;
}
