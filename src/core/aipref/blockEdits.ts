/**
 * Text edits that block a set of product tokens everywhere on the site,
 * editing the groups that already name them rather than adding a group that
 * would merge with them (docs/behaviour.md §5): a crawler obeys every group
 * that names it, merged, so each of those groups must end up blocking.
 *
 * - A group naming only tokens to block keeps its user-agent lines and its
 *   other lines; its Allow lines and empty Disallow lines go (an Allow, even
 *   `Allow: /index.html`, can outweigh `Disallow: /` somewhere), and
 *   `Disallow: /` is added after its user-agent lines unless it is there.
 * - A group that also names other crawlers (or `*`) keeps its rules for
 *   them; only the user-agent lines of the tokens to block leave it, and
 *   those tokens join the new group at the end of the file.
 * - A token no group names joins that new group too.
 */
import type { RobotsFix } from '../diagnostics';
import type { ParsedLine, ParsedRobots } from '../types';

/** A group the edits change: its first line, the tokens it names that are blocked, and how. */
export interface EditedGroup {
  /** The group's first user-agent line. */
  line: number;
  /** The product tokens, as the file writes them, that the edit is about. */
  tokens: string[];
  /** `rules`: the group's rules now block everything; `moved`: the tokens' lines left it for a new group. */
  how: 'rules' | 'moved';
}

/** The edits that block `tokens`, the groups they change, and the tokens the new group at the end must name. */
export interface BlockPlan {
  edits: RobotsFix[];
  edited: EditedGroup[];
  /** Tokens (as the caller spells them) for a new `Disallow: /` group, in the caller's order. */
  append: string[];
}

/** The line break the file uses, so that inserted lines match it. */
export function lineBreakOf(text: string): string {
  const i = text.indexOf('\n');
  if (i > 0 && text[i - 1] === '\r') return '\r\n';
  if (i < 0 && text.includes('\r')) return '\r';
  return '\n';
}

/** The range that removes a whole physical line with one of its line breaks. */
function wholeLine(text: string, line: ParsedLine): { from: number; to: number } {
  let to = line.span.to;
  if (text.startsWith('\r\n', to)) to += 2;
  else if (text[to] === '\n' || text[to] === '\r') to++;
  if (to > line.span.to || line.span.from === 0) return { from: line.span.from, to };
  // The last line, with no break after it: take the break before it instead.
  let from = line.span.from;
  if (text[from - 1] === '\n') from--;
  if (text[from - 1] === '\r') from--;
  return { from, to };
}

/** Edits that make every group naming one of `tokens` block the whole site for it (see the module comment). */
export function blockTokens(parsed: ParsedRobots, tokens: readonly string[], label: string): BlockPlan {
  const wanted = new Map(tokens.map((t) => [t.toLowerCase(), t]));
  const edits: RobotsFix[] = [];
  const edited: EditedGroup[] = [];
  const ownGroup = new Set<string>();
  const br = lineBreakOf(parsed.text);
  const lineAt = (n: number) => parsed.lines[n - 1];
  for (const g of parsed.groups) {
    const mine = g.agents.filter((a) => !a.isGlobal && wanted.has(a.productToken.toLowerCase()));
    if (mine.length === 0) continue;
    const others = g.agents.length - mine.length;
    if (others > 0) {
      for (const a of mine) {
        edits.push({ label, insert: '', ...wholeLine(parsed.text, lineAt(a.line)) });
      }
      edited.push({ line: g.startLine, tokens: mine.map((a) => a.productToken), how: 'moved' });
      continue;
    }
    for (const a of mine) ownGroup.add(a.productToken.toLowerCase());
    const loosening = g.rules.filter((r) => r.kind === 'allow' || r.pattern === '');
    const blocksAll = g.rules.some((r) => r.kind === 'disallow' && r.pattern === '/');
    if (loosening.length === 0 && blocksAll) continue;
    if (!blocksAll) {
      const lastAgent = lineAt(g.agents[g.agents.length - 1].line);
      edits.push({ label, from: lastAgent.span.to, to: lastAgent.span.to, insert: `${br}Disallow: /` });
    }
    for (const r of loosening) edits.push({ label, insert: '', ...wholeLine(parsed.text, lineAt(r.line)) });
    edited.push({ line: g.startLine, tokens: mine.map((a) => a.productToken), how: 'rules' });
  }
  // A token with a group of its own is blocked there, even if it also left a shared group.
  const append = [...wanted].filter(([lower]) => !ownGroup.has(lower)).map(([, t]) => t);
  return { edits, edited, append };
}
