/** Which editor lines a selected cell's explanation lights up. */
import type { ResultHighlight } from '../editor/index';
import type { ExplainResult, ParseSummary } from '../worker/protocol';

/**
 * The lines of the groups the crawler obeys and the deciding rule's line
 * (docs/behaviour.md §5, §8); null when no rules decide (no verdict, or the
 * simulated fetch result decides instead).
 */
export function highlightFor(explain: ExplainResult | null, parse: ParseSummary | null): ResultHighlight | null {
  const v = explain?.verdict;
  if (!v || !parse || explain?.fetchOutcome) return null;
  const groupLines: number[] = [];
  if (v.choice.kind !== 'none') {
    for (const gi of v.choice.groups) {
      const g = parse.groups[gi];
      if (!g) continue;
      for (let n = g.startLine; n <= g.endLine; n++) groupLines.push(n);
    }
  }
  return { groupLines, ruleLine: v.rule ? v.rule.line : null };
}
