/**
 * Verdicts: which group a crawler obeys, and which rule wins (the why is
 * made on demand, in verdict.ts). Reproduces the reference's decision
 * (robots.cc RobotsMatcher::disallow and matching_line) for one product
 * token, and walks a crawler profile's tokens in order (docs/behaviour.md
 * §5, §8).
 */

import { type CompiledRules, compileRules } from './compiled';
import { groupSelection } from './matcher';
import { indexHtmlAlternative, matchesPattern } from './pattern';
import { getPathParamsQuery, isValidUserAgentToObey } from './reference';
import type { GroupChoice, ParsedRobots, RuleMatch, Verdict } from './types';
import { type ExplainSource, LazyVerdict, ruleMatch } from './verdict';

export interface EvaluateOptions {
  /**
   * Answer "allowed" for /robots.txt itself, as RFC 9309 says crawlers do
   * (the reference library does not special-case it). Default true.
   */
  robotsTxtAlwaysAllowed?: boolean;
  /**
   * @deprecated Ignored: a verdict's explanation (`matches`, `reason`) is
   * now computed only when read, so a call that reads `allowed` alone costs
   * what a bulk check does.
   */
  explain?: boolean;
  /**
   * Compare the user agent with the file's `User-agent` lines exactly as
   * given, as Google's library does (its callers pass a product token):
   * for harnesses that replay Google's test cases. Default false: the value
   * is read as what a crawler sends (see `crawlerToken`).
   */
  exactToken?: boolean;
}

/** `compatible; Name/` inside a browser-style User-Agent value. */
const COMPATIBLE = /compatible;\s*([A-Za-z_-]+)\//;
/** A value that starts with `Name/`. */
const LEADING = /^([A-Za-z_-]+)\//;

/**
 * The product token a crawler's User-Agent value names: a product token is
 * itself (`GPTBot`); otherwise the token of `compatible; Name/…` when the
 * value has one (`Mozilla/5.0 (compatible; GPTBot/1.0; +https://…)` →
 * `GPTBot`), else the `Name` of a leading `Name/` (`GPTBot/1.0` →
 * `GPTBot`). Anything else is returned unchanged.
 */
export function crawlerToken(userAgent: string): string {
  if (isValidUserAgentToObey(userAgent)) return userAgent;
  return COMPATIBLE.exec(userAgent)?.[1] ?? LEADING.exec(userAgent)?.[1] ?? userAgent;
}

/**
 * Decides whether `url` may be fetched by the crawler `userAgent`, exactly
 * as the reference does for its product token (compared
 * case-insensitively). `userAgent` may be a product token (`GPTBot`) or
 * what the crawler sends (`GPTBot/1.0`, a whole `Mozilla/5.0 (compatible;
 * GPTBot/1.0; …)`): its token is read with `crawlerToken`, unless
 * `exactToken` asks for Google's literal comparison. The URL is taken
 * byte-exact: normalise it first with `toRequestUrl` if it is what a user
 * typed. The verdict's `matches` and `reason` are computed when first read.
 */
export function evaluate(parsed: ParsedRobots, url: string, userAgent: string, options: EvaluateOptions = {}): Verdict {
  const token = options.exactToken ? userAgent : crawlerToken(userAgent);
  return evaluateWithPlan(tokenPlan(parsed, token), getPathParamsQuery(url), options);
}

/** Evaluates for a crawler profile: its tokens in order, then `*` unless it ignores `*`. */
export function evaluateProfile(
  parsed: ParsedRobots,
  url: string,
  profile: CrawlerTokens,
  options: EvaluateOptions = {},
): Verdict {
  const plan = planFor(parsed, profile.tokens, profile.ignoresGlobal ?? false);
  return evaluateWithPlan(plan, getPathParamsQuery(url), options);
}

/** Reused by every evaluation: allowLength, allowLine, disallowLength, disallowLine. */
const scratch = new Int32Array(4);

function evaluateWithPlan(plan: Plan, path: string, options: EvaluateOptions): Verdict {
  if ((options.robotsTxtAlwaysAllowed ?? true) && path === '/robots.txt') {
    return new LazyVerdict(plan, path, true, null, false, true);
  }
  if (plan.compiled === null) return new LazyVerdict(plan, path, true, null, false, false);
  const d = scratch;
  plan.compiled.detailInto(path, d);
  const allowLength = d[0];
  const disallowLength = d[2];
  const decided = allowLength > 0 || disallowLength > 0;
  const blocked = decided && disallowLength > allowLength;
  const line = !decided ? 0 : blocked ? d[3] : d[1];
  const rule = line ? ruleMatchAt(plan.parsed, line, path) : null;
  const tie = decided && !blocked && allowLength === disallowLength;
  return new LazyVerdict(plan, path, !blocked, rule, tie, false);
}

/** The group choice and compiled rules for a crawler, made once per parsed file. */
type Plan = ExplainSource;

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
  const compiled = choice.kind === 'none' ? null : compiledFor(parsed, choice.groups);
  return { parsed, tokens, ignoresGlobal, choice, compiled };
}

/** The plan for one product token (evaluate's common case: no array to build per call). */
function tokenPlan(parsed: ParsedRobots, token: string): Plan {
  const cache = planCache(parsed, false);
  let plan = cache.byToken.get(token);
  if (!plan) {
    plan = makePlan(parsed, [token], false);
    cache.byToken.set(token, plan);
  }
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

function ruleMatchAt(parsed: ParsedRobots, line: number, path: string): RuleMatch {
  // The deciding rule's description is the same for every URL it decides:
  // made once per line (and once more for its index.html reading), frozen.
  let cache = parsed.cache.get('ruleMatches') as LineMatches | undefined;
  if (!cache) {
    // Dense arrays (one slot per line, filled), so lookups stay fast.
    const slots = parsed.lines.length + 1;
    cache = {
      own: new Array<RuleMatch | undefined>(slots).fill(undefined),
      viaIndex: new Array<RuleMatch | null | undefined>(slots).fill(undefined),
    };
    parsed.cache.set('ruleMatches', cache);
  }
  let m = cache.own[line];
  if (!m) {
    m = Object.freeze(ruleMatch(parsed, line, false));
    cache.own[line] = m;
    const hasReading = m.kind === 'allow' && indexHtmlAlternative(m.pattern) !== null;
    cache.viaIndex[line] = hasReading ? Object.freeze(ruleMatch(parsed, line, true)) : null;
  }
  const alt = cache.viaIndex[line];
  // Only the index.html rule lets an allow decide without its own pattern matching.
  return alt && !matchesPattern(path, m.pattern) ? alt : m;
}

/**
 * The tokens a crawler answers to, in order (a profile's, or one), and
 * whether it ignores the `*` group: what a bulk checker is built for.
 */
export interface CrawlerTokens {
  tokens: readonly string[];
  ignoresGlobal?: boolean;
}

/** A bulk checker for one crawler: the group choice is made once, the rules compiled once. */
export interface Checker {
  choice: GroupChoice;
  /**
   * Whether the crawler may fetch one URL (taken as given, like
   * `evaluate`): true when allowed, false when blocked, so `if
   * (check(url))` reads as it should. /robots.txt itself is allowed unless
   * `robotsTxtAlwaysAllowed` is false.
   */
  check(url: string): boolean;
  /**
   * The decision with its line: 0 when allowed with no deciding rule,
   * +line when allowed by that line, -line when blocked by that line.
   */
  decide(url: string): number;
}

/** Builds a bulk checker: parse once, choose once, compile once, then check many URLs fast. */
export function createChecker(parsed: ParsedRobots, crawler: CrawlerTokens, options: EvaluateOptions = {}): Checker {
  const tokens = options.exactToken ? crawler.tokens : crawler.tokens.map(crawlerToken);
  const choice = chooseGroups(parsed, tokens, crawler.ignoresGlobal ?? false);
  const robotsAlways = options.robotsTxtAlwaysAllowed ?? true;
  if (choice.kind === 'none') return { choice, check: () => true, decide: () => 0 };
  const compiled = compiledFor(parsed, choice.groups);
  const decide = (url: string): number => {
    const path = getPathParamsQuery(url);
    if (robotsAlways && path === '/robots.txt') return 0;
    return compiled.check(path);
  };
  return { choice, decide, check: (url) => decide(url) >= 0 };
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
