/**
 * The non-Google readers: how each one picks the groups a crawler obeys and
 * which matching rule decides. Every choice cites its source; where a
 * source is silent the reader says whose reading it borrows
 * (docs/readers.md).
 */

import { escapePattern, matchesPattern } from '../pattern';
import type { ReaderAgent, ReaderGroup, ReaderRule, RecordRules } from './records';
import type { ReaderId } from './types';

/** A reader's rules beyond the file's records. */
export interface Dialect extends RecordRules {
  id: Exclude<ReaderId, 'google'>;
  /** How strongly a user-agent value names a crawler token: 0 not at all; higher wins. */
  names(agent: string, token: string): number;
  /** Merge every group that names the crawler (RFC 9309 §2.2.1), or obey only the first (1994). */
  mergeGroups: boolean;
  /** A rule's pattern as the reader compares it, or null when the reader ignores the rule. */
  pattern(value: string): string | null;
  /** The URL path as the reader compares it. */
  path(path: string): string;
  /** Longest match wins, allow on ties (RFC 9309 §2.2.2); or the first matching disallow (1994). */
  longestWins: boolean;
  /** Wildcards `*` and `$` (RFC 9309 §2.2.3); the 1994 text has none. */
  wildcards: boolean;
}

/** RFC 9309 §2.2.1: a product token is compared case-insensitively, whole. */
function exactName(agent: string, token: string): number {
  return agent.toLowerCase() === token.toLowerCase() ? 2 : 0;
}

/**
 * RFC 9309 §2.2.2: octets outside US-ASCII are percent-encoded, and a
 * percent-encoded unreserved character is decoded before comparison; hex
 * digits compare case-insensitively.
 */
function rfcNormalise(s: string): string {
  return escapePattern(s).replace(/%([0-9A-Fa-f]{2})/g, (m, hex: string) => {
    const c = String.fromCharCode(Number.parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(c) ? c : m.toUpperCase();
  });
}

/** RFC 9309 read literally (§2.2: path-pattern = "/" …): a pattern must start with "/". */
const RFC9309: Dialect = {
  id: 'rfc9309',
  name: 'RFC 9309',
  blankEndsGroup: false,
  allow: true,
  names: exactName,
  mergeGroups: true,
  pattern: (v) => (v.startsWith('/') ? rfcNormalise(v) : null),
  path: rfcNormalise,
  longestWins: true,
  wildcards: true,
};

/**
 * Bing: a bingbot section replaces the default (`*`) one (Bing's Frédéric
 * Dubut, 2019). Bing's pages say nothing more exact about parsing or
 * precedence, so the rest is RFC 9309's reading (docs/readers.md).
 */
const BING: Dialect = { ...RFC9309, id: 'bing', name: 'Bing' };

/**
 * Yandex (yandex.com/support/webmaster, "User-agent directive", "Disallow
 * and Allow directives", "Robots.txt parsing errors"): `User-agent: Yandex`
 * serves every Yandex robot unless a group names the robot itself; rules
 * start with "/" or "*"; rules are sorted by prefix length and the longest
 * match wins, Allow on a tie; no blank line may separate User-agent, Allow
 * and Disallow (a rule after a blank line has "no User-agent directive in
 * front").
 */
const YANDEX: Dialect = {
  id: 'yandex',
  name: 'Yandex',
  blankEndsGroup: true,
  allow: true,
  names: (agent, token) => {
    if (exactName(agent, token)) return 2;
    return agent.toLowerCase() === 'yandex' && token.toLowerCase().startsWith('yandex') ? 1 : 0;
  },
  mergeGroups: true,
  pattern: (v) => (v.startsWith('/') || v.startsWith('*') ? escapePattern(v) : null),
  path: (p) => p,
  longestWins: true,
  wildcards: true,
};

/**
 * The 1994 convention (robotstxt.org/orig.html; docs/behaviour.md §11):
 * records end at a blank line; only User-agent and Disallow; a
 * case-insensitive substring match of the robot's name; the first record
 * that names the robot; a Disallow value is a plain prefix.
 */
const LEGACY_1994: Dialect = {
  id: 'legacy1994',
  name: '1994',
  blankEndsGroup: true,
  allow: false,
  names: (agent, token) => {
    const name = agent.split('/')[0].trim().toLowerCase();
    return name !== '' && token.toLowerCase().includes(name) ? 2 : 0;
  },
  mergeGroups: false,
  pattern: (v) => escapePattern(v),
  path: (p) => p,
  longestWins: false,
  wildcards: false,
};

/** The dialects in strip order (Google comes first, from the engine). */
export const DIALECTS: readonly Dialect[] = [RFC9309, BING, YANDEX, LEGACY_1994];

/** The groups a crawler obeys under a dialect: its agents, then `*`, unless it ignores `*`. */
export function obeyedGroups(
  d: Dialect,
  groups: readonly ReaderGroup[],
  tokens: readonly string[],
  ignoresGlobal: boolean,
): ReaderGroup[] {
  const isStar = (a: ReaderAgent) => a.value === '*';
  for (const token of tokens) {
    let best = 0;
    let chosen: ReaderGroup[] = [];
    for (const g of groups) {
      const score = Math.max(0, ...g.agents.filter((a) => !isStar(a)).map((a) => d.names(a.value, token)));
      if (score > best) {
        best = score;
        chosen = [g];
      } else if (score > 0 && score === best) chosen.push(g);
    }
    if (chosen.length) return d.mergeGroups ? chosen : chosen.slice(0, 1);
  }
  if (ignoresGlobal) return [];
  const star = groups.filter((g) => g.agents.some(isStar));
  return d.mergeGroups ? star : star.slice(0, 1);
}

/** A rule of the obeyed groups with its pattern as the dialect reads it (rules it cannot read left out). */
export interface PreparedRule {
  rule: ReaderRule;
  pattern: string;
}

/**
 * The rules of `groups` in file order with their patterns read once, so that
 * a list of URLs does not escape every pattern again for each URL.
 */
export function prepareRules(d: Dialect, groups: readonly ReaderGroup[]): PreparedRule[] {
  const out: PreparedRule[] = [];
  for (const g of groups) {
    for (const rule of g.rules) {
      const pattern = d.pattern(rule.value);
      if (pattern) out.push({ rule, pattern });
    }
  }
  return out;
}

/** The deciding rule for a path under a dialect, or null (allowed, no rule). */
export function decidingRule(d: Dialect, groups: readonly ReaderGroup[], rawPath: string): ReaderRule | null {
  return decidingPrepared(d, prepareRules(d, groups), rawPath);
}

/** `decidingRule` over rules prepared once with `prepareRules`. */
export function decidingPrepared(d: Dialect, rules: readonly PreparedRule[], rawPath: string): ReaderRule | null {
  const path = d.path(rawPath);
  let best: ReaderRule | null = null;
  let bestLength = -1;
  for (const { rule: r, pattern } of rules) {
    const matched = d.wildcards ? matchesPattern(path, pattern) : path.startsWith(pattern);
    if (!matched) continue;
    if (!d.longestWins) {
      if (r.kind === 'disallow') return r;
      continue;
    }
    const better =
      pattern.length > bestLength ||
      (pattern.length === bestLength && r.kind === 'allow' && best?.kind === 'disallow') ||
      (pattern.length === bestLength && r.kind === best?.kind && r.line < best.line);
    if (better) {
      best = r;
      bestLength = pattern.length;
    }
  }
  return best;
}
