/**
 * What the page's live region says (src/ui/Announcer.tsx): one sentence per
 * selected cell, naming the verdict, the deciding rule and the obeyed group
 * (docs/behaviour.md §5, §8), and one at the start and end of a long run.
 */
import { ruleLabel } from '../core/matcher';
import type { ExplainResult, ParseSummary } from '../model/wire';
import { countOf } from './format';

/** "lines 4–8", "line 4", "lines 1–3 and 7–9" for the obeyed groups (spoken, and in the explanation). */
export function groupLines(groups: readonly number[], parse: ParseSummary | null): string {
  const spans = groups
    .map((gi) => parse?.groups[gi])
    .filter((g) => g !== undefined)
    .map((g) => (g.startLine === g.endLine ? `${g.startLine}` : `${g.startLine}–${g.endLine}`));
  if (spans.length === 0) return '';
  const list = spans.length === 1 ? spans[0] : `${spans.slice(0, -1).join(', ')} and ${spans[spans.length - 1]}`;
  const single = spans.length === 1 && !spans[0].includes('–');
  return `${single ? 'line' : 'lines'} ${list}`;
}

/**
 * "Googlebot, /x: blocked by line 8, Disallow: /x, in the group of lines 4–8."
 * for the explanation of a selected cell.
 */
export function cellAnnouncement(e: ExplainResult, parse: ParseSummary | null): string {
  const head = `${e.crawler.label}, ${e.input}:`;
  if (e.error) return `${head} not judged: ${e.error}.`;
  if (e.outOfScope) return `${head} not judged: ${e.outOfScope}`;
  if (e.fetchOutcome) return `${head} ${e.fetchOutcome}`;
  const v = e.verdict;
  if (!v) return `${head} no verdict.`;
  const verdict = v.allowed ? 'allowed' : 'blocked';
  if (v.robotsTxtItself) return `${head} allowed: the robots.txt itself is always allowed.`;
  if (v.choice.kind === 'none') return `${head} ${verdict}: no group applies to this crawler.`;
  const lines = groupLines(v.choice.groups, parse);
  const where = v.choice.kind === 'global' ? 'the * group' : 'the group';
  const group = lines ? `${where} of ${lines}` : where;
  if (!v.rule) return `${head} ${verdict}: no rule matches, in ${group}.`;
  return `${head} ${verdict} by line ${v.rule.line}, ${ruleLabel(v.rule.kind, v.rule.raw)}, in ${group}.`;
}

/** "Evaluating 5,000 URLs × 3 crawlers." */
export function runStartAnnouncement(urls: number, crawlers: number): string {
  return `Evaluating ${countOf(urls, 'URL')} × ${countOf(crawlers, 'crawler')}.`;
}

/** "Done: 5,000 URLs × 3 crawlers evaluated." */
export function runDoneAnnouncement(urls: number, crawlers: number): string {
  return `Done: ${countOf(urls, 'URL')} × ${countOf(crawlers, 'crawler')} evaluated.`;
}
