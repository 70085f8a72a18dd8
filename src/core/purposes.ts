/**
 * The purpose view: for a URL and a crawler, whether it may fetch (the exact
 * verdict) and what the file expresses for each purpose (search, ai-input,
 * ai-train, use), from which line. Preferences apply only to paths the
 * crawler may fetch (draft-ietf-aipref-attach-05 §3.1), in the groups the
 * crawler obeys (docs/behaviour.md §5), and never change the verdict
 * (docs/behaviour.md §15).
 */
import { type AiprefLine, readAiprefLines } from './aipref/lines';
import { PURPOSES, type Purpose } from './aipref/vocab';
import { type CrawlerTokens, evaluateProfile } from './evaluate';
import { escapePattern, matchesPattern } from './pattern';
import { type CatalogueProfile, CRAWLER_PROFILES, type CrawlerCategory, purposeCategory } from './profiles';
import type { ParsedRobots, Verdict } from './types';

/** What the file expresses for one purpose. */
type Expressed = 'allow' | 'disallow' | 'level' | 'no-preference' | 'not-applicable';

/** One purpose's answer for a URL and crawler. */
export interface PurposeFinding {
  purpose: Purpose;
  expressed: Expressed;
  /** For `use`: the level written (immediate, reference, full). */
  level?: string;
  /** The lines that decided, in file order (empty for no preference or not applicable). */
  lines: number[];
  /** A sentence for the view. */
  text: string;
}

/** The purpose view for one URL and crawler. */
export interface PurposeView {
  verdict: Verdict;
  findings: PurposeFinding[];
}

interface Statement {
  line: number;
  value: 'allow' | 'disallow' | 'level';
  level?: string;
}

/** The Content-Usage lines that apply to a path: the longest matching path wins (attach-05 §3.1). */
function applicableUsage(lines: AiprefLine[], path: string): AiprefLine[] {
  let best: AiprefLine[] = [];
  let bestLength = -1;
  for (const l of lines) {
    const pattern = escapePattern(l.path ? l.path.text : '/');
    if (!matchesPattern(path, pattern)) continue;
    if (pattern.length > bestLength) {
      best = [l];
      bestLength = pattern.length;
    } else if (pattern.length === bestLength) best.push(l);
  }
  return best;
}

function statementsFor(lines: AiprefLine[], purpose: Purpose): Statement[] {
  const out: Statement[] = [];
  for (const l of lines) {
    for (const e of l.entries) {
      if (e.purpose !== purpose) continue;
      if (purpose === 'use' && e.token !== null) out.push({ line: l.line, value: 'level', level: e.token });
      else if (e.value !== 'unknown') out.push({ line: l.line, value: e.value });
    }
  }
  return out;
}

/**
 * Combines statements as draft-ietf-aipref-vocab-08 §5.1 says: any disallow wins,
 * then any allow; the lines of the winning kind decide.
 */
function combine(purpose: Purpose, statements: Statement[]): PurposeFinding {
  const pick = (v: Statement['value']) => statements.filter((s) => s.value === v);
  for (const value of ['disallow', 'allow', 'level'] as const) {
    const chosen = pick(value);
    if (chosen.length === 0) continue;
    const lines = [...new Set(chosen.map((s) => s.line))].sort((a, b) => a - b);
    const where = `line${lines.length > 1 ? 's' : ''} ${lines.join(', ')}`;
    if (value === 'level') {
      const level = chosen[chosen.length - 1].level;
      return { purpose, expressed: 'level', level, lines, text: `${purpose}: ${level} (${where})` };
    }
    const verb = value === 'allow' ? 'allowed' : 'not allowed';
    return { purpose, expressed: value, lines, text: `${purpose}: ${verb} (${where})` };
  }
  return { purpose, expressed: 'no-preference', lines: [], text: `${purpose}: no preference` };
}

/** The preference lines of the groups a verdict obeyed. */
function linesOfGroups(parsed: ParsedRobots, verdict: Verdict): AiprefLine[] {
  if (verdict.choice.kind === 'none') return [];
  const groups = new Set(verdict.choice.groups);
  return readAiprefLines(parsed).filter(
    (l) => l.kind !== 'license' && groups.has(l.group) && l.syntaxError === null && l.group >= 0,
  );
}

/** For a URL and a crawler's tokens (a profile will do): the verdict and each purpose's preference. */
export function purposeView(parsed: ParsedRobots, url: string, crawler: CrawlerTokens): PurposeView {
  const verdict = evaluateProfile(parsed, url, crawler);
  if (!verdict.allowed) {
    return {
      verdict,
      findings: PURPOSES.map((purpose) => ({
        purpose,
        expressed: 'not-applicable' as const,
        lines: [],
        text: `${purpose}: not applicable: the path may not be fetched`,
      })),
    };
  }
  const lines = linesOfGroups(parsed, verdict);
  const usage = applicableUsage(
    lines.filter((l) => l.kind === 'content-usage'),
    verdict.path,
  );
  const signals = lines.filter((l) => l.kind === 'content-signal');
  const findings = PURPOSES.map((purpose) => combine(purpose, statementsFor([...usage, ...signals], purpose)));
  return { verdict, findings };
}

/** The catalogue categories a purpose is about. */
const PURPOSE_CATEGORIES: Readonly<Record<Purpose, readonly CrawlerCategory[]>> = {
  search: ['search-index'],
  'ai-input': ['ai-answers', 'user-fetch'],
  'ai-train': ['ai-training', 'control-token'],
  use: ['ai-answers', 'user-fetch', 'ai-training', 'control-token'],
};

/** One crawler's state in a matrix cell. */
interface MatrixCrawler {
  id: string;
  name: string;
  /** blocked: may not fetch; disallowed / allowed / level: the preference; open: fetch allowed, no preference. */
  state: 'blocked' | 'disallowed' | 'allowed' | 'level' | 'open';
  /** The deciding line (the rule or the preference), or null when nothing decided. */
  line: number | null;
  /** For `level`: the level written (immediate, reference, full). */
  level?: string;
}

/** One cell of the purposes × operators matrix. */
export interface MatrixCell {
  purpose: Purpose;
  operator: string;
  crawlers: MatrixCrawler[];
  /** The cell as a whole: every crawler's state when they agree, else `mixed`. */
  state: MatrixCrawler['state'] | 'mixed';
}

function crawlerState(view: PurposeView, p: CatalogueProfile, purpose: Purpose): MatrixCrawler {
  if (!view.verdict.allowed) return { id: p.id, name: p.name, state: 'blocked', line: view.verdict.rule?.line ?? null };
  const f = view.findings.find((x) => x.purpose === purpose);
  const line = f?.lines[0] ?? view.verdict.rule?.line ?? null;
  const states: Partial<Record<Expressed, MatrixCrawler['state']>> = {
    disallow: 'disallowed',
    allow: 'allowed',
    level: 'level',
  };
  const state = (f && states[f.expressed]) ?? 'open';
  return state === 'level'
    ? { id: p.id, name: p.name, state, line, level: f?.level }
    : { id: p.id, name: p.name, state, line };
}

/**
 * The whole-file summary: for each purpose and operator, what the file says
 * to that operator's crawlers of that purpose at `url` (default the site root).
 */
export function purposeMatrix(
  parsed: ParsedRobots,
  url = 'https://example.com/',
  profiles: readonly CatalogueProfile[] = CRAWLER_PROFILES,
): MatrixCell[] {
  const cells: MatrixCell[] = [];
  // One purpose view per crawler, whatever the number of purposes it is asked about.
  const views = new Map<string, PurposeView>();
  const viewOf = (p: CatalogueProfile) => {
    let v = views.get(p.id);
    if (!v) {
      v = purposeView(parsed, url, p);
      views.set(p.id, v);
    }
    return v;
  };
  const operators = [...new Set(profiles.map((p) => p.operator))];
  for (const purpose of PURPOSES) {
    for (const operator of operators) {
      const mine = profiles.filter(
        (p) => p.operator === operator && PURPOSE_CATEGORIES[purpose].includes(purposeCategory(p)),
      );
      if (mine.length === 0) continue;
      const crawlers = mine.map((p) => crawlerState(viewOf(p), p, purpose));
      const states = new Set(crawlers.map((c) => c.state));
      cells.push({ purpose, operator, crawlers, state: states.size === 1 ? crawlers[0].state : 'mixed' });
    }
  }
  return cells;
}
