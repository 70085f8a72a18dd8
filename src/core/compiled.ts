/**
 * The compiled matcher: the rules of one set of obeyed groups, compiled once
 * into a radix tree keyed by each pattern's literal prefix (the text before
 * its first `*`). Checking a path walks the tree along the path once,
 * collecting literal rules as it passes their nodes and running the few
 * wildcard rules whose literal prefix the path has. Wildcard rules match by
 * greedy leftmost search of their `*`-separated segments, which is exact for
 * patterns made only of `*` and a final `$`, and linear in the path for each
 * rule: no backtracking. Wildcard rules are tried last, longest first, and
 * only while they could still beat the best match; a character-presence mask
 * rejects most without a search, and where many hang at one node they are
 * bucketed by a three-character run they need, so a path visits only the
 * buckets of the runs it has.
 *
 * Decisions equal the reference's (robots.cc): longest pattern in bytes
 * wins, the first line among equally long matches, allow wins ties, and the
 * index.html rule. Property tests check it against a straightforward
 * emulation of the reference on random files and URLs.
 */

import { indexHtmlAlternative } from './pattern';
import type { ParsedRobots } from './types';

/** A wildcard rule hanging at the node of its literal prefix. */
interface WildEntry {
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
function maskOf(s: string): [number, number] {
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < s.length; i++) {
    const b = s.charCodeAt(i) & 63;
    if (b < 32) lo |= 1 << b;
    else hi |= 1 << (b - 32);
  }
  return [lo, hi];
}

interface Node {
  /** Edge label leading into this node. */
  label: string;
  /** Length of the prefix this node stands for. */
  depth: number;
  /** Position in the flattened tree (set when flattening). */
  id: number;
  children: Map<number, Node> | null;
  /** Lines of literal rules equal to this prefix (0 = none): the first line of each kind. */
  litAllow: number;
  litDisallow: number;
  /** Lines of rules `<prefix>$` (exact path). */
  exactAllow: number;
  exactDisallow: number;
  /** Every literal and exact rule here, as `matchCode`s (for listing matches). */
  litAll: number[] | null;
  exactAll: number[] | null;
  wild: WildEntry[] | null;
}

/**
 * A matching rule as `listMatches` reports it: its line, times two, plus
 * one when it matched by its index.html reading rather than its own pattern.
 */
export function matchCode(line: number, viaIndexHtml: boolean): number {
  return line * 2 + (viaIndexHtml ? 1 : 0);
}

/** The wildcard rules hanging at one node, longest first, ready to scan. */
interface WildList {
  entries: WildEntry[];
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
interface TrigramIndex {
  /** CSR layout: the rules of bucket b are items[start[b] .. start[b+1]), longest first. */
  start: Int32Array;
  items: Int32Array;
  always: Int32Array;
  /** One bit per bucket, set when it holds rules: most are empty, and this small table says so from cache. */
  used: Int32Array;
}

/** Nodes with more children than this look them up in a table by character code. */
const WIDE_NODE = 6;

/** Nodes with at least this many wildcard rules get a trigram index. */
export const TRIGRAM_INDEX_MIN = 12;
const BUCKETS = 4096;

/** The bucket of a three-character run, given as three 6-bit character codes in 18 bits. */
function gramBucket(run: number): number {
  return (Math.imul(run, 0x9e3779b1) >>> 20) & (BUCKETS - 1);
}

function trigramBucket(a: number, b: number, c: number): number {
  return gramBucket(((a & 63) << 12) | ((b & 63) << 6) | (c & 63));
}

function buildTrigramIndex(entries: WildEntry[], textFrequency: Int32Array): TrigramIndex {
  const bucketOf = new Int32Array(entries.length);
  const counts = new Int32Array(BUCKETS);
  const always: number[] = [];
  entries.forEach((e, i) => {
    // The trigram least frequent in the file's patterns (a stand-in for the
    // site's URLs) keeps the rule off the paths that cannot match it; among
    // equals, the emptiest bucket.
    let best = -1;
    for (const seg of e.segs) {
      for (let k = 0; k + 2 < seg.length; k++) {
        const id = trigramBucket(seg.charCodeAt(k), seg.charCodeAt(k + 1), seg.charCodeAt(k + 2));
        if (
          best === -1 ||
          textFrequency[id] < textFrequency[best] ||
          (textFrequency[id] === textFrequency[best] && counts[id] < counts[best])
        )
          best = id;
      }
    }
    bucketOf[i] = best;
    if (best === -1) always.push(i);
    else counts[best]++;
  });
  const start = new Int32Array(BUCKETS + 1);
  for (let b = 0; b < BUCKETS; b++) start[b + 1] = start[b] + counts[b];
  const fill = start.slice(0, BUCKETS);
  const items = new Int32Array(start[BUCKETS]);
  // Entries are already sorted longest first, so each bucket is too.
  entries.forEach((_, i) => {
    const b = bucketOf[i];
    if (b !== -1) items[fill[b]++] = i;
  });
  const used = new Int32Array(BUCKETS >>> 5);
  for (let b = 0; b < BUCKETS; b++) if (counts[b] !== 0) used[b >>> 5] |= 1 << (b & 31);
  return { start, items, always: Int32Array.from(always), used };
}

function newNode(label: string, depth: number): Node {
  return {
    label,
    depth,
    id: 0,
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
function insert(root: Node, key: string): Node {
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

/**
 * The longest matching rule of each kind. The winner's length and line are
 * exact; the other kind's length is exact when it ties or comes within the
 * winner's length of the literal rules, and otherwise may be lower than its
 * true longest match (a shorter match changes nothing), -1 when none counted.
 */
export interface MatchDetail {
  allowLength: number;
  allowLine: number;
  disallowLength: number;
  disallowLine: number;
}

/** A compiled rule set. `check` returns the decision for one path. */
export interface CompiledRules {
  /**
   * Decides for a path (as getPathParamsQuery returns it). Result: 0 when no
   * rule decided (allowed), +line when allowed by that line, -line when
   * blocked by that line.
   */
  check(path: string): number;
  /** The longest matching allow and disallow (length -1 and line 0 when none). */
  detail(path: string): MatchDetail;
  /** `detail` without allocating: writes allowLength, allowLine, disallowLength, disallowLine into `out[0..3]`. */
  detailInto(path: string, out: Int32Array): void;
  /**
   * Every rule that matches `path`, deciding or not, as `matchCode`s in no
   * particular order (for explanations). An allow rule may appear both by
   * its own pattern and by its index.html reading.
   */
  listMatches(path: string): number[];
  /** Number of rules compiled (index.html alternatives included). */
  readonly size: number;
}

function addPattern(
  root: Node,
  pattern: string,
  allow: boolean,
  line: number,
  viaIndexHtml: boolean,
  seenWild: Map<string, WildEntry>,
): void {
  const star = pattern.indexOf('*');
  const anchored = pattern.length > 0 && pattern.charCodeAt(pattern.length - 1) === 0x24;
  const code = matchCode(line, viaIndexHtml);
  if (star === -1) {
    if (anchored) {
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
    return;
  }
  // A later rule with the same pattern and kind never decides (the first
  // line wins among equals): it is only kept for listing matches.
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
  const node = insert(root, pattern.slice(0, star));
  const rest = anchored ? pattern.slice(star + 1, -1) : pattern.slice(star + 1);
  const segs = rest.split('*');
  // A trailing `*` (without `$`) changes nothing: drop empty trailing segments.
  if (!anchored) while (segs.length && segs[segs.length - 1] === '') segs.pop();
  const [maskLo, maskHi] = maskOf(segs.join(''));
  const entry: WildEntry = {
    allow,
    length: pattern.length,
    line,
    viaIndexHtml,
    dups: null,
    segs,
    anchored,
    maskLo,
    maskHi,
  };
  (node.wild ??= []).push(entry);
  seenWild.set(key, entry);
}

type SearchObserver = (from: number, at: number) => void;
let searchObserver: SearchObserver | null = null;

/** Test hook: observe every segment search of wildcard rules (null to stop). */
export function __setSearchObserver(fn: SearchObserver | null): void {
  searchObserver = fn;
}

/** Greedy leftmost match of the segments of a wildcard rule from `pos`. */
function wildMatches(path: string, pos: number, e: WildEntry): boolean {
  const segs = e.segs;
  const last = segs.length - 1;
  for (let i = 0; i <= last; i++) {
    const seg = segs[i];
    if (i === last && e.anchored) {
      return path.length - seg.length >= pos && path.endsWith(seg);
    }
    if (seg.length === 0) continue;
    const at = path.indexOf(seg, pos);
    if (searchObserver) searchObserver(pos, at);
    if (at === -1) return false;
    pos = at + seg.length;
  }
  return true;
}

/** Compiles the rules of the given groups (merged). */
export function compileRules(parsed: ParsedRobots, groups: readonly number[]): CompiledRules {
  const root = newNode('', 0);
  const seenWild = new Map<string, WildEntry>();
  let size = 0;
  /** Rules with an empty pattern: they match every path with priority 0, so never decide, but are listed. */
  const emptyRules: number[] = [];
  for (const gi of groups) {
    for (const r of parsed.groups[gi].rules) {
      if (r.length === 0) {
        emptyRules.push(matchCode(r.line, false));
        continue;
      }
      const allow = r.kind === 'allow';
      addPattern(root, r.pattern, allow, r.line, false, seenWild);
      size++;
      if (allow) {
        const alt = indexHtmlAlternative(r.pattern);
        if (alt !== null) {
          addPattern(root, alt, true, r.line, true, seenWild);
          size++;
        }
      }
    }
  }
  // How often each trigram bucket occurs in the compiled patterns (computed once, if needed).
  let frequency: Int32Array | null = null;
  const patternTrigrams = (): Int32Array => {
    if (frequency) return frequency;
    frequency = new Int32Array(BUCKETS);
    for (const gi of groups) {
      for (const r of parsed.groups[gi].rules) {
        const p = r.pattern;
        for (let k = 0; k + 2 < p.length; k++)
          frequency[trigramBucket(p.charCodeAt(k), p.charCodeAt(k + 1), p.charCodeAt(k + 2))]++;
      }
    }
    return frequency;
  };
  // Longest wildcard rules first, so a walk can stop early.
  const wildListOf = (entries: WildEntry[]): WildList => {
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
      index: entries.length >= TRIGRAM_INDEX_MIN ? buildTrigramIndex(entries, patternTrigrams()) : null,
    };
  };

  // The tree flattened into typed arrays for the walk. Node k's fields are
  // info[k * 8 + …]: the four rule lines (litAllow, litDisallow, exactAllow,
  // exactDisallow), the start and length of its edge label in `labels`, and
  // its children: for a few, their start in kidCode/kidNode and their count;
  // for many (a wide node), an offset in `wide` (a table by character code
  // holding child + 1) and -1.
  const nodes: Node[] = [];
  const collect = (nd: Node): void => {
    nd.id = nodes.length;
    nodes.push(nd);
    if (nd.children) for (const c of nd.children.values()) collect(c);
  };
  collect(root);
  const info = new Int32Array(nodes.length * 8);
  const labels = new Uint16Array(nodes.reduce((sum, nd) => sum + nd.label.length, 0));
  // Patterns are ASCII after normalisation, so edges start below 128; a
  // node with an edge that does not (never, but cheap to allow) stays narrow.
  const isWide = (nd: Node): boolean =>
    nd.children !== null && nd.children.size > WIDE_NODE && [...nd.children.keys()].every((c) => c < 128);
  let kidTotal = 0;
  let wideTotal = 0;
  for (const nd of nodes) {
    if (isWide(nd)) wideTotal += 128;
    else kidTotal += nd.children?.size ?? 0;
  }
  const kidCode = new Uint16Array(kidTotal);
  const kidNode = new Int32Array(kidTotal);
  const wide = new Int32Array(wideTotal);
  const wildOf: (WildList | null)[] = new Array<WildList | null>(nodes.length).fill(null);
  const litAllOf: (number[] | null)[] = nodes.map((nd) => nd.litAll);
  const exactAllOf: (number[] | null)[] = nodes.map((nd) => nd.exactAll);
  let labelAt = 0;
  let kidAt = 0;
  let wideAt = 0;
  nodes.forEach((nd, k) => {
    const b = k * 8;
    info[b] = nd.litAllow;
    info[b + 1] = nd.litDisallow;
    info[b + 2] = nd.exactAllow;
    info[b + 3] = nd.exactDisallow;
    info[b + 4] = labelAt;
    info[b + 5] = nd.label.length;
    for (let i = 0; i < nd.label.length; i++) labels[labelAt++] = nd.label.charCodeAt(i);
    if (nd.children) {
      if (isWide(nd)) {
        info[b + 6] = wideAt;
        info[b + 7] = -1;
        for (const [code, c] of nd.children) wide[wideAt + code] = c.id + 1;
        wideAt += 128;
      } else {
        info[b + 6] = kidAt;
        info[b + 7] = nd.children.size;
        for (const [code, c] of nd.children) {
          kidCode[kidAt] = code;
          kidNode[kidAt++] = c.id;
        }
      }
    }
    if (nd.wild) wildOf[k] = wildListOf(nd.wild);
  });

  // Wildcard lists met on the path, and their depths (reused).
  const wildLists: WildList[] = [];
  const wildDepths: number[] = [];
  // The path's character codes, read once (reused, grown as needed).
  let codes = new Uint16Array(256);
  // The walk leaves its result here, so the hot path allocates nothing.
  let aLen = -1;
  let aLine = 0;
  let dLen = -1;
  let dLine = 0;
  // Trigram buckets already visited at the current node (stamped per visit).
  const seen = new Int32Array(BUCKETS);
  let generation = 0;
  let pathLo = 0;
  let pathHi = 0;

  /**
   * Tries wildcard rule i of list wl. Returns false when it, and every later
   * (shorter) rule of the same list, is too short to matter.
   */
  const tryWild = (path: string, wl: WildList, i: number, depth: number): boolean => {
    const packed = wl.packed;
    const j = i * 3;
    const length = packed[j + 2];
    // A rule shorter than the longest match so far can change neither the
    // verdict, nor the deciding line, nor whether allow won a tie.
    if (length < aLen || length < dLen) return false;
    if ((packed[j] & ~pathLo) !== 0 || (packed[j + 1] & ~pathHi) !== 0) return true;
    const e = wl.entries[i];
    if (e.allow) {
      if (length === aLen && e.line > aLine) return true;
    } else if (length === dLen && e.line > dLine) return true;
    if (!wildMatches(path, depth, e)) return true;
    if (e.allow) {
      aLen = length;
      aLine = e.line;
    } else {
      dLen = length;
      dLine = e.line;
    }
    return true;
  };

  /** One read of the path: its codes into `codes`, and its character mask into pathLo/pathHi. */
  const readPath = (path: string): Uint16Array => {
    const n = path.length;
    if (codes.length < n) codes = new Uint16Array(n * 2);
    const cs = codes;
    let lo = 0;
    let hi = 0;
    for (let k = 0; k < n; k++) {
      const c = path.charCodeAt(k);
      cs[k] = c;
      const bit = c & 63;
      if (bit < 32) lo |= 1 << bit;
      else hi |= 1 << (bit - 32);
    }
    pathLo = lo;
    pathHi = hi;
    return cs;
  };

  /**
   * The child of `node` that the path (codes `cs`, length n) continues into
   * at `pos`, its whole edge label matching; -1 when there is none.
   */
  const childAt = (cs: Uint16Array, n: number, node: number, pos: number): number => {
    const b = node << 3;
    const count = info[b + 7];
    if (pos >= n || count === 0) return -1;
    const code = cs[pos];
    let child = -1;
    if (count < 0) {
      if (code < 128) child = wide[info[b + 6] + code] - 1;
    } else {
      const from = info[b + 6];
      for (let k = from; k < from + count; k++) {
        if (kidCode[k] === code) {
          child = kidNode[k];
          break;
        }
      }
    }
    if (child < 0) return -1;
    // The first character is matched by the lookup; longer labels compare the rest.
    const cb = child << 3;
    const len = info[cb + 5];
    if (len > 1) {
      if (pos + len > n) return -1;
      const at = info[cb + 4];
      let k = 1;
      while (k < len && labels[at + k] === cs[pos + k]) k++;
      if (k < len) return -1;
    }
    return child;
  };

  const walk = (path: string): void => {
    const n = path.length;
    const cs = readPath(path);
    // The literal walk keeps the best matches in locals, and hands them over after.
    let al = -1;
    let aw = 0;
    let dl = -1;
    let dw = 0;
    let node = 0;
    let pos = 0;
    let wildCount = 0;
    // Each node is deeper than the one before (labels are never empty), so a
    // rule found here is longer than any found so far: it simply takes over.
    for (;;) {
      const b = node << 3;
      if (info[b] !== 0) {
        al = pos;
        aw = info[b];
      }
      if (info[b + 1] !== 0) {
        dl = pos;
        dw = info[b + 1];
      }
      if (pos === n) {
        // `<prefix>$` counts the `$`: one byte longer than the prefix.
        if (info[b + 2] !== 0) {
          al = pos + 1;
          aw = info[b + 2];
        }
        if (info[b + 3] !== 0) {
          dl = pos + 1;
          dw = info[b + 3];
        }
      }
      const wl = wildOf[node];
      if (wl !== null) {
        wildLists[wildCount] = wl;
        wildDepths[wildCount++] = pos;
      }
      const child = childAt(cs, n, node, pos);
      if (child < 0) break;
      pos += info[(child << 3) + 5];
      node = child;
    }
    aLen = al;
    aLine = aw;
    dLen = dl;
    dLine = dw;
    // Wildcard rules last, deepest prefix first: by then the literal matches
    // are known, and rules too short to beat them are skipped unread. A list
    // whose longest rule is shorter than the best match is skipped whole.
    for (let w = wildCount - 1; w >= 0; w--) {
      const wl = wildLists[w];
      const depth = wildDepths[w];
      if (wl.packed[2] < aLen || wl.packed[2] < dLen) continue;
      const index = wl.index;
      if (index === null) {
        // Few rules: scan them all, longest first.
        const count = wl.entries.length;
        for (let i = 0; i < count; i++) if (!tryWild(path, wl, i, depth)) break;
        continue;
      }
      for (let i = 0; i < index.always.length; i++) if (!tryWild(path, wl, index.always[i], depth)) break;
      // One pass over the path from the node: each three-character run's bucket, once.
      const gen = ++generation;
      const { start, items, used } = index;
      let run = 0;
      for (let k = depth; k < n; k++) {
        run = ((run << 6) | (cs[k] & 63)) & 0x3ffff;
        if (k < depth + 2) continue;
        const id = gramBucket(run);
        if ((used[id >>> 5] & (1 << (id & 31))) === 0 || seen[id] === gen) continue;
        seen[id] = gen;
        const end = start[id + 1];
        for (let i = start[id]; i < end; i++) if (!tryWild(path, wl, items[i], depth)) break;
      }
    }
  };
  /** Every matching rule: the literal walk and the wildcard search, without the shortcuts of `walk`. */
  const listMatches = (path: string): number[] => {
    const out = emptyRules.slice();
    const n = path.length;
    const cs = readPath(path);
    const found = (wl: WildList, i: number, depth: number): void => {
      const j = i * 3;
      if ((wl.packed[j] & ~pathLo) !== 0 || (wl.packed[j + 1] & ~pathHi) !== 0) return;
      const e = wl.entries[i];
      if (!wildMatches(path, depth, e)) return;
      out.push(matchCode(e.line, e.viaIndexHtml));
      if (e.dups) out.push(...e.dups);
    };
    let node = 0;
    let pos = 0;
    for (;;) {
      const lit = litAllOf[node];
      if (lit) out.push(...lit);
      const exact = exactAllOf[node];
      if (exact && pos === n) out.push(...exact);
      const wl = wildOf[node];
      if (wl !== null) {
        const index = wl.index;
        if (index === null) {
          for (let i = 0; i < wl.entries.length; i++) found(wl, i, pos);
        } else {
          for (let i = 0; i < index.always.length; i++) found(wl, index.always[i], pos);
          const gen = ++generation;
          let run = 0;
          for (let k = pos; k < n; k++) {
            run = ((run << 6) | (cs[k] & 63)) & 0x3ffff;
            if (k < pos + 2) continue;
            const id = gramBucket(run);
            if (seen[id] === gen) continue;
            seen[id] = gen;
            for (let i = index.start[id]; i < index.start[id + 1]; i++) found(wl, index.items[i], pos);
          }
        }
      }
      const child = childAt(cs, n, node, pos);
      if (child < 0) break;
      pos += info[(child << 3) + 5];
      node = child;
    }
    return out;
  };
  const detail = (path: string): MatchDetail => {
    walk(path);
    return { allowLength: aLen, allowLine: aLine, disallowLength: dLen, disallowLine: dLine };
  };
  const detailInto = (path: string, out: Int32Array): void => {
    walk(path);
    out[0] = aLen;
    out[1] = aLine;
    out[2] = dLen;
    out[3] = dLine;
  };
  const check = (path: string): number => {
    walk(path);
    if (aLen <= 0 && dLen <= 0) return 0;
    return dLen > aLen ? -dLine : aLine;
  };
  return { check, detail, detailInto, listMatches, size };
}
