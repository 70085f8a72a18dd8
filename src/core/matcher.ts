/**
 * Which groups a token names, and the rule at a line. Verdicts and the
 * lists of matching rules come from the compiled matcher (compiled.ts).
 */

import { asciiLower } from './reference';
import type { ParsedRobots, Rule } from './types';

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
  const key = `sel:${lower}`;
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

/** How a rule is shown to people everywhere (reasons, tables, exports): `Allow: /path` or `Disallow: /path`, as written. */
export function ruleLabel(kind: 'allow' | 'disallow', raw: string): string {
  return `${kind === 'allow' ? 'Allow' : 'Disallow'}: ${raw}`;
}
