// @vitest-environment happy-dom
// The crawler columns a row of the verdict grid draws, and scrolling the
// active column into view, through the hook the grid uses, on a box whose
// width and scroll the test sets. Expected ranges worked out by hand.
import { act, createElement, createRef, type RefObject } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useColumnWindow } from '../../src/ui/results/columnWindow';

type Shape = { cols: number; width: number; start: number; active: number | null };

// The page's root font is 16 px, so a crawler column is at least 6.5 rem = 104 px.
// A grid of 100 crawler columns after a 280 px URL column, in a 1,000 px box:
// crawler column c spans [280 + 104c, 384 + 104c).
const wide: Shape = { cols: 100, width: 1000, start: 280, active: null };

/** Columns `first` to `last` (excluded), in order. */
function span(first: number, last: number): number[] {
  return Array.from({ length: last - first }, (_, i) => first + i);
}

let root: Root | null = null;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
});

type GridProps = Shape & { box: RefObject<HTMLDivElement | null>; seen: (columns: number[]) => void };

/**
 * The box's layout as a browser would give it (happy-dom lays nothing out):
 * its inner width, and its content as wide as the URL column and the crawler
 * columns at their width.
 */
function laidOut(el: HTMLElement, shape: Shape): void {
  const col = Math.max(104, (shape.width - shape.start) / shape.cols);
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: shape.width });
  Object.defineProperty(el, 'scrollWidth', {
    configurable: true,
    value: Math.max(shape.width, shape.start + shape.cols * col),
  });
}

/** A grid's scroll box using the hook, reporting the range it returns. */
function Grid({ box, seen, ...shape }: GridProps) {
  seen(useColumnWindow(box, shape));
  return createElement('div', {
    ref: (el: HTMLDivElement | null) => {
      box.current = el;
      if (el) laidOut(el, shape);
    },
  });
}

/** A grid box using the hook; `show` renders it with a shape, `scrollTo` scrolls it as a user would. */
function grid() {
  const box = createRef<HTMLDivElement>();
  let range: number[] | null = null;
  const seen = (r: number[]) => {
    range = r;
  };
  const host = document.createElement('div');
  document.body.append(host);
  const r = createRoot(host);
  root = r;
  return {
    show(shape: Shape): number[] | null {
      act(() => r.render(createElement(Grid, { ...shape, box, seen })));
      return range;
    },
    async scrollTo(left: number): Promise<number[] | null> {
      const el = box.current;
      if (!el) throw new Error('no grid box');
      el.scrollLeft = left;
      await act(async () => {
        el.dispatchEvent(new Event('scroll'));
        await new Promise((done) => requestAnimationFrame(() => done(null)));
      });
      return range;
    },
    scrollLeft: () => box.current?.scrollLeft,
  };
}

describe('the crawler columns a row of the verdict grid draws', () => {
  it('draws every column of a grid of 16 or fewer, whatever the scroll', async () => {
    const g = grid();
    g.show({ ...wide, cols: 16 });
    expect(await g.scrollTo(900)).toEqual(span(0, 16));
    expect(grid().show({ ...wide, cols: 3 })).toEqual(span(0, 3));
  });

  it('draws every column before the box has a width (nothing is laid out yet)', () => {
    expect(grid().show({ ...wide, width: 0 })).toEqual(span(0, 100));
  });

  it('draws the columns in view and two more either side', async () => {
    const g = grid();
    // In view at 0: x up to 1000 reaches column 6 (904..1008); two more: columns 0..8.
    expect(g.show(wide)).toEqual(span(0, 9));
    // At 3,000: x 3000..4000 holds columns 26 (2984..3088) to 35 (3920..4024); two more either side.
    expect(await g.scrollTo(3000)).toEqual(span(24, 38));
    // Scrolled to the end (10,680 − 1,000): column 90 (9640..9744) is the first in view; none past the last.
    expect(await g.scrollTo(280 + 10400 - 1000)).toEqual(span(88, 100));
  });

  it('keeps each column at its minimum width when the box is too narrow for all of them', () => {
    // 50 columns in 4,280 px would be 80 px each: they stay 104 px, so x up to 4280 reaches
    // column 38 (4232..4336); two more.
    expect(grid().show({ ...wide, cols: 50, width: 4280 })).toEqual(span(0, 41));
  });

  it('starts at the left edge when rows stack (no URL column beside the verdicts)', async () => {
    const g = grid();
    g.show({ cols: 40, width: 390, start: 0, active: null });
    // x 1040..1430: columns 10 (1040..1144) to 13 (1352..1456); two more either side.
    expect(await g.scrollTo(1040)).toEqual(span(8, 16));
  });

  it('keeps the active column, in column order, when the view scrolls away from it', async () => {
    const g = grid();
    expect(g.show({ ...wide, active: 2 })).toEqual(span(0, 9));
    expect(await g.scrollTo(3000)).toEqual([2, ...span(24, 38)]);
    const h = grid();
    h.show({ ...wide, cols: 40, start: 0, width: 390 });
    await h.scrollTo(1040);
    // Column 30 (3120..3224) is made active and brought into view; then the view scrolls back to the start.
    h.show({ cols: 40, width: 390, start: 0, active: 30 });
    expect(await h.scrollTo(0)).toEqual([...span(0, 6), 30]);
  });
});

describe('scrolling the active column into view', () => {
  it('leaves a column in view where it is', async () => {
    const g = grid();
    g.show({ ...wide, active: 2 });
    expect(g.scrollLeft()).toBe(0);
    await g.scrollTo(3000);
    g.show({ ...wide, active: 30 }); // 3400..3504
    expect(g.scrollLeft()).toBe(3000);
  });

  it('scrolls right just enough to show a column past the right edge', () => {
    const g = grid();
    // Column 7 spans 1008..1112: the view must end at 1112.
    g.show({ ...wide, active: 7 });
    expect(g.scrollLeft()).toBe(112);
    const h = grid();
    h.show({ ...wide, active: 99 }); // 10576..10680
    expect(h.scrollLeft()).toBe(280 + 10400 - 1000);
  });

  it('scrolls left to the start of a column past the left edge', async () => {
    const g = grid();
    g.show(wide);
    await g.scrollTo(3000);
    g.show({ ...wide, active: 10 }); // 1320..1424
    expect(g.scrollLeft()).toBe(1320);
    await g.scrollTo(3000);
    g.show({ ...wide, active: 0 });
    expect(g.scrollLeft()).toBe(280);
  });

  it('never scrolls a grid that draws every column', () => {
    const g = grid();
    g.show({ ...wide, cols: 16, active: 15 });
    expect(g.scrollLeft()).toBe(0);
  });
});
