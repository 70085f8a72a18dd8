/**
 * A verdict and its explanation. Deciding costs one walk of the compiled
 * rules; explaining (every matching rule, and a sentence) costs a second,
 * fuller walk and some strings. Most callers only read `allowed` and
 * `rule`, so the explanation is made the first time it is read, and kept.
 */

import type { CompiledRules } from './compiled';
import { ruleAtLine, ruleLabel } from './matcher';
import { indexHtmlAlternative } from './pattern';
import type { GroupChoice, ParsedRobots, RuleMatch, Verdict } from './types';

/** What a verdict's explanation is made from: a crawler's group choice on one parsed file. */
export interface ExplainSource {
  parsed: ParsedRobots;
  /** The crawler's tokens, in order. */
  tokens: readonly string[];
  /** The crawler ignores the `*` group. */
  ignoresGlobal: boolean;
  choice: GroupChoice;
  /** The obeyed groups' rules, compiled (null when no group is obeyed). */
  compiled: CompiledRules | null;
}

/**
 * A verdict whose `matches` and `reason` are computed when first read.
 * The explanation's inputs sit in private fields, so a spread, JSON or a
 * structured clone never sees them; but a structured clone (postMessage)
 * does not run getters either: send `toPlainVerdict(v)` instead.
 */
export class LazyVerdict implements Verdict {
  readonly allowed: boolean;
  readonly rule: RuleMatch | null;
  readonly choice: GroupChoice;
  readonly tie: boolean;
  readonly path: string;
  readonly robotsTxtItself: boolean;
  #source: ExplainSource;
  #matches: RuleMatch[] | null = null;
  #reason: string | null = null;

  constructor(
    source: ExplainSource,
    path: string,
    allowed: boolean,
    rule: RuleMatch | null,
    tie: boolean,
    robotsTxtItself: boolean,
  ) {
    this.allowed = allowed;
    this.rule = rule;
    this.choice = source.choice;
    this.tie = tie;
    this.path = path;
    this.robotsTxtItself = robotsTxtItself;
    this.#source = source;
  }

  /** Every rule of the obeyed groups that matched, longest first, then by line. */
  get matches(): RuleMatch[] {
    const compiled = this.#source.compiled;
    return (this.#matches ??= compiled ? matchingRules(this.#source.parsed, compiled, this.path) : []);
  }

  /** A one-sentence explanation of the verdict. */
  get reason(): string {
    return (this.#reason ??= reasonFor(this, this.#source));
  }

  /** The verdict as a plain object, explanation included (JSON.stringify calls this). */
  toJSON(): Verdict {
    return toPlainVerdict(this);
  }
}

/**
 * A verdict as a plain data object, its explanation computed: what to send
 * through postMessage, whose structured clone copies own data properties
 * only (a `LazyVerdict`'s `matches` and `reason` are getters).
 */
export function toPlainVerdict(v: Verdict): Verdict {
  return {
    allowed: v.allowed,
    rule: v.rule,
    choice: v.choice,
    matches: v.matches,
    tie: v.tie,
    path: v.path,
    reason: v.reason,
    robotsTxtItself: v.robotsTxtItself,
  };
}

/** A rule as it matched: by its own pattern, or by its index.html reading. */
export function ruleMatch(parsed: ParsedRobots, line: number, viaIndexHtml: boolean): RuleMatch {
  const r = ruleAtLine(parsed, line)!;
  const pattern = viaIndexHtml ? indexHtmlAlternative(r.pattern)! : r.pattern;
  return {
    kind: r.kind,
    line,
    pattern,
    raw: r.raw,
    length: viaIndexHtml ? pattern.length : r.length,
    group: r.group,
    viaIndexHtml,
  };
}

/**
 * Every rule of the obeyed groups that matches `path`, longest first, then
 * by line. An allow rule that matches only by its index.html reading is
 * listed with that reading; one that matches by its own pattern is listed
 * once, by it.
 */
function matchingRules(parsed: ParsedRobots, compiled: CompiledRules, path: string): RuleMatch[] {
  const codes = compiled.listMatches(path);
  const listed = new Set<number>();
  for (const c of codes) if ((c & 1) === 0) listed.add(c >> 1);
  const out: RuleMatch[] = [];
  for (const c of codes) {
    const line = c >> 1;
    if ((c & 1) === 0) out.push(ruleMatch(parsed, line, false));
    else if (!listed.has(line)) {
      listed.add(line);
      out.push(ruleMatch(parsed, line, true));
    }
  }
  return out.sort((x, y) => y.length - x.length || x.line - y.line);
}

/** Why no group applies: no group names the crawler, and it has no `*` group to fall back to. */
function noGroupReason({ tokens, ignoresGlobal, parsed }: ExplainSource): string {
  const who = tokens[0] ?? '(no token)';
  if (ignoresGlobal && parsed.groups.some((g) => g.agents.some((a) => a.isGlobal))) {
    return `Allowed: no group names ${who}, and this crawler ignores the * group.`;
  }
  return parsed.groups.length === 0
    ? 'Allowed: the file has no groups, so nothing is restricted.'
    : `Allowed: no group names ${who} and there is no * group.`;
}

/** The obeyed group(s) and their user-agent lines, as the reason names them. */
function groupPhrase(choice: GroupChoice, tokens: readonly string[]): string {
  if (choice.kind === 'none') return '';
  const who =
    choice.kind === 'named'
      ? `the group for ${choice.token}${choice.token !== tokens[0] ? ` (${tokens[0]} falls back to ${choice.token})` : ''}`
      : 'the * group';
  return `${who} (user-agent line${choice.agentLines.length > 1 ? 's' : ''} ${choice.agentLines.join(', ')})`;
}

function reasonFor(v: Verdict, source: ExplainSource): string {
  if (v.robotsTxtItself) {
    return 'Allowed: /robots.txt itself is always fetchable (RFC 9309 §2.2.2); no rule applies to it.';
  }
  if (v.choice.kind === 'none') return noGroupReason(source);
  const group = groupPhrase(v.choice, source.tokens);
  const r = v.rule;
  if (!r) return `Allowed: no rule in ${group} matches ${v.path}.`;
  const extra = r.viaIndexHtml ? `, read as ${r.pattern} by the index.html rule` : '';
  return (
    `${v.allowed ? 'Allowed' : 'Blocked'} by line ${r.line} "${ruleLabel(r.kind, r.raw)}"${extra}: ` +
    `the longest matching rule (${r.length} byte${r.length === 1 ? '' : 's'}) in ${group}` +
    (v.tie ? '; a disallow rule of the same length also matches, and allow wins ties.' : '.')
  );
}
