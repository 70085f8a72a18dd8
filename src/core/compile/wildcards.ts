/**
 * Wildcard rules: how one is matched, and the index that keeps most of them
 * from being tried at all.
 *
 * A wildcard rule hangs in the radix tree at the node of its literal prefix
 * (the text before its first `*`); what follows is a list of `*`-separated
 * segments found by greedy leftmost search, which is exact for patterns made
 * only of `*` and a final `$` (docs/behaviour.md §7) and linear in the path:
 * no backtracking. Two filters come before a search: a character-presence
 * mask (a rule needing a character the path lacks cannot match), and, where
 * many rules hang at one node, buckets keyed by a three-character run each
 * rule needs, so a path visits only the buckets of the runs it has.
 */

import type { ParsedRobots } from '../types';

/** A wildcard rule hanging at the node of its literal prefix. */
export interface WildRule {
  allow: boolean;
  /** Priority: byte length of the pattern. */
  length: number;
  line: number;
  /** Compiled from an allow rule's index.html reading, not its own pattern. */
  viaIndexHtml: boolean;
  /** Later rules with the same pattern and kind (they never decide, but explanations list them): `matchCode`s. */
  dups: number[] | null;
  /** Segments after the first `*` (the last one without the final `$`). */
  segs: string[];
  /** The pattern ends with `$`: the last segment must end the path. */
  anchored: boolean;
  /** Character classes every matching path must contain (see `maskOf`); a cheap first filter. */
  maskLo: number;
  maskHi: number;
}

/**
 * Bit of a character in a 64-bit presence mask (two 32-bit halves). ASCII
 * characters fold onto 64 bits by their low six bits; a path's mask holds
 * every character it contains, so a rule that needs a character the path
 * lacks cannot match. Collisions only make the filter weaker, never wrong.
 */
export function maskOf(s: string): [number, number] {
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < s.length; i++) {
    const b = s.charCodeAt(i) & 63;
    if (b < 32) lo |= 1 << b;
    else hi |= 1 << (b - 32);
  }
  return [lo, hi];
}

/**
 * The wildcard rule for `pattern`, whose first `*` is at `star`. A trailing
 * `*` (without `$`) changes nothing, so empty trailing segments are dropped.
 */
export function wildRule(pattern: string, star: number, allow: boolean, line: number, viaIndexHtml: boolean): WildRule {
  const anchored = pattern.charCodeAt(pattern.length - 1) === 0x24;
  const segs = (anchored ? pattern.slice(star + 1, -1) : pattern.slice(star + 1)).split('*');
  if (!anchored) while (segs.length && segs[segs.length - 1] === '') segs.pop();
  const [maskLo, maskHi] = maskOf(segs.join(''));
  return { allow, length: pattern.length, line, viaIndexHtml, dups: null, segs, anchored, maskLo, maskHi };
}

/** Whether the segments of wildcard rule `e` follow in `path` from `pos` (greedy leftmost). */
export function wildMatches(path: string, pos: number, e: WildRule): boolean {
  const segs = e.segs;
  const last = segs.length - 1;
  for (let i = 0; i <= last; i++) {
    const seg = segs[i];
    if (i === last && e.anchored) {
      return path.length - seg.length >= pos && path.endsWith(seg);
    }
    if (seg.length === 0) continue;
    const at = path.indexOf(seg, pos);
    if (at === -1) return false;
    pos = at + seg.length;
  }
  return true;
}

/** The wildcard rules hanging at one node, longest first, ready to scan. */
export interface WildList {
  entries: WildRule[];
  /** The entries' filter data packed for a cache-friendly scan: maskLo, maskHi, length, per entry. */
  packed: Int32Array;
  /** For lists of many rules: the rules bucketed by a three-character run they require. */
  index: TrigramIndex | null;
}

/**
 * Wildcard rules bucketed by one three-character run ("trigram") that each
 * needs in the path after its literal prefix, hashed to one of BUCKETS: a
 * path only visits the buckets of the trigrams it has (a hash collision only
 * adds candidates). Rules with no trigram (`/*?`, `/*ab`) are always visited.
 */
export interface TrigramIndex {
  /** CSR layout: the rules of bucket b are items[start[b] .. start[b+1]), longest first. */
  start: Int32Array;
  items: Int32Array;
  always: Int32Array;
  /** One bit per bucket, set when it holds rules: most are empty, and this small table says so from cache. */
  used: Int32Array;
}

/** Nodes with at least this many wildcard rules get a trigram index. */
const TRIGRAM_INDEX_MIN = 12;
/** Number of trigram buckets (a power of two). */
export const BUCKETS = 4096;

/**
 * The bucket of a three-character run, given as three 6-bit character codes
 * in 18 bits (the form a scan of the path keeps as it goes).
 */
export function gramBucket(run: number): number {
  return (Math.imul(run, 0x9e3779b1) >>> 20) & (BUCKETS - 1);
}

/** The bucket of the run of characters a, b, c. */
function trigramBucket(a: number, b: number, c: number): number {
  return gramBucket(((a & 63) << 12) | ((b & 63) << 6) | (c & 63));
}

/**
 * How often each trigram bucket occurs in the patterns of the given groups:
 * the file's patterns stand in for the site's URLs when choosing which of a
 * rule's trigrams to bucket it by.
 */
export function patternTrigramFrequency(parsed: ParsedRobots, groups: readonly number[]): Int32Array {
  const frequency = new Int32Array(BUCKETS);
  for (const gi of groups) {
    for (const r of parsed.groups[gi].rules) {
      const p = r.pattern;
      for (let k = 0; k + 2 < p.length; k++)
        frequency[trigramBucket(p.charCodeAt(k), p.charCodeAt(k + 1), p.charCodeAt(k + 2))]++;
    }
  }
  return frequency;
}

/**
 * The bucket each rule goes in (-1: no trigram, always visited): its
 * trigram least frequent in the file's patterns keeps it off the paths that
 * cannot match it; among equals, the emptiest bucket so far.
 */
function chooseBuckets(entries: readonly WildRule[], frequency: Int32Array, counts: Int32Array): Int32Array {
  const bucketOf = new Int32Array(entries.length);
  entries.forEach((e, i) => {
    let best = -1;
    for (const seg of e.segs) {
      for (let k = 0; k + 2 < seg.length; k++) {
        const id = trigramBucket(seg.charCodeAt(k), seg.charCodeAt(k + 1), seg.charCodeAt(k + 2));
        if (
          best === -1 ||
          frequency[id] < frequency[best] ||
          (frequency[id] === frequency[best] && counts[id] < counts[best])
        )
          best = id;
      }
    }
    bucketOf[i] = best;
    if (best !== -1) counts[best]++;
  });
  return bucketOf;
}

/** Buckets the rules of one list (already sorted longest first) by a trigram each needs. */
function buildTrigramIndex(entries: readonly WildRule[], frequency: Int32Array): TrigramIndex {
  const counts = new Int32Array(BUCKETS);
  const bucketOf = chooseBuckets(entries, frequency, counts);
  const start = new Int32Array(BUCKETS + 1);
  for (let b = 0; b < BUCKETS; b++) start[b + 1] = start[b] + counts[b];
  const fill = start.slice(0, BUCKETS);
  const items = new Int32Array(start[BUCKETS]);
  const always: number[] = [];
  // Entries are already sorted longest first, so each bucket is too.
  bucketOf.forEach((b, i) => {
    if (b === -1) always.push(i);
    else items[fill[b]++] = i;
  });
  const used = new Int32Array(BUCKETS >>> 5);
  for (let b = 0; b < BUCKETS; b++) if (counts[b] !== 0) used[b >>> 5] |= 1 << (b & 31);
  return { start, items, always: Int32Array.from(always), used };
}

/**
 * The scan list of the wildcard rules at one node: sorted longest first (then
 * by line) so a walk can stop early, their filters packed, and a trigram
 * index when there are many. `frequency` is asked for only when needed.
 */
export function wildList(entries: WildRule[], frequency: () => Int32Array): WildList {
  entries.sort((x, y) => y.length - x.length || x.line - y.line);
  const packed = new Int32Array(entries.length * 3);
  entries.forEach((e, i) => {
    packed[i * 3] = e.maskLo;
    packed[i * 3 + 1] = e.maskHi;
    packed[i * 3 + 2] = e.length;
  });
  return {
    entries,
    packed,
    index: entries.length >= TRIGRAM_INDEX_MIN ? buildTrigramIndex(entries, frequency()) : null,
  };
}
