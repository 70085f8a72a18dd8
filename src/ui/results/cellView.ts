import type { FetchOutcome } from '../../core/fetch';
import { CELL, ROW } from '../../model/codes';
import type { RuleLabels } from '../../model/wire';
import { sentence } from '../format';

/** What one verdict cell shows, worked out from the run's compact arrays. */
export interface CellView {
  /** "Allowed", "Blocked", "Not judged", "Invalid URL" or "Evaluating…". */
  verdict: string;
  icon: string;
  /** The CSS class and `data-verdict`: allowed, blocked, unjudged or pending. */
  cls: string;
  /** The deciding line and rule as written ("line 5 · Disallow: /x"), or why no rule decides: the cell's title. */
  detail: string;
  /** What fits under the verdict in a cell of fixed height: "line 5", or the reason in a few words. */
  brief: string;
}

/** The inputs of `cellView` that are the same for every cell of a run. */
export interface CellContext {
  outcome: FetchOutcome;
  fetchStatus: number;
  rules: RuleLabels;
  /** With other origins' files: the context of the file that judged a row of that origin. */
  otherOf?(url: string): CellContext | undefined;
  /** The robots.txt URL of another origin's context ("https://b.example/robots.txt"). */
  judgedBy?: string;
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
  if (pending)
    return { verdict: 'Evaluating…', icon: '…', cls: 'pending', detail: 'Not evaluated yet', brief: 'not yet' };
  if (status === CELL.OUT_OF_SCOPE)
    return {
      verdict: 'Not judged',
      icon: '⚠',
      cls: 'unjudged',
      detail: ctx.otherOf && note ? sentence(note) : 'Outside the robots.txt origin',
      brief: ctx.otherOf ? 'no file' : 'other site',
    };
  if (status === CELL.INVALID_URL)
    return {
      verdict: 'Invalid URL',
      icon: '⚠',
      cls: 'unjudged',
      detail: note ? sentence(note) : 'Cannot be read as a URL',
      brief: 'not a URL',
    };
  const allowed = status === CELL.ALLOWED;
  const base = allowed
    ? { verdict: 'Allowed', icon: '✓', cls: 'allowed' }
    : { verdict: 'Blocked', icon: '✕', cls: 'blocked' };
  if (ctx.outcome.mode !== 'rules') {
    const detail = ctx.fetchStatus === 0 ? 'Server unreachable' : `Server answered ${ctx.fetchStatus}`;
    return { ...base, detail, brief: ctx.fetchStatus === 0 ? 'unreachable' : `server ${ctx.fetchStatus}` };
  }
  if (line > 0) return { ...base, detail: `line ${line} · ${ctx.rules.get(line) ?? ''}`, brief: `line ${line}` };
  if (rowFlags & ROW.ROBOTS_TXT) return { ...base, detail: 'robots.txt is always allowed', brief: 'robots.txt' };
  return { ...base, detail: 'No rule matches', brief: 'no rule' };
}
