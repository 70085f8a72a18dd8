/**
 * Suggestions for a stated intent: text edits that add well-formed groups
 * and preference lines, for a UI to show as a diff before applying. Nothing
 * here edits by itself; the user applies the edit.
 */
import type { RobotsFix } from '../lint';
import { CRAWLER_PROFILES, type CrawlerCategory } from '../profiles';
import type { ParsedRobots } from '../types';

/** The intents Robots Lab can write a file for. */
export type AiIntent = 'block-training' | 'block-ai-keep-search';

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

function starGroupEdit(parsed: ParsedRobots, intent: (typeof INTENTS)[AiIntent], label: string): RobotsFix | null {
  const lines = `Content-Signal: ${intent.signal}\nContent-Usage: / ${intent.usage}`;
  const star = parsed.groups.find((g) => g.agents.some((a) => a.isGlobal));
  if (!star) return null;
  // After the group's last line: never between its user-agent lines.
  return { label, from: star.span.to, to: star.span.to, insert: `\n${lines}` };
}

/** Edits that make the file say `intent`. */
export function suggestForIntent(parsed: ParsedRobots, intent: AiIntent): Suggestion {
  const spec = INTENTS[intent];
  const named = namedTokens(parsed);
  const tokens = [...new Set(CRAWLER_PROFILES.filter((p) => spec.block.includes(p.category)).map((p) => p.tokens[0]))];
  const add = tokens.filter((t) => !named.has(t.toLowerCase()));
  const skipped = tokens.filter((t) => named.has(t.toLowerCase()));
  const edits: RobotsFix[] = [];
  const starEdit = starGroupEdit(parsed, spec, spec.label);
  if (starEdit) edits.push(starEdit);
  const { at, lead } = appendAt(parsed.text);
  let block = '';
  if (add.length > 0) block += `${add.map((t) => `User-agent: ${t}`).join('\n')}\nDisallow: /\n`;
  if (!starEdit) {
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
