/**
 * Which groups a token names, and the rules that match a path for an
 * explanation (a plain scan of the obeyed groups). Verdicts come from the
 * compiled matcher (compiled.ts).
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

/**
 * Every rule of `groups` (merged) that matches `path`, longest first, then by
 * line, for explanations. An allow that matches only through the index.html
 * rule is listed with that reading. The verdict itself comes from the
 * compiled matcher; this scan only lists.
 */
export function collectMatches(parsed: ParsedRobots, groups: readonly number[], path: string): RuleMatch[] {
  const matches: RuleMatch[] = [];
  for (const gi of groups) {
    for (const r of parsed.groups[gi].rules) {
      if (matchesPattern(path, r.pattern)) {
        matches.push({ kind: r.kind, line: r.line, pattern: r.pattern, raw: r.raw, length: r.length, group: gi, viaIndexHtml: false });
      } else if (r.kind === 'allow') {
        const alt = indexHtmlAlternative(r.pattern);
        if (alt !== null && matchesPattern(path, alt)) {
          matches.push({ kind: r.kind, line: r.line, pattern: alt, raw: r.raw, length: alt.length, group: gi, viaIndexHtml: true });
        }
      }
    }
  }
  return matches.sort((x, y) => y.length - x.length || x.line - y.line);
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
