/**
 * The radix tree flattened into typed arrays, so the walk along a path reads
 * a few dense arrays instead of chasing objects and Maps.
 *
 * Node k (in depth-first order, the root first) has its fields at
 * `info[k * 8 + …]`: the four rule lines (literal allow, literal disallow,
 * exact allow, exact disallow; 0 = none), the start and length of its edge
 * label in `labels`, and its children: for a few, their start in
 * `kidCode`/`kidNode` and their count; for many (a wide node), an offset in
 * `wide` (a table by character code holding child + 1) and -1.
 */

import type { TrieNode } from './trie';
import type { WildList, WildRule } from './wildcards';

/** Field offsets within a node's eight `info` slots. */
export const LIT_ALLOW = 0;
export const LIT_DISALLOW = 1;
export const EXACT_ALLOW = 2;
export const EXACT_DISALLOW = 3;
const LABEL_AT = 4;
export const LABEL_LENGTH = 5;
const KIDS_AT = 6;
const KID_COUNT = 7;

/** Nodes with more children than this look them up in a table by character code. */
const WIDE_NODE = 6;
/** Width of a wide node's table: edges start with an ASCII character. */
const WIDE_WIDTH = 128;

/** The tree as the walk reads it. */
export interface FlatTree {
  /** Eight slots per node (see the offsets above). */
  info: Int32Array;
  /** Every edge label, end to end. */
  labels: Uint16Array;
  /** Children of narrow nodes: first character of the edge, and node index. */
  kidCode: Uint16Array;
  kidNode: Int32Array;
  /** Children of wide nodes: WIDE_WIDTH slots each, child index + 1 (0 = none). */
  wide: Int32Array;
  /** Per node: its wildcard rules, ready to scan, or null. */
  wildOf: (WildList | null)[];
  /** Per node: every literal rule and every exact rule there, as `matchCode`s (for listing). */
  litAllOf: (number[] | null)[];
  exactAllOf: (number[] | null)[];
}

/** The nodes in depth-first order, the root first. */
function depthFirst(root: TrieNode): TrieNode[] {
  const nodes: TrieNode[] = [];
  const visit = (nd: TrieNode): void => {
    nodes.push(nd);
    if (nd.children) for (const c of nd.children.values()) visit(c);
  };
  visit(root);
  return nodes;
}

/**
 * Patterns are ASCII after normalisation, so edges start below 128; a node
 * with an edge that does not (never, but cheap to allow) stays narrow.
 */
function isWide(nd: TrieNode): boolean {
  return nd.children !== null && nd.children.size > WIDE_NODE && [...nd.children.keys()].every((c) => c < WIDE_WIDTH);
}

/**
 * Flattens the tree. `toWildList` turns the wildcard rules of one node into
 * their scan list (sorting and indexing them).
 */
export function flatten(root: TrieNode, toWildList: (entries: WildRule[]) => WildList): FlatTree {
  const nodes = depthFirst(root);
  const idOf = new Map<TrieNode, number>(nodes.map((nd, k) => [nd, k]));
  let kidTotal = 0;
  let wideTotal = 0;
  let labelTotal = 0;
  for (const nd of nodes) {
    labelTotal += nd.label.length;
    if (isWide(nd)) wideTotal += WIDE_WIDTH;
    else kidTotal += nd.children?.size ?? 0;
  }
  const t: FlatTree = {
    info: new Int32Array(nodes.length * 8),
    labels: new Uint16Array(labelTotal),
    kidCode: new Uint16Array(kidTotal),
    kidNode: new Int32Array(kidTotal),
    wide: new Int32Array(wideTotal),
    wildOf: nodes.map((nd) => (nd.wild ? toWildList(nd.wild) : null)),
    litAllOf: nodes.map((nd) => nd.litAll),
    exactAllOf: nodes.map((nd) => nd.exactAll),
  };
  let labelAt = 0;
  let kidAt = 0;
  let wideAt = 0;
  nodes.forEach((nd, k) => {
    const b = k * 8;
    t.info[b + LIT_ALLOW] = nd.litAllow;
    t.info[b + LIT_DISALLOW] = nd.litDisallow;
    t.info[b + EXACT_ALLOW] = nd.exactAllow;
    t.info[b + EXACT_DISALLOW] = nd.exactDisallow;
    t.info[b + LABEL_AT] = labelAt;
    t.info[b + LABEL_LENGTH] = nd.label.length;
    for (let i = 0; i < nd.label.length; i++) t.labels[labelAt++] = nd.label.charCodeAt(i);
    if (!nd.children) return;
    if (isWide(nd)) {
      t.info[b + KIDS_AT] = wideAt;
      t.info[b + KID_COUNT] = -1;
      for (const [code, c] of nd.children) t.wide[wideAt + code] = idOf.get(c)! + 1;
      wideAt += WIDE_WIDTH;
    } else {
      t.info[b + KIDS_AT] = kidAt;
      t.info[b + KID_COUNT] = nd.children.size;
      for (const [code, c] of nd.children) {
        t.kidCode[kidAt] = code;
        t.kidNode[kidAt++] = idOf.get(c)!;
      }
    }
  });
  return t;
}

/**
 * The child of `node` that the path (character codes `cs`, length n)
 * continues into at `pos`, its whole edge label matching; -1 when there is
 * none.
 */
export function childAt(t: FlatTree, cs: Uint16Array, n: number, node: number, pos: number): number {
  const info = t.info;
  const b = node << 3;
  const count = info[b + KID_COUNT];
  if (pos >= n || count === 0) return -1;
  const code = cs[pos];
  let child = -1;
  if (count < 0) {
    if (code < WIDE_WIDTH) child = t.wide[info[b + KIDS_AT] + code] - 1;
  } else {
    const kidCode = t.kidCode;
    const from = info[b + KIDS_AT];
    for (let k = from; k < from + count; k++) {
      if (kidCode[k] === code) {
        child = t.kidNode[k];
        break;
      }
    }
  }
  if (child < 0) return -1;
  // The first character is matched by the lookup; longer labels compare the rest.
  const cb = child << 3;
  const len = info[cb + LABEL_LENGTH];
  if (len > 1) {
    if (pos + len > n) return -1;
    const labels = t.labels;
    const at = info[cb + LABEL_AT];
    let k = 1;
    while (k < len && labels[at + k] === cs[pos + k]) k++;
    if (k < len) return -1;
  }
  return child;
}
