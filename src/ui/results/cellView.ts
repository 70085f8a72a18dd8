import type { FetchOutcome } from '../../worker/fetchStatus';
import { CELL, ROW, type RuleLabels } from '../../worker/protocol';
import { sentence } from '../format';

/** What one verdict cell shows, worked out from the run's compact arrays. */
export interface CellView {
  /** "Allowed", "Blocked", "Not judged", "Invalid URL" or "Evaluating…". */
  verdict: string;
  icon: string;
  /** The CSS class and `data-verdict`: allowed, blocked, unjudged or pending. */
  cls: string;
  /** The deciding line and rule as written ("line 5 · Disallow: /x", shown whole), or why no rule decides. */
  detail: string;
}

/** The inputs of `cellView` that are the same for every cell of a run. */
export interface CellContext {
  outcome: FetchOutcome;
  fetchStatus: number;
  rules: RuleLabels;
}

/** Describes a cell: its verdict and the rule (or the reason) behind it. */
export function cellView(
  status: number,
  line: number,
  pending: boolean,
  rowFlags: number,
  note: string | undefined,
  ctx: CellContext,
): CellView {
  if (pending) return { verdict: 'Evaluating…', icon: '…', cls: 'pending', detail: 'Not evaluated yet' };
  if (status === CELL.OUT_OF_SCOPE)
    return { verdict: 'Not judged', icon: '⚠', cls: 'unjudged', detail: 'Outside the robots.txt origin' };
  if (status === CELL.INVALID_URL)
    return {
      verdict: 'Invalid URL',
      icon: '⚠',
      cls: 'unjudged',
      detail: note ? sentence(note) : 'Cannot be read as a URL',
    };
  const allowed = status === CELL.ALLOWED;
  const base = allowed
    ? { verdict: 'Allowed', icon: '✓', cls: 'allowed' }
    : { verdict: 'Blocked', icon: '✕', cls: 'blocked' };
  let detail: string;
  if (ctx.outcome.mode !== 'rules')
    detail = ctx.fetchStatus === 0 ? 'Server unreachable' : `Server answered ${ctx.fetchStatus}`;
  else if (line > 0) detail = `line ${line} · ${ctx.rules.get(line) ?? ''}`;
  else if (rowFlags & ROW.ROBOTS_TXT) detail = 'robots.txt is always allowed';
  else detail = 'No rule matches';
  return { ...base, detail };
}
