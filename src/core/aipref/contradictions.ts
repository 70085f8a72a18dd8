/**
 * Contradictions between what a file says with Allow/Disallow and what it
 * says with AI-preference lines: the mistakes site owners make most. Each
 * is reported where the user would change something.
 */

import type { RobotsDiagnostic } from '../diagnostics';
import { evaluateProfile } from '../evaluate';
import { type CatalogueProfile, CRAWLER_PROFILES, findProfile } from '../profiles';
import type { ParsedRobots, Verdict } from '../types';
import { type AiprefLine, readAiprefLines } from './lines';
import type { Purpose } from './vocab';

const ROOT = 'https://example.com/';

/** True when a line states `value` for `purpose`. */
function states(l: AiprefLine, purpose: Purpose, value: 'allow' | 'disallow'): boolean {
  return l.entries.some((e) => e.purpose === purpose && e.value === value);
}

/** True when a verdict comes from a group naming the crawler, and nothing in it disallows anything. */
function ownGroupAllowsAll(parsed: ParsedRobots, v: Verdict): boolean {
  if (v.choice.kind !== 'named' || !v.allowed) return false;
  return v.choice.groups.every((g) => parsed.groups[g].rules.every((r) => r.kind === 'allow' || r.raw === ''));
}

/** Each profile's verdict for the site root, computed once per parse and profile. */
const rootVerdicts = new WeakMap<ParsedRobots, Map<string, Verdict>>();

function atRoot(parsed: ParsedRobots, p: CatalogueProfile): Verdict {
  let byId = rootVerdicts.get(parsed);
  if (!byId) {
    byId = new Map();
    rootVerdicts.set(parsed, byId);
  }
  let v = byId.get(p.id);
  if (!v) {
    v = evaluateProfile(parsed, ROOT, p, { explain: false });
    byId.set(p.id, v);
  }
  return v;
}

/** Site-wide block: `/` itself may not be fetched. */
function blockedAtRoot(parsed: ParsedRobots, p: CatalogueProfile): Verdict | null {
  const v = atRoot(parsed, p);
  return v.allowed ? null : v;
}

function lineSpan(parsed: ParsedRobots, line: number): { from: number; to: number } {
  const pl = parsed.lines[line - 1];
  return { from: pl.span.from, to: pl.span.to };
}

/** ai-train=no under `*` while a training crawler's own group allows everything. */
function trainUnderStar(parsed: ParsedRobots, lines: AiprefLine[], out: RobotsDiagnostic[]): void {
  for (const l of lines) {
    if (l.group < 0 || !states(l, 'ai-train', 'disallow')) continue;
    if (!parsed.groups[l.group].agents.some((a) => a.isGlobal)) continue;
    const escaping = CRAWLER_PROFILES.filter(
      (p) => p.category === 'ai-training' && ownGroupAllowsAll(parsed, atRoot(parsed, p)),
    ).filter((p) => {
      const v = atRoot(parsed, p);
      const groups = v.choice.kind === 'named' ? v.choice.groups : [];
      return !lines.some((o) => groups.includes(o.group) && states(o, 'ai-train', 'disallow'));
    });
    if (escaping.length === 0) continue;
    const names = escaping.map((p) => p.name).join(', ');
    out.push({
      ...lineSpan(parsed, l.line),
      line: l.line,
      severity: 'warning',
      code: 'ai-train-contradiction',
      message: `This ai-train preference is in the * group, but ${names} ${escaping.length > 1 ? 'have groups of their own that allow' : 'has a group of its own that allows'} everything, and a crawler with its own group reads nothing from *. Repeat the preference in that group, or disallow the crawler there.`,
    });
  }
}

/** search=yes while Googlebot may not fetch the site at all. */
function searchButGooglebotBlocked(parsed: ParsedRobots, lines: AiprefLine[], out: RobotsDiagnostic[]): void {
  const googlebot = findProfile('googlebot');
  if (!googlebot) return;
  const blocked = blockedAtRoot(parsed, googlebot);
  if (!blocked) return;
  const read = new Set(blocked.choice.kind === 'none' ? [] : blocked.choice.groups);
  for (const l of lines) {
    if (!states(l, 'search', 'allow')) continue;
    // Only lines Googlebot reads, or addressed to everyone: a line in another crawler's group says nothing to Google.
    const toAll = l.group >= 0 && parsed.groups[l.group].agents.some((a) => a.isGlobal);
    if (!read.has(l.group) && !toAll) continue;
    out.push({
      ...lineSpan(parsed, l.line),
      line: l.line,
      severity: 'warning',
      code: 'search-blocked-contradiction',
      message: `This line says search is allowed, but Googlebot may not fetch the site (line ${blocked.rule?.line ?? '?'}), so Google cannot index it: a preference never overrides Disallow.`,
    });
  }
}

/** A control token and the crawler whose fetches it governs, set apart. */
function controlTokens(parsed: ParsedRobots, out: RobotsDiagnostic[]): void {
  for (const token of CRAWLER_PROFILES.filter((p) => p.category === 'control-token' && p.controls)) {
    const fetcher = findProfile(token.controls ?? '');
    if (!fetcher) continue;
    const tv = atRoot(parsed, token);
    const fv = atRoot(parsed, fetcher);
    if (!tv.allowed && fv.allowed && tv.choice.kind === 'named' && tv.rule) {
      out.push({
        ...lineSpan(parsed, tv.rule.line),
        line: tv.rule.line,
        severity: 'info',
        code: 'control-token-mismatch',
        message: `${token.name} sends no requests of its own: ${fetcher.name} still fetches the site. This line asks ${token.operator} not to use the content for its AI models; it does not stop the crawling.`,
      });
    } else if (tv.allowed && !fv.allowed && tv.choice.kind === 'named' && fv.rule) {
      out.push({
        ...lineSpan(parsed, fv.rule.line),
        line: fv.rule.line,
        severity: 'info',
        code: 'control-token-mismatch',
        message: `${token.name} is allowed, but it sends no requests of its own and ${fetcher.name} may not fetch the site, so ${token.operator} gets no content to use.`,
      });
    }
  }
}

/** An answer engine blocked by its own group: a note, since it is often a choice. */
function answerEngines(parsed: ParsedRobots, out: RobotsDiagnostic[]): void {
  for (const p of CRAWLER_PROFILES.filter((x) => x.category === 'ai-answers' || x.category === 'user-fetch')) {
    const v = blockedAtRoot(parsed, p);
    if (v?.choice.kind !== 'named' || !v.rule) continue;
    out.push({
      ...lineSpan(parsed, v.rule.line),
      line: v.rule.line,
      severity: 'info',
      code: 'answer-engine-blocked',
      message: `This blocks ${p.name} (${p.purpose}). Answers from ${p.operator} then cannot cite or link the site, which can cost referral visits. Keep it if that is the intent.`,
    });
  }
}

/** Appends every contradiction note for a parse to `out`. */
export function lintContradictions(parsed: ParsedRobots, out: RobotsDiagnostic[]): void {
  const lines = readAiprefLines(parsed).filter((l) => l.kind !== 'license' && l.syntaxError === null);
  trainUnderStar(parsed, lines, out);
  searchButGooglebotBlocked(parsed, lines, out);
  controlTokens(parsed, out);
  answerEngines(parsed, out);
}
