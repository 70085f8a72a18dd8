/**
 * The radix tree of a rule set: every pattern keyed by its literal prefix
 * (the text before its first `*`). A literal rule sits at the node of its
 * whole pattern, a `<prefix>$` rule at the node of its prefix as an exact
 * rule, and a wildcard rule at the node of its prefix, in that node's
 * wildcard list. The tree is built here and flattened for the walk in
 * flatten.ts.
 */

import { indexHtmlAlternative } from '../pattern';
import type { ParsedRobots } from '../types';
import { type WildRule, wildRule } from './wildcards';

/** One node of the tree: the prefix spelled by the edge labels from the root. */
export interface TrieNode {
  /** Edge label leading into this node (never empty, except the root's). */
  label: string;
  /** Length of the prefix this node stands for. */
  depth: number;
  /** Children by the first character code of their edge label. */
  children: Map<number, TrieNode> | null;
  /** Lines of literal rules equal to this prefix (0 = none): the first line of each kind. */
  litAllow: number;
  litDisallow: number;
  /** Lines of rules `<prefix>$` (exact path). */
  exactAllow: number;
  exactDisallow: number;
  /** Every literal and exact rule here, as `matchCode`s (for listing matches). */
  litAll: number[] | null;
  exactAll: number[] | null;
  /** Wildcard rules whose literal prefix is this node's, in file order. */
  wild: WildRule[] | null;
}

/** The tree of one rule set, and what it does not hold. */
export interface Trie {
  root: TrieNode;
  /** Rules with an empty pattern, as `matchCode`s: they match every path with priority 0, so never decide, but are listed. */
  emptyRules: number[];
  /** Number of rules compiled (index.html alternatives included, empty patterns not). */
  size: number;
}

/**
 * A matching rule as the listing of matches reports it: its line, times
 * two, plus one when it matched by its index.html reading rather than its
 * own pattern.
 */
export function matchCode(line: number, viaIndexHtml: boolean): number {
  return line * 2 + (viaIndexHtml ? 1 : 0);
}

function newNode(label: string, depth: number): TrieNode {
  return {
    label,
    depth,
    children: null,
    litAllow: 0,
    litDisallow: 0,
    exactAllow: 0,
    exactDisallow: 0,
    litAll: null,
    exactAll: null,
    wild: null,
  };
}

/** Returns the node for `key`, creating and splitting edges as needed. */
function insert(root: TrieNode, key: string): TrieNode {
  let node = root;
  let i = 0;
  while (i < key.length) {
    const c = key.charCodeAt(i);
    const child = node.children?.get(c);
    if (!child) {
      const leaf = newNode(key.slice(i), key.length);
      (node.children ??= new Map()).set(c, leaf);
      return leaf;
    }
    const label = child.label;
    let k = 0;
    while (k < label.length && i + k < key.length && label.charCodeAt(k) === key.charCodeAt(i + k)) k++;
    if (k === label.length) {
      node = child;
      i += k;
      continue;
    }
    // Split the edge at k.
    const mid = newNode(label.slice(0, k), node.depth + k);
    child.label = label.slice(k);
    mid.children = new Map([[child.label.charCodeAt(0), child]]);
    node.children!.set(c, mid);
    node = mid;
    i += k;
  }
  return node;
}

/** Keeps the first line: lines are inserted in file order, so an existing one wins. */
function firstLine(existing: number, line: number): number {
  return existing === 0 || line < existing ? line : existing;
}

/** Adds a pattern without `*`: a literal prefix, or with a final `$` an exact path. */
function addLiteral(root: TrieNode, pattern: string, allow: boolean, line: number, code: number): void {
  if (pattern.charCodeAt(pattern.length - 1) === 0x24) {
    const node = insert(root, pattern.slice(0, -1));
    if (allow) node.exactAllow = firstLine(node.exactAllow, line);
    else node.exactDisallow = firstLine(node.exactDisallow, line);
    (node.exactAll ??= []).push(code);
  } else {
    const node = insert(root, pattern);
    if (allow) node.litAllow = firstLine(node.litAllow, line);
    else node.litDisallow = firstLine(node.litDisallow, line);
    (node.litAll ??= []).push(code);
  }
}

/**
 * Adds one non-empty pattern. `seenWild` holds the wildcard rules added so
 * far by kind and pattern: a later rule with the same pattern and kind never
 * decides (the first line wins among equals), so it is only kept for listing.
 */
function addPattern(
  root: TrieNode,
  pattern: string,
  allow: boolean,
  line: number,
  viaIndexHtml: boolean,
  seenWild: Map<string, WildRule>,
): void {
  const star = pattern.indexOf('*');
  const code = matchCode(line, viaIndexHtml);
  if (star === -1) {
    addLiteral(root, pattern, allow, line, code);
    return;
  }
  const key = (allow ? 'a' : 'd') + pattern;
  const same = seenWild.get(key);
  if (same) {
    if (line < same.line) {
      (same.dups ??= []).push(matchCode(same.line, same.viaIndexHtml));
      same.line = line;
      same.viaIndexHtml = viaIndexHtml;
    } else {
      (same.dups ??= []).push(code);
    }
    return;
  }
  const entry = wildRule(pattern, star, allow, line, viaIndexHtml);
  (insert(root, pattern.slice(0, star)).wild ??= []).push(entry);
  seenWild.set(key, entry);
}

/**
 * Builds the tree of the rules of the given groups (merged, as a crawler
 * that obeys several groups sees them), each allow rule also under its
 * index.html reading when it has one (docs/behaviour.md §12, Matching).
 */
export function buildTrie(parsed: ParsedRobots, groups: readonly number[]): Trie {
  const root = newNode('', 0);
  const seenWild = new Map<string, WildRule>();
  const emptyRules: number[] = [];
  let size = 0;
  for (const gi of groups) {
    for (const r of parsed.groups[gi].rules) {
      if (r.length === 0) {
        emptyRules.push(matchCode(r.line, false));
        continue;
      }
      const allow = r.kind === 'allow';
      addPattern(root, r.pattern, allow, r.line, false, seenWild);
      size++;
      const alt = allow ? indexHtmlAlternative(r.pattern) : null;
      if (alt !== null) {
        addPattern(root, alt, true, r.line, true, seenWild);
        size++;
      }
    }
  }
  return { root, emptyRules, size };
}
