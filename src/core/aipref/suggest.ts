/**
 * Suggestions for a stated intent: text edits that block the crawlers the
 * intent names (editing the groups that already name them, see
 * `blockEdits.ts`) and state the preferences in the * group, for a UI to show
 * as a diff before applying. Edits that would not do what the label says
 * (`keepsPromise.ts`) are not offered; the suggestion gives the reason.
 * Nothing here edits by itself; the user applies the edit.
 */

import type { RobotsFix } from '../diagnostics';
import { evaluateProfile } from '../evaluate';
import { applyGoogleSizeLimit } from '../limits';
import { type CatalogueProfile, CRAWLER_PROFILES, type CrawlerCategory, purposeCategory } from '../profiles';
import type { ParsedRobots } from '../types';
import { blockTokens, type EditedGroup, lineBreakOf } from './blockEdits';
import { brokenPromise } from './keepsPromise';
import { type AiprefLine, readAiprefLines } from './lines';

/** The intents Robots Lab can write a file for. */
export type AiIntent = 'block-training' | 'block-ai-keep-search';

/** Every intent, in the order the page offers them. */
export const AI_INTENTS: readonly AiIntent[] = ['block-training', 'block-ai-keep-search'];

/** What an intent blocks, what it promises to keep, and the preferences it states for everyone else. */
interface IntentSpec {
  label: string;
  block: readonly CrawlerCategory[];
  /** The categories the label names as kept: their verdicts must not change. */
  keep: readonly CrawlerCategory[];
  signal: string;
  usage: string;
}

const INTENTS: Record<AiIntent, IntentSpec> = {
  'block-training': {
    label: 'Block AI training, keep search and AI answers',
    block: ['ai-training', 'control-token'],
    keep: ['search-index', 'ai-answers', 'user-fetch'],
    signal: 'search=yes, ai-input=yes, ai-train=no',
    usage: 'train-ai=n, ai-use=y, search=y',
  },
  'block-ai-keep-search': {
    label: 'Block AI training and AI answers, keep search',
    block: ['ai-training', 'control-token', 'ai-answers', 'user-fetch'],
    keep: ['search-index'],
    signal: 'search=yes, ai-input=no, ai-train=no',
    usage: 'train-ai=n, ai-use=n, search=y',
  },
};

/** A crawler the intent keeps that the file's own rules already block at the root. */
interface AlreadyBlocked {
  name: string;
  /** The rule that blocks it, or null. */
  line: number | null;
}

/** A suggestion: the edits, in file order, or the reason there are none. */
export interface Suggestion {
  intent: AiIntent;
  label: string;
  edits: RobotsFix[];
  /** Groups already in the file that the edits change (docs/behaviour.md §5: a second group would merge with them). */
  edited: EditedGroup[];
  /** Tokens the edits name in a new group of their own at the end. */
  added: string[];
  /** Crawlers the intent keeps that the file blocks at / on its own: the edits leave them as they are. */
  alreadyBlocked: AlreadyBlocked[];
  /** Why no edit is offered: the edits would not do what the label says. Null when they would. */
  refused: string | null;
}

/** The end of the text, with enough line breaks that what follows starts a new paragraph. */
function appendAt(text: string, br: string): { at: number; lead: string } {
  if (text.length === 0) return { at: 0, lead: '' };
  if (text.endsWith(br + br)) return { at: text.length, lead: '' };
  return { at: text.length, lead: text.endsWith(br) ? br : br + br };
}

/**
 * The * group's preference lines made to say the intent: an existing
 * Content-Signal line, or Content-Usage line for the whole site, is rewritten
 * (a second one would only add a statement to combine, vocab-08 §5.1); a missing
 * one goes after the group's last line, never between its user-agent lines.
 * Null when the file has no * group.
 */
function starGroupEdits(parsed: ParsedRobots, intent: IntentSpec, br: string): RobotsFix[] | null {
  const starIndex = parsed.groups.findIndex((g) => g.agents.some((a) => a.isGlobal));
  if (starIndex < 0) return null;
  const label = intent.label;
  const mine = readAiprefLines(parsed).filter((l) => l.group === starIndex);
  const wanted: [AiprefLine | undefined, string][] = [
    [mine.find((l) => l.kind === 'content-signal'), `Content-Signal: ${intent.signal}`],
    [
      mine.find((l) => l.kind === 'content-usage' && (l.path === null || l.path.text === '/')),
      `Content-Usage: / ${intent.usage}`,
    ],
  ];
  const edits: RobotsFix[] = [];
  const missing: string[] = [];
  for (const [line, text] of wanted) {
    if (!line) missing.push(text);
    else if (`${line.key.text}: ${line.value.text}` !== text)
      edits.push({ label, from: line.key.from, to: line.value.to, insert: text });
  }
  if (missing.length > 0) {
    const end = Math.max(parsed.groups[starIndex].span.to, ...mine.map((l) => l.span.to));
    const insert = `${br}${missing.join(br)}`;
    const touching = edits.find((e) => e.to === end);
    if (touching) touching.insert += insert;
    else edits.push({ label, from: end, to: end, insert });
  }
  return edits;
}

/** The first two edits that touch the same text, in words, or null. */
function overlap(parsed: ParsedRobots, edits: readonly RobotsFix[]): string | null {
  const sorted = [...edits].sort((a, b) => a.from - b.from || a.to - b.to);
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1], sorted[i]];
    // Two insertions at one point would have no order; an insertion beside a deletion is fine.
    if (b.from < a.to || (a.from === a.to && b.from === b.to && a.from === b.from))
      return `two edits would meet at line ${lineOf(parsed, b.from)}; edit that group by hand.`;
  }
  return null;
}

function lineOf(parsed: ParsedRobots, at: number): number {
  const found = parsed.lines.find((l) => l.span.to >= at);
  return found ? found.line : parsed.lines.length;
}

/** Whether an edit (sorted by position) ends, in the edited text, past what Google reads of it. */
function pastTheLimit(after: string, sorted: readonly RobotsFix[]): boolean {
  const cut = applyGoogleSizeLimit(after).cutAt;
  if (cut === null) return false;
  let shift = 0;
  for (const e of sorted) {
    if (e.from + shift + e.insert.length > cut) return true;
    shift += e.insert.length - (e.to - e.from);
  }
  return false;
}

/** Why the edits cannot be offered, or null: they overlap, fall past what Google reads, or break the intent's promise. */
function refusal(
  parsed: ParsedRobots,
  edits: readonly RobotsFix[],
  block: readonly CatalogueProfile[],
  keep: readonly CatalogueProfile[],
): string | null {
  const met = overlap(parsed, edits);
  if (met) return `The page cannot write this safely: ${met}`;
  const after = applyEdits(parsed.text, edits);
  if (pastTheLimit(after, edits))
    return 'Google reads only the first 500 KiB of a robots.txt, and these edits would fall past it. Shorten the file first.';
  const broken = brokenPromise(parsed, after, block, keep);
  return broken ? `The page cannot write this safely: ${broken} Edit the file by hand.` : null;
}

/** Edits that make the file say `intent`, or the reason the page will not offer them. */
export function suggestForIntent(parsed: ParsedRobots, intent: AiIntent): Suggestion {
  const spec = INTENTS[intent];
  const br = lineBreakOf(parsed.text);
  const block = CRAWLER_PROFILES.filter((p) => spec.block.includes(purposeCategory(p)));
  const keep = CRAWLER_PROFILES.filter((p) => !spec.block.includes(purposeCategory(p)));
  const tokens = [...new Map(block.map((p) => [p.tokens[0].toLowerCase(), p.tokens[0]])).values()];
  const plan = blockTokens(parsed, tokens, spec.label);
  const edits: RobotsFix[] = [...plan.edits];
  const starEdits = starGroupEdits(parsed, spec, br);
  if (starEdits) edits.push(...starEdits);
  const { at, lead } = appendAt(parsed.text, br);
  const paragraphs: string[][] = [];
  if (plan.append.length > 0) paragraphs.push([...plan.append.map((t) => `User-agent: ${t}`), 'Disallow: /']);
  if (!starEdits)
    paragraphs.push(['User-agent: *', 'Allow: /', `Content-Signal: ${spec.signal}`, `Content-Usage: / ${spec.usage}`]);
  if (paragraphs.length > 0) {
    const insert = lead + paragraphs.map((p) => p.join(br)).join(br + br) + br;
    edits.push({ label: spec.label, from: at, to: at, insert });
  }
  edits.sort((a, b) => a.from - b.from || a.to - b.to);
  const refused = refusal(parsed, edits, block, keep);
  return {
    intent,
    label: spec.label,
    edits: refused ? [] : edits,
    edited: plan.edited,
    added: plan.append,
    alreadyBlocked: blockedAtRoot(
      parsed,
      keep.filter((p) => spec.keep.includes(purposeCategory(p))),
    ),
    refused,
  };
}

/** The crawlers of `profiles` the file blocks at the root, each with its rule's line. */
function blockedAtRoot(parsed: ParsedRobots, profiles: readonly CatalogueProfile[]): AlreadyBlocked[] {
  const out: AlreadyBlocked[] = [];
  for (const p of profiles) {
    const v = evaluateProfile(parsed, 'https://example.com/', p);
    if (!v.allowed) out.push({ name: p.name, line: v.rule?.line ?? null });
  }
  return out;
}

/** Applies edits (non-overlapping, any order) to a text: what a UI shows as the "after" of the diff. */
function applyEdits(text: string, edits: readonly RobotsFix[]): string {
  const sorted = [...edits].sort((a, b) => b.from - a.from || b.to - a.to);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.from) + e.insert + out.slice(e.to);
  return out;
}
