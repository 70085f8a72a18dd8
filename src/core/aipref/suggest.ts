/**
 * Suggestions for a stated intent: text edits that add well-formed groups
 * and preference lines, for a UI to show as a diff before applying. Nothing
 * here edits by itself; the user applies the edit.
 */
import type { RobotsFix } from '../lint';
import { CRAWLER_PROFILES, type CrawlerCategory } from '../profiles';
import type { ParsedRobots } from '../types';
import { type AiprefLine, readAiprefLines } from './lines';

/** The intents Robots Lab can write a file for. */
export type AiIntent = 'block-training' | 'block-ai-keep-search';

/** Every intent, in the order the page offers them. */
export const AI_INTENTS: readonly AiIntent[] = ['block-training', 'block-ai-keep-search'];

/** What each intent blocks, and the preferences it states for everyone else. */
const INTENTS: Record<AiIntent, { label: string; block: readonly CrawlerCategory[]; signal: string; usage: string }> = {
  'block-training': {
    label: 'Block AI training, keep search and AI answers',
    block: ['ai-training', 'control-token'],
    signal: 'search=yes, ai-input=yes, ai-train=no',
    usage: 'train-ai=n, ai-use=y, search=y',
  },
  'block-ai-keep-search': {
    label: 'Block AI training and AI answers, keep search',
    block: ['ai-training', 'control-token', 'ai-answers', 'user-fetch'],
    signal: 'search=yes, ai-input=no, ai-train=no',
    usage: 'train-ai=n, ai-use=n, search=y',
  },
};

/** A suggestion: the edits, in file order, and the tokens left alone because a group already names them. */
export interface Suggestion {
  intent: AiIntent;
  label: string;
  edits: RobotsFix[];
  /** Tokens not added because the file already has a group for them (adding one would merge, docs/behaviour.md §5). */
  skipped: string[];
}

function namedTokens(parsed: ParsedRobots): Set<string> {
  const out = new Set<string>();
  for (const g of parsed.groups) for (const a of g.agents) if (!a.isGlobal) out.add(a.productToken.toLowerCase());
  return out;
}

/** The end of the text, with enough line breaks that what follows starts a new paragraph. */
function appendAt(text: string): { at: number; lead: string } {
  if (text.length === 0) return { at: 0, lead: '' };
  if (text.endsWith('\n\n')) return { at: text.length, lead: '' };
  return { at: text.length, lead: text.endsWith('\n') ? '\n' : '\n\n' };
}

/**
 * The * group's preference lines made to say the intent: an existing
 * Content-Signal line, or Content-Usage line for the whole site, is rewritten
 * (a second one would only add a statement to combine, vocab-08 §5.1); a missing
 * one goes after the group's last line, never between its user-agent lines.
 * Null when the file has no * group.
 */
function starGroupEdits(parsed: ParsedRobots, intent: (typeof INTENTS)[AiIntent], label: string): RobotsFix[] | null {
  const starIndex = parsed.groups.findIndex((g) => g.agents.some((a) => a.isGlobal));
  if (starIndex < 0) return null;
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
    const insert = `\n${missing.join('\n')}`;
    const touching = edits.find((e) => e.to === end);
    if (touching) touching.insert += insert;
    else edits.push({ label, from: end, to: end, insert });
  }
  return edits;
}

/** Edits that make the file say `intent`. */
export function suggestForIntent(parsed: ParsedRobots, intent: AiIntent): Suggestion {
  const spec = INTENTS[intent];
  const named = namedTokens(parsed);
  const tokens = [...new Set(CRAWLER_PROFILES.filter((p) => spec.block.includes(p.category)).map((p) => p.tokens[0]))];
  const add = tokens.filter((t) => !named.has(t.toLowerCase()));
  const skipped = tokens.filter((t) => named.has(t.toLowerCase()));
  const edits: RobotsFix[] = [];
  const starEdits = starGroupEdits(parsed, spec, spec.label);
  if (starEdits) edits.push(...starEdits);
  const { at, lead } = appendAt(parsed.text);
  let block = '';
  if (add.length > 0) block += `${add.map((t) => `User-agent: ${t}`).join('\n')}\nDisallow: /\n`;
  if (!starEdits) {
    block += `${block ? '\n' : ''}User-agent: *\nAllow: /\nContent-Signal: ${spec.signal}\nContent-Usage: / ${spec.usage}\n`;
  }
  if (block) edits.push({ label: spec.label, from: at, to: at, insert: lead + block });
  return { intent, label: spec.label, edits, skipped };
}

/** Applies edits (non-overlapping, any order) to a text: what a UI shows as the "after" of the diff. */
export function applyEdits(text: string, edits: readonly RobotsFix[]): string {
  const sorted = [...edits].sort((a, b) => b.from - a.from || b.to - a.to);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.from) + e.insert + out.slice(e.to);
  return out;
}
