import { describe, expect, it } from 'vitest';
import { columnRange, drawnColumns, revealColumn } from '../../src/ui/results/columnWindow';

// A grid of 100 crawler columns of 160 px after a 280 px URL column, in a 1,000 px box:
// crawler column c spans [280 + 160c, 440 + 160c).
const wide = { cols: 100, width: 1000, scrollLeft: 0, start: 280, minCol: 160 };

describe('the crawler columns a row of the verdict grid draws', () => {
  it('draws every column of a grid of 16 or fewer, whatever the scroll', () => {
    expect(columnRange({ ...wide, cols: 16, scrollLeft: 900 })).toEqual({ first: 0, last: 16 });
    expect(columnRange({ ...wide, cols: 3 })).toEqual({ first: 0, last: 3 });
  });

  it('draws every column before the box has a width (nothing is laid out yet)', () => {
    expect(columnRange({ ...wide, width: 0 })).toEqual({ first: 0, last: 100 });
  });

  it('draws the columns in view and two more either side', () => {
    // In view at 0: x up to 1000 reaches column 4 (920..1080); two more: columns 0..6.
    expect(columnRange(wide)).toEqual({ first: 0, last: 7 });
    // At 3,000: x 3000..4000 holds columns 17 (3000..3160) to 23 (3960..4120); two more either side.
    expect(columnRange({ ...wide, scrollLeft: 3000 })).toEqual({ first: 15, last: 26 });
    // Scrolled to the end: the last column is drawn, none past it.
    expect(columnRange({ ...wide, scrollLeft: 280 + 16000 - 1000 })).toEqual({ first: 91, last: 100 });
  });

  it('widens columns that share a box wider than their minimum (the template is minmax(min, 1fr))', () => {
    // 20 columns in 4,280 px: each 200 px wide, not 160, so x 0..4280 holds all of them.
    expect(columnRange({ ...wide, cols: 20, width: 4280 })).toEqual({ first: 0, last: 20 });
    // At 160 px the same box would hold 25: the last would be column 19 anyway. With 30 columns
    // of 160 px (4,800 + 280 > 4,280), x up to 4280 reaches column 24 (4120..4280); two more.
    expect(columnRange({ ...wide, cols: 30, width: 4280 })).toEqual({ first: 0, last: 27 });
  });

  it('starts at the left edge when rows stack (no URL column beside the verdicts)', () => {
    const narrow = { cols: 40, width: 390, scrollLeft: 1040, start: 0, minCol: 104 };
    // x 1040..1430: columns 10..13 (1352..1456); two more either side.
    expect(columnRange(narrow)).toEqual({ first: 8, last: 16 });
  });

  it('adds the active column where it lies outside the range, in column order', () => {
    expect(drawnColumns({ first: 3, last: 6 }, null)).toEqual([3, 4, 5]);
    expect(drawnColumns({ first: 3, last: 6 }, 4)).toEqual([3, 4, 5]);
    expect(drawnColumns({ first: 3, last: 6 }, 0)).toEqual([0, 3, 4, 5]);
    expect(drawnColumns({ first: 3, last: 6 }, 90)).toEqual([3, 4, 5, 90]);
  });
});

describe('scrolling the active column into view', () => {
  it('leaves a column in view where it is', () => {
    expect(revealColumn(wide, 2)).toBeNull();
    expect(revealColumn({ ...wide, scrollLeft: 3000 }, 17)).toBeNull();
  });

  it('scrolls right just enough to show a column past the right edge', () => {
    // Column 5 spans 1080..1240: the view must end at 1240.
    expect(revealColumn(wide, 5)).toBe(240);
    expect(revealColumn(wide, 99)).toBe(280 + 16000 - 1000);
  });

  it('scrolls left to the start of a column past the left edge', () => {
    expect(revealColumn({ ...wide, scrollLeft: 3000 }, 10)).toBe(1880);
    expect(revealColumn({ ...wide, scrollLeft: 3000 }, 0)).toBe(280);
  });

  it('never scrolls a grid that draws every column', () => {
    expect(revealColumn({ ...wide, cols: 16 }, 15)).toBeNull();
  });
});
