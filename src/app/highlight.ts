/** Which editor lines a selected cell lights up, read from the run's own results. */
import type { ResultHighlight } from '../editor/index';
import { CELL, ROW } from '../model/codes';
import type { ParseSummary } from '../model/wire';
import type { RunResults } from '../state/store';

/** How many lines either side of the deciding rule (or the group's start) get the group's highlight. */
const HIGHLIGHT_REACH = 1000;

/**
 * The lines of the groups the cell's crawler obeys and the deciding rule's
 * line (docs/behaviour.md §5, §8), as the run found them; null when no rules
 * decide (the URL was not judged, or the simulated fetch result decides),
 * or another origin's file judged it.
 */
export function highlightFor(
  r: RunResults | null,
  cell: { row: number; col: number } | null,
  parse: ParseSummary | null,
): ResultHighlight | null {
  if (!r || !cell || !parse || !r.rulesDecide || cell.row >= r.done || cell.col >= r.crawlers.length) return null;
  const i = cell.row * r.crawlers.length + cell.col;
  const status = r.status[i];
  if (status !== CELL.ALLOWED && status !== CELL.BLOCKED) return null;
  // Another origin's file judged the row: its lines are not the editor's, nothing there to light up.
  if (r.rowFlags[cell.row] & ROW.OTHER_ORIGIN) return null;
  const ruleLine = r.lines[i] || null;
  const groups = r.obeyed[cell.col] ?? [];
  const groupLines: number[] = [];
  // A decoration per line of a huge group is slow: only the lines within HIGHLIGHT_REACH of the line shown are marked.
  const around = ruleLine ?? parse.groups[groups[0]]?.startLine ?? 1;
  const lo = around - HIGHLIGHT_REACH;
  const hi = around + HIGHLIGHT_REACH;
  for (const gi of groups) {
    const g = parse.groups[gi];
    if (!g) continue;
    for (let n = Math.max(g.startLine, lo); n <= Math.min(g.endLine, hi); n++) groupLines.push(n);
  }
  return { groupLines, ruleLine };
}
