/**
 * Verdicts: which group a crawler obeys, which rule wins, and why.
 * Reproduces the reference's decision (robots.cc RobotsMatcher::disallow and
 * matching_line) for one product token, and walks a crawler profile's tokens
 * in order (SPEC §5).
 */
import type { CrawlerProfile, GroupChoice, ParsedRobots, RuleMatch, Verdict } from './types';
import { asciiLower, getPathParamsQuery } from './reference';
import { decideInGroups, groupSelection, type Decision } from './matcher';

export interface EvaluateOptions {
  /**
   * Answer "allowed" for /robots.txt itself, as RFC 9309 says crawlers do
   * (the reference library does not special-case it). Default true.
   */
  robotsTxtAlwaysAllowed?: boolean;
  /** Collect every matching rule for the explanation (default true). Off for bulk checks. */
  explain?: boolean;
}

/**
 * Decides whether `url` may be fetched by the crawler whose product token is
 * `userAgent` (used as given, compared case-insensitively), exactly as the
 * reference does. The URL is taken byte-exact: normalise it first with
 * `toRequestUrl` if it is what a user typed.
 */
export function evaluate(parsed: ParsedRobots, url: string, userAgent: string, options: EvaluateOptions = {}): Verdict {
  return evaluatePath(parsed, getPathParamsQuery(url), [userAgent], false, options);
}

/** Evaluates for a crawler profile: its tokens in order, then `*` unless it ignores `*`. */
export function evaluateProfile(parsed: ParsedRobots, url: string, profile: CrawlerProfile, options: EvaluateOptions = {}): Verdict {
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

function evaluatePath(
  parsed: ParsedRobots,
  path: string,
  tokens: readonly string[],
  ignoresGlobal: boolean,
  options: EvaluateOptions,
): Verdict {
  const choice = chooseGroups(parsed, tokens, ignoresGlobal);
  const explain = options.explain !== false;
  if ((options.robotsTxtAlwaysAllowed ?? true) && path === '/robots.txt') {
    return {
      allowed: true,
      rule: null,
      choice,
      matches: explain && choice.kind !== 'none' ? decideInGroups(parsed, choice.groups, path, true).matches : [],
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
  const d = decideInGroups(parsed, choice.groups, path, explain);
  return verdictFrom(d, choice, path, tokens);
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
  const who =
    choice.kind === 'named'
      ? `the group for ${choice.token}${choice.token !== tokens[0] ? ` (${tokens[0]} falls back to ${choice.token})` : ''}`
      : 'the * group';
  const groupLines = choice.kind === 'none' ? '' : ` (user-agent line${choice.agentLines.length > 1 ? 's' : ''} ${choice.agentLines.join(', ')})`;
  let reason: string;
  if (d.rule) {
    const r = d.rule;
    const label = `${r.kind === 'allow' ? 'Allow' : 'Disallow'}: ${r.raw}`;
    const extra = r.viaIndexHtml ? `, read as ${r.pattern} by the index.html rule` : '';
    reason =
      `${d.allowed ? 'Allowed' : 'Blocked'} by line ${r.line} "${label}"${extra}: the longest matching rule (${r.length} bytes) in ${who}${groupLines}` +
      (d.tie ? '; a disallow rule of the same length also matches, and allow wins ties.' : '.');
  } else {
    reason = `Allowed: no rule in ${who}${groupLines} matches ${path}.`;
  }
  return { allowed: d.allowed, rule: d.rule, choice, matches: d.matches, tie: d.tie, path, reason, robotsTxtItself: false };
}

export type { RuleMatch };
export { asciiLower };
