/**
 * The last check before an intent's edits are offered: applied to the text,
 * do they do what the intent's label says? Every crawler the intent blocks
 * must be blocked, and every other crawler (the catalogue's and every token
 * the file names) must keep its verdict, at the root and at the paths the
 * file's own rules name. Checked on what Google reads (the first 500 KiB).
 * A failure becomes the reason the page gives for not offering the edit.
 */
import { evaluate, evaluateProfile } from '../evaluate';
import { applyGoogleSizeLimit } from '../limits';
import { parseRobotsTxt } from '../parse';
import type { CatalogueProfile } from '../profiles';
import type { ParsedRobots } from '../types';

/** The most paths taken from the file's rules; the root is always checked. */
const MAX_PATHS = 64;

/** The root, then the literal start of each rule's pattern (up to its first wildcard), at most MAX_PATHS. */
function samplePaths(parsed: ParsedRobots): string[] {
  const paths = new Set<string>(['/']);
  for (const g of parsed.groups) {
    for (const r of g.rules) {
      if (paths.size >= MAX_PATHS) return [...paths];
      const literal = r.pattern.split(/[*$]/, 1)[0];
      if (literal.startsWith('/')) paths.add(literal);
    }
  }
  return [...paths];
}

const url = (path: string) => `https://example.com${path}`;

/**
 * Null when `after` blocks every crawler of `block` at every sampled path and
 * changes no other crawler's verdict; otherwise the first broken promise, in
 * words.
 */
export function brokenPromise(
  before: ParsedRobots,
  afterText: string,
  block: readonly CatalogueProfile[],
  keep: readonly CatalogueProfile[],
): string | null {
  const cut = applyGoogleSizeLimit(before.text);
  const was = cut.cutAt === null ? before : parseRobotsTxt(cut.text);
  const now = parseRobotsTxt(applyGoogleSizeLimit(afterText).text);
  const paths = samplePaths(was);
  for (const p of block) {
    for (const path of paths) {
      const v = evaluateProfile(now, url(path), p);
      if (v.allowed) {
        const by = v.rule ? ` by line ${v.rule.line}` : '';
        return `${p.name} would still be allowed at ${path}${by}.`;
      }
    }
  }
  const blocked = new Set(block.map((p) => p.tokens[0].toLowerCase()));
  const named = new Set<string>();
  for (const g of was.groups) {
    for (const a of g.agents) if (!a.isGlobal && !blocked.has(a.productToken.toLowerCase())) named.add(a.productToken);
  }
  for (const path of paths) {
    for (const p of keep) {
      if (evaluateProfile(was, url(path), p).allowed !== evaluateProfile(now, url(path), p).allowed)
        return `${p.name}'s verdict at ${path} would change.`;
    }
    for (const token of named) {
      if (evaluate(was, url(path), token).allowed !== evaluate(now, url(path), token).allowed)
        return `${token}'s verdict at ${path} would change.`;
    }
  }
  return null;
}
