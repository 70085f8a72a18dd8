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
import type { ParsedRobots } from './types';
import { indexHtmlAlternative } from './pattern';

/** A wildcard rule hanging at the node of its literal prefix. */
interface WildEntry {
  allow: boolean;
  /** Priority: byte length of the pattern. */
  length: number;
  line: number;
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
  children: Map<number, Node> | null;
  /** Lookup form of `children`, built once compiled: first-character codes and nodes, or a table by code for wide nodes. */
  kidCodes: number[] | null;
  kids: Node[] | null;
  kidTable: (Node | undefined)[] | null;
  /** Lines of literal rules equal to this prefix (0 = none): the first line of each kind. */
  litAllow: number;
  litDisallow: number;
  /** Lines of rules `<prefix>$` (exact path). */
  exactAllow: number;
  exactDisallow: number;
  wild: WildEntry[] | null;
  /** The wildcard entries' filter data packed for a cache-friendly scan: maskLo, maskHi, length, per entry. */
  wildPacked: Int32Array | null;
  /** For nodes with many wildcard rules: the rules bucketed by a three-character run they require. */
  wildIndex: TrigramIndex | null;
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
        if (best === -1 || textFrequency[id] < textFrequency[best] || (textFrequency[id] === textFrequency[best] && counts[id] < counts[best])) best = id;
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
  return { label, depth, children: null, kidCodes: null, kids: null, kidTable: null, litAllow: 0, litDisallow: 0, exactAllow: 0, exactDisallow: 0, wild: null, wildPacked: null, wildIndex: null };
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
  /** Number of rules compiled (index.html alternatives included). */
  readonly size: number;
}

function addPattern(root: Node, pattern: string, allow: boolean, line: number, seenWild: Map<string, WildEntry>): void {
  const star = pattern.indexOf('*');
  const anchored = pattern.length > 0 && pattern.charCodeAt(pattern.length - 1) === 0x24;
  if (star === -1) {
    if (anchored) {
      const node = insert(root, pattern.slice(0, -1));
      if (allow) node.exactAllow = firstLine(node.exactAllow, line);
      else node.exactDisallow = firstLine(node.exactDisallow, line);
    } else {
      const node = insert(root, pattern);
      if (allow) node.litAllow = firstLine(node.litAllow, line);
      else node.litDisallow = firstLine(node.litDisallow, line);
    }
    return;
  }
  // A later rule with the same pattern and kind never decides: the first line wins among equals.
  const key = (allow ? 'a' : 'd') + pattern;
  const same = seenWild.get(key);
  if (same) {
    same.line = firstLine(same.line, line);
    return;
  }
  const node = insert(root, pattern.slice(0, star));
  const rest = anchored ? pattern.slice(star + 1, -1) : pattern.slice(star + 1);
  const segs = rest.split('*');
  // A trailing `*` (without `$`) changes nothing: drop empty trailing segments.
  if (!anchored) while (segs.length && segs[segs.length - 1] === '') segs.pop();
  const [maskLo, maskHi] = maskOf(segs.join(''));
  const entry: WildEntry = { allow, length: pattern.length, line, segs, anchored, maskLo, maskHi };
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
  for (const gi of groups) {
    for (const r of parsed.groups[gi].rules) {
      // Empty patterns match everything with priority 0: they never decide.
      if (r.length === 0) continue;
      const allow = r.kind === 'allow';
      addPattern(root, r.pattern, allow, r.line, seenWild);
      size++;
      if (allow) {
        const alt = indexHtmlAlternative(r.pattern);
        if (alt !== null) {
          addPattern(root, alt, true, r.line, seenWild);
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
        for (let k = 0; k + 2 < p.length; k++) frequency[trigramBucket(p.charCodeAt(k), p.charCodeAt(k + 1), p.charCodeAt(k + 2))]++;
      }
    }
    return frequency;
  };
  // Longest wildcard rules first, so a walk can stop early.
  const sortWild = (n: Node): void => {
    if (n.wild) {
      n.wild.sort((a, b) => b.length - a.length || a.line - b.line);
      n.wildPacked = new Int32Array(n.wild.length * 3);
      n.wild.forEach((e, i) => {
        n.wildPacked![i * 3] = e.maskLo;
        n.wildPacked![i * 3 + 1] = e.maskHi;
        n.wildPacked![i * 3 + 2] = e.length;
      });
      if (n.wild.length >= TRIGRAM_INDEX_MIN) n.wildIndex = buildTrigramIndex(n.wild, patternTrigrams());
    }
    if (n.children) {
      // Patterns are ASCII after normalisation, so every edge starts below 128.
      if (n.children.size > WIDE_NODE) {
        n.kidTable = new Array<Node | undefined>(128).fill(undefined);
        for (const [code, c] of n.children) n.kidTable[code] = c;
      } else {
        n.kidCodes = [...n.children.keys()];
        n.kids = [...n.children.values()];
      }
      for (const c of n.children.values()) sortWild(c);
    }
  };
  sortWild(root);

  // Nodes on the path that carry wildcard rules, and their depths (reused).
  const wildNodes: Node[] = [];
  const wildDepths: number[] = [];
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
   * Tries wildcard rule i of node wn. Returns false when it, and every later
   * (shorter) rule of the same list, is too short to matter.
   */
  const tryWild = (path: string, wn: Node, i: number, depth: number): boolean => {
    const packed = wn.wildPacked!;
    const j = i * 3;
    const length = packed[j + 2];
    // A rule shorter than the longest match so far can change neither the
    // verdict, nor the deciding line, nor whether allow won a tie.
    if (length < aLen || length < dLen) return false;
    if ((packed[j] & ~pathLo) !== 0 || (packed[j + 1] & ~pathHi) !== 0) return true;
    const e = wn.wild![i];
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

  const walk = (path: string): void => {
    aLen = -1;
    aLine = 0;
    dLen = -1;
    dLine = 0;
    const n = path.length;
    let node: Node | undefined = root;
    let pos = 0;
    let wildCount = 0;
    while (node) {
      const depth = pos;
      if (node.litAllow && (depth > aLen || (depth === aLen && node.litAllow < aLine))) {
        aLen = depth;
        aLine = node.litAllow;
      }
      if (node.litDisallow && (depth > dLen || (depth === dLen && node.litDisallow < dLine))) {
        dLen = depth;
        dLine = node.litDisallow;
      }
      if (depth === n) {
        if (node.exactAllow && (depth + 1 > aLen || (depth + 1 === aLen && node.exactAllow < aLine))) {
          aLen = depth + 1;
          aLine = node.exactAllow;
        }
        if (node.exactDisallow && (depth + 1 > dLen || (depth + 1 === dLen && node.exactDisallow < dLine))) {
          dLen = depth + 1;
          dLine = node.exactDisallow;
        }
      }
      if (node.wild) {
        wildNodes[wildCount] = node;
        wildDepths[wildCount++] = depth;
      }
      if (pos >= n || !node.children) break;
      const code = path.charCodeAt(pos);
      let child: Node | undefined;
      if (node.kidTable !== null) {
        child = code < 128 ? node.kidTable[code] : undefined;
      } else {
        const codes = node.kidCodes!;
        for (let k = 0; k < codes.length; k++) {
          if (codes[k] === code) {
            child = node.kids![k];
            break;
          }
        }
      }
      if (!child) break;
      // The first character is matched by the lookup; longer labels compare the rest.
      const label = child.label;
      const len = label.length;
      if (len > 1) {
        if (pos + len > n) break;
        let k = 1;
        while (k < len && label.charCodeAt(k) === path.charCodeAt(pos + k)) k++;
        if (k < len) break;
      }
      pos += len;
      node = child;
    }
    // Wildcard rules last, deepest prefix first: by then the literal matches
    // are known, and rules too short to beat them are skipped unread. A node
    // whose longest wildcard rule is shorter than the best match is skipped whole.
    let live = 0;
    for (let w = 0; w < wildCount; w++) {
      const longest = (wildNodes[w] as Node).wildPacked![2];
      if (longest >= aLen && longest >= dLen) live++;
    }
    if (live === 0) return;
    // The path's character mask is made only for the short lists that use it;
    // until then it holds every bit, so the mask test lets everything through.
    pathLo = -1;
    pathHi = -1;
    let masked = false;
    for (let w = wildCount - 1; w >= 0; w--) {
      const wn = wildNodes[w] as Node;
      const depth = wildDepths[w];
      if (wn.wildPacked![2] < aLen || wn.wildPacked![2] < dLen) continue;
      const index = wn.wildIndex;
      if (index === null || index.always.length !== 0) {
        if (!masked) {
          masked = true;
          let lo = 0;
          let hi = 0;
          for (let k = 0; k < n; k++) {
            const b = path.charCodeAt(k) & 63;
            if (b < 32) lo |= 1 << b;
            else hi |= 1 << (b - 32);
          }
          pathLo = lo;
          pathHi = hi;
        }
        if (index === null) {
          // Few rules: scan them all, longest first.
          const count = wn.wild!.length;
          for (let i = 0; i < count; i++) if (!tryWild(path, wn, i, depth)) break;
          continue;
        }
        for (let i = 0; i < index.always.length; i++) if (!tryWild(path, wn, index.always[i], depth)) break;
      }
      // One pass over the path from the node: each three-character run's bucket, once.
      const gen = ++generation;
      const { start, items, used } = index;
      let run = 0;
      for (let k = depth; k < n; k++) {
        run = ((run << 6) | (path.charCodeAt(k) & 63)) & 0x3ffff;
        if (k < depth + 2) continue;
        const id = gramBucket(run);
        if ((used[id >>> 5] & (1 << (id & 31))) === 0 || seen[id] === gen) continue;
        seen[id] = gen;
        const end = start[id + 1];
        for (let i = start[id]; i < end; i++) if (!tryWild(path, wn, items[i], depth)) break;
      }
    }
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
  return { check, detail, detailInto, size };
}
