/**
 * Verdict flips between two versions of a robots.txt: for each URL × crawler
 * whose verdict differs, the old and new deciding lines and the edited lines
 * that cause the change (docs/behaviour.md §5, §8). Streams: one checker per
 * crawler and file, one URL at a time, so a million URLs cost no more memory
 * than ten.
 */

import { type CrawlerTokens, createChecker } from '../evaluate';
import type { GroupChoice, ParsedRobots } from '../types';
import { diffLines, type LineDiff, type LineEdit } from './lines';

/** A crawler to compare verdicts for: a label to show, and the tokens it answers to. */
export interface DiffCrawler {
  label: string;
  spec: CrawlerTokens;
}

/** The direction of a flip. */
type FlipKind = 'allowed-to-blocked' | 'blocked-to-allowed';

/** A deciding line as shown: its number and its text as written. */
interface DecidingLine {
  line: number;
  text: string;
}

/** One URL × crawler whose verdict differs between the two files. */
export interface Flip {
  url: string;
  crawler: string;
  kind: FlipKind;
  /** The old file's deciding line, or null when no rule decided (allowed by default). */
  oldLine: DecidingLine | null;
  newLine: DecidingLine | null;
  /** The edited lines that cause the flip, in new-file order; empty only when no line edit explains it. */
  causes: LineEdit[];
}

/** Two parsed versions of one robots.txt, and how their lines correspond. */
export interface RobotsComparison {
  before: ParsedRobots;
  after: ParsedRobots;
  lines: LineDiff;
}

/** Flip counts per kind, overall and per crawler label. */
export interface FlipCounts {
  /** URL × crawler pairs checked. */
  checked: number;
  allowedToBlocked: number;
  blockedToAllowed: number;
  byCrawler: Map<string, { allowedToBlocked: number; blockedToAllowed: number }>;
}

/** The physical lines of a parsed file, as written (the engine's numbering). */
function physicalLines(parsed: ParsedRobots): string[] {
  return parsed.lines.map((l) => parsed.text.slice(l.span.from, l.span.to));
}

/** Compares two parsed files line by line (once; then check as many URLs as you like). */
export function compareRobots(before: ParsedRobots, after: ParsedRobots): RobotsComparison {
  return { before, after, lines: diffLines(physicalLines(before), physicalLines(after)) };
}

/** Fresh, zeroed counts. */
export function emptyCounts(): FlipCounts {
  return { checked: 0, allowedToBlocked: 0, blockedToAllowed: 0, byCrawler: new Map() };
}

interface CrawlerState {
  crawler: DiffCrawler;
  before: ReturnType<typeof createChecker>;
  after: ReturnType<typeof createChecker>;
  /** By "oldCode,newCode": the same pair of deciding lines has the same lines and causes for every URL. */
  pairs: Map<string, FlipLines>;
}

/** What every flip between one pair of deciding lines shares (made once, frozen). */
interface FlipLines {
  oldLine: DecidingLine | null;
  newLine: DecidingLine | null;
  causes: LineEdit[];
}

/**
 * Streams the flips for every URL (as given: put typed URLs in request form
 * first, as for `evaluate`) × crawler, URL-major. Updates `counts`, when
 * given, as it goes, so a consumer can show progress and totals at the end.
 */
export function* verdictFlips(
  comparison: RobotsComparison,
  urls: Iterable<string>,
  crawlers: readonly DiffCrawler[],
  counts: FlipCounts = emptyCounts(),
): Generator<Flip, FlipCounts> {
  const states: CrawlerState[] = crawlers.map((crawler) => ({
    crawler,
    before: createChecker(comparison.before, crawler.spec),
    after: createChecker(comparison.after, crawler.spec),
    pairs: new Map(),
  }));
  for (const c of crawlers) {
    if (!counts.byCrawler.has(c.label)) counts.byCrawler.set(c.label, { allowedToBlocked: 0, blockedToAllowed: 0 });
  }
  for (const url of urls) {
    for (const s of states) {
      counts.checked++;
      const was = s.before.decide(url);
      const now = s.after.decide(url);
      // Checkers answer -line when blocked, +line or 0 when allowed.
      const wasBlocked = was < 0;
      if (wasBlocked === now < 0) continue;
      const kind: FlipKind = wasBlocked ? 'blocked-to-allowed' : 'allowed-to-blocked';
      const perCrawler = counts.byCrawler.get(s.crawler.label)!;
      if (wasBlocked) {
        counts.blockedToAllowed++;
        perCrawler.blockedToAllowed++;
      } else {
        counts.allowedToBlocked++;
        perCrawler.allowedToBlocked++;
      }
      const key = `${was},${now}`;
      let shared = s.pairs.get(key);
      if (!shared) {
        shared = Object.freeze({
          oldLine: was === 0 ? null : decidingLine(comparison.before, Math.abs(was)),
          newLine: now === 0 ? null : decidingLine(comparison.after, Math.abs(now)),
          causes: flipCauses(comparison, Math.abs(was), Math.abs(now), s.before.choice, s.after.choice),
        });
        s.pairs.set(key, shared);
      }
      yield { url, crawler: s.crawler.label, kind, ...shared };
    }
  }
  return counts;
}

function decidingLine(parsed: ParsedRobots, line: number): DecidingLine {
  const l = parsed.lines[line - 1];
  const end = l.comment ? l.comment.from : l.span.to;
  return { line, text: parsed.text.slice(l.span.from, end).trim() };
}

/**
 * The edited lines that explain why the verdict moved from the old deciding
 * line to the new one (0 = no deciding line):
 * - the old deciding line, if it was removed, changed or moved;
 * - the new deciding line, if it was added, changed or moved;
 * - the user-agent lines of the group choice that were edited on either side
 *   (a crawler sent to another group, a group merged in or split off);
 * - when a deciding line is kept as is but sits in a group the crawler no
 *   longer (or only now) obeys, the edited user-agent lines heading its group.
 */
function flipCauses(
  comparison: RobotsComparison,
  oldLine: number,
  newLine: number,
  oldChoice: GroupChoice,
  newChoice: GroupChoice,
): LineEdit[] {
  const { lines, before, after } = comparison;
  const found = new Set<LineEdit>();
  const add = (e: LineEdit | null | undefined) => {
    if (e) found.add(e);
  };
  if (oldLine) add(lines.oldEdits[oldLine]);
  if (newLine) add(lines.newEdits[newLine]);
  if (!sameChoice(lines, oldChoice, newChoice)) {
    if (oldChoice.kind !== 'none') for (const l of oldChoice.agentLines) add(lines.oldEdits[l]);
    if (newChoice.kind !== 'none') for (const l of newChoice.agentLines) add(lines.newEdits[l]);
  }
  const newGroups = newChoice.kind === 'none' ? [] : newChoice.groups;
  const oldGroups = oldChoice.kind === 'none' ? [] : oldChoice.groups;
  const kept = oldLine ? lines.oldToNew[oldLine] : 0;
  if (kept && !newGroups.includes(after.lines[kept - 1].group)) {
    // Kept as written, but the crawler no longer obeys its group: the group changed under it.
    for (const l of headerLines(after, kept)) add(lines.newEdits[l]);
    for (const l of headerLines(before, oldLine)) add(lines.oldEdits[l]);
  }
  const was = newLine ? lines.newToOld[newLine] : 0;
  if (was && !oldGroups.includes(before.lines[was - 1].group)) {
    // Kept as written, but only now in a group the crawler obeys.
    for (const l of headerLines(before, was)) add(lines.oldEdits[l]);
    for (const l of headerLines(after, newLine)) add(lines.newEdits[l]);
  }
  return order([...found]);
}

/** True when the crawler obeys the same user-agent lines, kept as written, in both files. */
function sameChoice(lines: LineDiff, oldChoice: GroupChoice, newChoice: GroupChoice): boolean {
  if (oldChoice.kind === 'none' || newChoice.kind === 'none') return oldChoice.kind === newChoice.kind;
  if (oldChoice.agentLines.length !== newChoice.agentLines.length) return false;
  const mapped = new Set(oldChoice.agentLines.map((l) => lines.oldToNew[l]));
  return newChoice.agentLines.every((l) => mapped.has(l));
}

/** The user-agent lines of the group that holds `line`. */
function headerLines(parsed: ParsedRobots, line: number): number[] {
  const g = parsed.lines[line - 1]?.group ?? -1;
  return g < 0 ? [] : parsed.groups[g].agents.map((a) => a.line);
}

function order(edits: LineEdit[]): LineEdit[] {
  const pos = (e: LineEdit) => e.newLine ?? (e.oldLine ?? 0) - 0.5;
  return edits.sort((a, b) => pos(a) - pos(b));
}
