import { describe, expect, it } from 'vitest';
import { highlightFor } from '../../src/app/highlight';
import type { ExplainResult, ParseSummary } from '../../src/model/wire';

/** A parse with one group spanning lines 1..n, and an explanation whose deciding rule is at `rule`. */
function cell(n: number, rule: number | null) {
  const parse = {
    groups: [{ index: 0, startLine: 1, endLine: n, agents: [], ruleCount: n - 1 }],
  } as unknown as ParseSummary;
  const explain = {
    fetchOutcome: null,
    verdict: { choice: { kind: 'specific', groups: [0] }, rule: rule === null ? null : { line: rule } },
  } as unknown as ExplainResult;
  return highlightFor(explain, parse)!;
}

describe('the highlighted group of a huge file (issue 10: a 10 MB paste)', () => {
  it('marks the whole of a small group', () => {
    expect(cell(5, 3)).toEqual({ groupLines: [1, 2, 3, 4, 5], ruleLine: 3 });
  });

  it('marks the 1,000 lines either side of the rule in a group of 500,000 lines', () => {
    const h = cell(500_000, 250_000);
    expect(h.groupLines.length).toBe(2001);
    expect(h.groupLines[0]).toBe(249_000);
    expect(h.groupLines.at(-1)).toBe(251_000);
  });

  it('marks from the group start when no rule decides', () => {
    const h = cell(500_000, null);
    expect(h.groupLines[0]).toBe(1);
    expect(h.groupLines.at(-1)).toBe(1001);
    expect(h.ruleLine).toBeNull();
  });
});
