/** Which editor lines a selected cell's explanation lights up. */
import type { ResultHighlight } from '../editor/index';
import type { ExplainResult, ParseSummary } from '../model/wire';

/** How many lines either side of the deciding rule (or the group's start) get the group's highlight. */
const HIGHLIGHT_REACH = 1000;

/**
 * The lines of the groups the crawler obeys and the deciding rule's line
 * (docs/behaviour.md §5, §8); null when no rules decide (no verdict, or the
 * simulated fetch result decides instead).
 */
export function highlightFor(explain: ExplainResult | null, parse: ParseSummary | null): ResultHighlight | null {
  const v = explain?.verdict;
  if (!v || !parse || explain?.fetchOutcome) return null;
  const groupLines: number[] = [];
  const ruleLine = v.rule ? v.rule.line : null;
  if (v.choice.kind !== 'none') {
    const first = parse.groups[v.choice.groups[0]]?.startLine ?? 1;
    // A decoration per line of a huge group is slow: only the lines within HIGHLIGHT_REACH of the line shown are marked.
    const around = ruleLine ?? first;
    const lo = around - HIGHLIGHT_REACH;
    const hi = around + HIGHLIGHT_REACH;
    for (const gi of v.choice.groups) {
      const g = parse.groups[gi];
      if (!g) continue;
      for (let n = Math.max(g.startLine, lo); n <= Math.min(g.endLine, hi); n++) groupLines.push(n);
    }
  }
  return { groupLines, ruleLine };
}
