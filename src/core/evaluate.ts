/**
 * Verdicts: which group a crawler obeys, which rule wins, and why.
 * Reproduces the reference's decision (robots.cc RobotsMatcher::disallow and
 * matching_line) for one product token, and walks a crawler profile's tokens
 * in order (SPEC §5).
 */

import { type CompiledRules, compileRules } from './compiled';
import { groupSelection, ruleAtLine, ruleLabel } from './matcher';
import { indexHtmlAlternative, matchesPattern } from './pattern';
import { getPathParamsQuery } from './reference';
import type { CrawlerProfile, GroupChoice, ParsedRobots, RuleMatch, Verdict } from './types';

export interface EvaluateOptions {
  /**
   * Answer "allowed" for /robots.txt itself, as RFC 9309 says crawlers do
   * (the reference library does not special-case it). Default true.
   */
  robotsTxtAlwaysAllowed?: boolean;
  /**
   * Collect every matching rule and write the reason sentence (default
   * true). Off for bulk checks: `matches` is then empty and `reason` ''.
   */
  explain?: boolean;
}

/**
 * Decides whether `url` may be fetched by the crawler whose product token is
 * `userAgent` (used as given, compared case-insensitively), exactly as the
 * reference does. The URL is taken byte-exact: normalise it first with
 * `toRequestUrl` if it is what a user typed.
 */
export function evaluate(parsed: ParsedRobots, url: string, userAgent: string, options: EvaluateOptions = {}): Verdict {
  return evaluateWithPlan(parsed, getPathParamsQuery(url), tokenPlan(parsed, userAgent), false, options);
}

/** Evaluates for a crawler profile: its tokens in order, then `*` unless it ignores `*`. */
export function evaluateProfile(
  parsed: ParsedRobots,
  url: string,
  profile: CrawlerProfile,
  options: EvaluateOptions = {},
): Verdict {
  return evaluatePath(parsed, getPathParamsQuery(url), profile.tokens, profile.ignoresGlobal, options);
}

/** Evaluates for an ordered list of tokens (the first one that some group names is obeyed). */
export function evaluateTokens(
  parsed: ParsedRobots,
  url: string,
  tokens: readonly string[],
  ignoresGlobal = false,
  options: EvaluateOptions = {},
): Verdict {
  return evaluatePath(parsed, getPathParamsQuery(url), tokens, ignoresGlobal, options);
}

/** Reused by every evaluation: allowLength, allowLine, disallowLength, disallowLine. */
const scratch = new Int32Array(4);

function evaluatePath(
  parsed: ParsedRobots,
  path: string,
  tokens: readonly string[],
  ignoresGlobal: boolean,
  options: EvaluateOptions,
): Verdict {
  return evaluateWithPlan(parsed, path, planFor(parsed, tokens, ignoresGlobal), ignoresGlobal, options);
}

function evaluateWithPlan(
  parsed: ParsedRobots,
  path: string,
  plan: Plan,
  ignoresGlobal: boolean,
  options: EvaluateOptions,
): Verdict {
  const tokens = plan.tokens;
  const choice = plan.choice;
  const explain = options.explain !== false;
  if ((options.robotsTxtAlwaysAllowed ?? true) && path === '/robots.txt') {
    return {
      allowed: true,
      rule: null,
      choice,
      matches: explain && plan.compiled ? listMatches(parsed, plan.compiled, path) : [],
      tie: false,
      path,
      reason: 'Allowed: /robots.txt itself is always fetchable (RFC 9309 §2.2.2); no rule applies to it.',
      robotsTxtItself: true,
    };
  }
  if (choice.kind === 'none') {
    return {
      allowed: true,
      rule: null,
      choice,
      matches: [],
      tie: false,
      path,
      reason: noGroupReason(tokens, ignoresGlobal, parsed),
      robotsTxtItself: false,
    };
  }
  const d = scratch;
  plan.compiled!.detailInto(path, d);
  const allowLength = d[0];
  const disallowLength = d[2];
  const decided = allowLength > 0 || disallowLength > 0;
  const blocked = decided && disallowLength > allowLength;
  const line = !decided ? 0 : blocked ? d[3] : d[1];
  const rule = line ? ruleMatchAt(parsed, line, path) : null;
  const tie = decided && !blocked && allowLength === disallowLength;
  if (!explain) {
    // Bulk checks: no list of matches, no sentence.
    return { allowed: !blocked, rule, choice, matches: NO_MATCHES, tie, path, reason: '', robotsTxtItself: false };
  }
  const decision: Decision = { allowed: !blocked, rule, tie, matches: listMatches(parsed, plan.compiled!, path) };
  return verdictFrom(decision, choice, path, tokens);
}

/** The (empty, frozen) match list of verdicts made without explanation. */
const NO_MATCHES: RuleMatch[] = Object.freeze([]) as unknown as RuleMatch[];

interface Decision {
  allowed: boolean;
  rule: RuleMatch | null;
  tie: boolean;
  matches: RuleMatch[];
}

/** The group choice and compiled rules for a crawler, made once per parsed file. */
interface Plan {
  /** The crawler's tokens, in order. */
  tokens: readonly string[];
  choice: GroupChoice;
  compiled: CompiledRules | null;
}

interface PlanCache {
  /** Single tokens (evaluate). */
  byToken: Map<string, Plan>;
  /** Token lists by identity (a profile's tokens array), then by content. */
  byList: WeakMap<readonly string[], Plan>;
  byKey: Map<string, Plan>;
}

function planCache(parsed: ParsedRobots, ignoresGlobal: boolean): PlanCache {
  const cacheKey = ignoresGlobal ? 'plans!' : 'plans';
  let cache = parsed.cache.get(cacheKey) as PlanCache | undefined;
  if (!cache) {
    cache = { byToken: new Map(), byList: new WeakMap(), byKey: new Map() };
    parsed.cache.set(cacheKey, cache);
  }
  return cache;
}

function makePlan(parsed: ParsedRobots, tokens: readonly string[], ignoresGlobal: boolean): Plan {
  const choice = chooseGroups(parsed, tokens, ignoresGlobal);
  return { tokens, choice, compiled: choice.kind === 'none' ? null : compiledFor(parsed, choice.groups) };
}

/**
 * The last plan `tokenPlan` returned: a bulk run asks for the same file and
 * token again and again. (This keeps the last file evaluated alive until
 * another one is: one parsed file at most.)
 */
let lastPlanParsed: ParsedRobots | null = null;
let lastPlanToken = '';
let lastPlan: Plan | null = null;

/** The plan for one product token (evaluate's common case: no array to build per call). */
function tokenPlan(parsed: ParsedRobots, token: string): Plan {
  if (parsed === lastPlanParsed && token === lastPlanToken) return lastPlan!;
  const cache = planCache(parsed, false);
  let plan = cache.byToken.get(token);
  if (!plan) {
    plan = makePlan(parsed, [token], false);
    cache.byToken.set(token, plan);
  }
  lastPlanParsed = parsed;
  lastPlanToken = token;
  lastPlan = plan;
  return plan;
}

function planFor(parsed: ParsedRobots, tokens: readonly string[], ignoresGlobal: boolean): Plan {
  if (tokens.length === 1 && !ignoresGlobal) return tokenPlan(parsed, tokens[0]);
  const cache = planCache(parsed, ignoresGlobal);
  let plan = cache.byList.get(tokens);
  if (!plan) {
    const key = tokens.join('\n');
    plan = cache.byKey.get(key);
    if (!plan) {
      plan = makePlan(parsed, [...tokens], ignoresGlobal);
      cache.byKey.set(key, plan);
    }
    cache.byList.set(tokens, plan);
  }
  return plan;
}

/** The compiled matcher for a set of groups, built once and cached on the parsed file. */
export function compiledFor(parsed: ParsedRobots, groups: readonly number[]): CompiledRules {
  const key = `compiled:${groups.join(',')}`;
  let c = parsed.cache.get(key) as CompiledRules | undefined;
  if (!c) {
    c = compileRules(parsed, groups);
    parsed.cache.set(key, c);
  }
  return c;
}

/** The deciding rule at `line` as it matched `path` (its own pattern, or its index.html alternative). */
interface LineMatches {
  /** The rule at each line as it matches by its own pattern. */
  own: (RuleMatch | undefined)[];
  /** The same rule read by the index.html rule, for allow rules that have that reading. */
  viaIndex: (RuleMatch | null | undefined)[];
}

/** The rule descriptions of the file last evaluated, so a bulk run skips the cache lookup. */
let lastMatchesParsed: ParsedRobots | null = null;
let lastMatches: LineMatches | null = null;

function ruleMatchAt(parsed: ParsedRobots, line: number, path: string): RuleMatch {
  // The deciding rule's description is the same for every URL it decides:
  // made once per line (and once more for its index.html reading), frozen.
  let cache = parsed === lastMatchesParsed ? lastMatches : (parsed.cache.get('ruleMatches') as LineMatches | undefined);
  if (!cache) {
    // Dense arrays (one slot per line, filled), so lookups stay fast.
    const slots = parsed.lines.length + 1;
    cache = {
      own: new Array<RuleMatch | undefined>(slots).fill(undefined),
      viaIndex: new Array<RuleMatch | null | undefined>(slots).fill(undefined),
    };
    parsed.cache.set('ruleMatches', cache);
  }
  lastMatchesParsed = parsed;
  lastMatches = cache;
  let m = cache.own[line];
  if (!m) {
    const r = ruleAtLine(parsed, line)!;
    m = Object.freeze({
      kind: r.kind,
      line,
      pattern: r.pattern,
      raw: r.raw,
      length: r.length,
      group: r.group,
      viaIndexHtml: false,
    });
    cache.own[line] = m;
    const alt = r.kind === 'allow' ? indexHtmlAlternative(r.pattern) : null;
    cache.viaIndex[line] =
      alt === null ? null : Object.freeze({ ...m, pattern: alt, length: alt.length, viaIndexHtml: true });
  }
  const alt = cache.viaIndex[line];
  // Only the index.html rule lets an allow decide without its own pattern matching.
  return alt && !matchesPattern(path, m.pattern) ? alt : m;
}

/**
 * Every rule of the obeyed groups that matches `path`, longest first, then
 * by line, for explanations. An allow rule that matches only by its
 * index.html reading is listed with that reading.
 */
function listMatches(parsed: ParsedRobots, compiled: CompiledRules, path: string): RuleMatch[] {
  const codes = compiled.listMatches(path);
  // An allow rule that matches by its own pattern is listed once, by it.
  const own = new Set<number>();
  for (const c of codes) if ((c & 1) === 0) own.add(c >> 1);
  const out: RuleMatch[] = [];
  for (const c of codes) {
    const line = c >> 1;
    const r = ruleAtLine(parsed, line)!;
    if ((c & 1) === 0) {
      out.push({
        kind: r.kind,
        line,
        pattern: r.pattern,
        raw: r.raw,
        length: r.length,
        group: r.group,
        viaIndexHtml: false,
      });
    } else if (!own.has(line)) {
      const alt = indexHtmlAlternative(r.pattern)!;
      own.add(line);
      out.push({
        kind: r.kind,
        line,
        pattern: alt,
        raw: r.raw,
        length: alt.length,
        group: r.group,
        viaIndexHtml: true,
      });
    }
  }
  return out.sort((x, y) => y.length - x.length || x.line - y.line);
}

/** A crawler to check many URLs for: a profile's tokens, or one token. */
export interface CrawlerSpec {
  tokens: readonly string[];
  ignoresGlobal?: boolean;
}

/** A bulk checker for one crawler: the group choice is made once, the rules compiled once. */
export interface Checker {
  choice: GroupChoice;
  /**
   * Decides for one URL (taken as given, like `evaluate`): 0 when allowed
   * with no deciding rule, +line when allowed by that line, -line when
   * blocked by that line. /robots.txt itself gives 0 unless
   * `robotsTxtAlwaysAllowed` is false.
   */
  check(url: string): number;
}

/** Builds a bulk checker: parse once, choose once, compile once, then check many URLs fast. */
export function createChecker(parsed: ParsedRobots, crawler: CrawlerSpec, options: EvaluateOptions = {}): Checker {
  const choice = chooseGroups(parsed, crawler.tokens, crawler.ignoresGlobal ?? false);
  const robotsAlways = options.robotsTxtAlwaysAllowed ?? true;
  if (choice.kind === 'none') return { choice, check: () => 0 };
  const compiled = compiledFor(parsed, choice.groups);
  return {
    choice,
    check(url: string): number {
      const path = getPathParamsQuery(url);
      if (robotsAlways && path === '/robots.txt') return 0;
      return compiled.check(path);
    },
  };
}

function noGroupReason(tokens: readonly string[], ignoresGlobal: boolean, parsed: ParsedRobots): string {
  const who = tokens[0] ?? '(no token)';
  if (ignoresGlobal && parsed.groups.some((g) => g.agents.some((a) => a.isGlobal))) {
    return `Allowed: no group names ${who}, and this crawler ignores the * group.`;
  }
  return parsed.groups.length === 0
    ? 'Allowed: the file has no groups, so nothing is restricted.'
    : `Allowed: no group names ${who} and there is no * group.`;
}

/**
 * Chooses the groups a crawler obeys: all groups naming its first token that
 * any group names (merged), else all `*` groups (merged) unless it ignores
 * them, else none.
 */
export function chooseGroups(parsed: ParsedRobots, tokens: readonly string[], ignoresGlobal: boolean): GroupChoice {
  for (const token of tokens) {
    const sel = groupSelection(parsed, token);
    if (sel.specific.length) {
      return { kind: 'named', token, groups: sel.specific, agentLines: sel.specificAgentLines };
    }
  }
  if (!ignoresGlobal) {
    const sel = groupSelection(parsed, tokens[0] ?? '');
    if (sel.global.length) return { kind: 'global', groups: sel.global, agentLines: sel.globalAgentLines };
  }
  return { kind: 'none' };
}

function verdictFrom(d: Decision, choice: GroupChoice, path: string, tokens: readonly string[]): Verdict {
  return {
    allowed: d.allowed,
    rule: d.rule,
    choice,
    matches: d.matches,
    tie: d.tie,
    path,
    reason: reasonFor(d, choice, path, tokens),
    robotsTxtItself: false,
  };
}

function reasonFor(d: Decision, choice: GroupChoice, path: string, tokens: readonly string[]): string {
  const who =
    choice.kind === 'named'
      ? `the group for ${choice.token}${choice.token !== tokens[0] ? ` (${tokens[0]} falls back to ${choice.token})` : ''}`
      : 'the * group';
  const groupLines =
    choice.kind === 'none'
      ? ''
      : ` (user-agent line${choice.agentLines.length > 1 ? 's' : ''} ${choice.agentLines.join(', ')})`;
  let reason: string;
  if (d.rule) {
    const r = d.rule;
    const label = ruleLabel(r.kind, r.raw);
    const extra = r.viaIndexHtml ? `, read as ${r.pattern} by the index.html rule` : '';
    reason =
      `${d.allowed ? 'Allowed' : 'Blocked'} by line ${r.line} "${label}"${extra}: the longest matching rule (${r.length} byte${r.length === 1 ? '' : 's'}) in ${who}${groupLines}` +
      (d.tie ? '; a disallow rule of the same length also matches, and allow wins ties.' : '.');
  } else {
    reason = `Allowed: no rule in ${who}${groupLines} matches ${path}.`;
  }
  return reason;
}
