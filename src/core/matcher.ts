/**
 * Rule matching inside the obeyed groups: longest pattern wins, allow wins
 * ties, the index.html rule. This is the straightforward matcher; it scans
 * every rule of the obeyed groups.
 */
import type { ParsedRobots, Rule, RuleMatch } from './types';
import { indexHtmlAlternative, matchesPattern } from './pattern';
import { asciiLower } from './reference';

/** Which groups name a token, and which are `*` groups that do not. */
export interface GroupSelection {
  specific: number[];
  specificAgentLines: number[];
  global: number[];
  globalAgentLines: number[];
}

/** Group selection for one token, cached on the parsed file. */
export function groupSelection(parsed: ParsedRobots, token: string): GroupSelection {
  const lower = asciiLower(token);
  const key = 'sel:' + lower;
  const cached = parsed.cache.get(key) as GroupSelection | undefined;
  if (cached) return cached;
  const sel: GroupSelection = { specific: [], specificAgentLines: [], global: [], globalAgentLines: [] };
  for (const g of parsed.groups) {
    let named = false;
    let star = false;
    const namedLines: number[] = [];
    const starLines: number[] = [];
    for (const a of g.agents) {
      if (a.isGlobal) {
        star = true;
        starLines.push(a.line);
      } else if (asciiLower(a.productToken) === lower) {
        named = true;
        namedLines.push(a.line);
      }
    }
    if (named) {
      sel.specific.push(g.index);
      sel.specificAgentLines.push(...namedLines);
    } else if (star) {
      sel.global.push(g.index);
      sel.globalAgentLines.push(...starLines);
    }
  }
  parsed.cache.set(key, sel);
  return sel;
}

/** The outcome of matching a path against a set of groups. */
export interface Decision {
  allowed: boolean;
  /** The deciding rule (priority > 0), or null. */
  rule: RuleMatch | null;
  tie: boolean;
  /** Every matching rule (when collected), longest first, then by line. */
  matches: RuleMatch[];
}

/** Every rule of `groups` that matches `path`, longest first, then by line (for explanations). */
export function collectMatches(parsed: ParsedRobots, groups: readonly number[], path: string): RuleMatch[] {
  return decideInGroups(parsed, groups, path, true).matches;
}

/** The allow/disallow rule at a physical line, or undefined. */
export function ruleAtLine(parsed: ParsedRobots, line: number): Rule | undefined {
  let byLine = parsed.cache.get('rulesByLine') as (Rule | undefined)[] | undefined;
  if (!byLine) {
    byLine = new Array<Rule | undefined>(parsed.lines.length + 1).fill(undefined);
    for (const g of parsed.groups) for (const r of g.rules) byLine[r.line] = r;
    parsed.cache.set('rulesByLine', byLine);
  }
  return byLine[line];
}

/**
 * Matches `path` against every rule of `groups` (merged) and decides as the
 * reference does: disallowed iff the longest matching disallow is longer than
 * the longest matching allow; the first line wins among equally long matches.
 */
export function decideInGroups(parsed: ParsedRobots, groups: readonly number[], path: string, collect: boolean): Decision {
  let allow: RuleMatch | null = null;
  let disallow: RuleMatch | null = null;
  const matches: RuleMatch[] = [];
  for (const gi of groups) {
    for (const r of parsed.groups[gi].rules) {
      let length = -1;
      let viaIndexHtml = false;
      let pattern = r.pattern;
      if (matchesPattern(path, r.pattern)) {
        length = r.length;
      } else if (r.kind === 'allow') {
        const alt = indexHtmlAlternative(r.pattern);
        if (alt !== null && matchesPattern(path, alt)) {
          length = alt.length;
          viaIndexHtml = true;
          pattern = alt;
        }
      }
      if (length < 0) continue;
      const m: RuleMatch = { kind: r.kind, line: r.line, pattern, raw: r.raw, length, group: gi, viaIndexHtml };
      if (collect) matches.push(m);
      if (r.kind === 'allow') {
        if (!allow || length > allow.length) allow = m;
      } else if (!disallow || length > disallow.length) {
        disallow = m;
      }
    }
  }
  const a = allow ? allow.length : -1;
  const d = disallow ? disallow.length : -1;
  if (collect) matches.sort((x, y) => y.length - x.length || x.line - y.line);
  if (a <= 0 && d <= 0) return { allowed: true, rule: null, tie: false, matches };
  const blocked = d > a;
  return { allowed: !blocked, rule: blocked ? disallow : allow, tie: !blocked && a === d, matches };
}
