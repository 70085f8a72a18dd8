import { describe, expect, it } from 'vitest';
import { highlightFor } from '../../src/app/highlight';
import { CELL, ROW } from '../../src/model/codes';
import type { ParseSummary } from '../../src/model/wire';
import type { RunResults } from '../../src/state/store';

/** A parse with one group spanning lines 1..n, and a one-cell run whose deciding rule is at `rule` (0: none). */
function lit(n: number, rule: number, status: number = CELL.BLOCKED, rulesDecide = true, flags = 0) {
  const parse = {
    groups: [{ index: 0, startLine: 1, endLine: n, agents: [] }],
  } as unknown as ParseSummary;
  const run = {
    crawlers: [{ label: 'x' }],
    obeyed: [[0]],
    rulesDecide,
    status: Uint8Array.of(status),
    lines: Int32Array.of(rule),
    rowFlags: Uint8Array.of(flags),
    done: 1,
  } as unknown as RunResults;
  return highlightFor(run, { row: 0, col: 0 }, parse);
}

describe('the highlight of a selected cell, read from the run', () => {
  it('marks the whole of a small group and the deciding rule', () => {
    expect(lit(5, 3)).toEqual({ groupLines: [1, 2, 3, 4, 5], ruleLine: 3 });
  });

  it('marks the 1,000 lines either side of the rule in a group of 500,000 lines', () => {
    const h = lit(500_000, 250_000)!;
    expect(h.groupLines.length).toBe(2001);
    expect(h.groupLines[0]).toBe(249_000);
    expect(h.groupLines.at(-1)).toBe(251_000);
  });

  it('marks from the group start when no rule decides', () => {
    const h = lit(500_000, 0, CELL.ALLOWED)!;
    expect(h.groupLines[0]).toBe(1);
    expect(h.groupLines.at(-1)).toBe(1001);
    expect(h.ruleLine).toBeNull();
  });

  it('lights nothing for a URL not judged, judged by another origin, or when the fetch result decides', () => {
    expect(lit(5, 0, CELL.OUT_OF_SCOPE)).toBeNull();
    expect(lit(5, 0, CELL.INVALID_URL)).toBeNull();
    expect(lit(5, 3, CELL.BLOCKED, false)).toBeNull();
    expect(lit(5, 3, CELL.BLOCKED, true, ROW.OTHER_ORIGIN)).toBeNull();
  });
});
