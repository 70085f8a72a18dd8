/**
 * The walk that decides a path, and the walk that lists every rule matching
 * it, over a flattened tree.
 *
 * Deciding walks the tree along the path once, keeping the longest literal
 * and exact rules of each kind as it passes their nodes, then tries the
 * wildcard lists it met, deepest first, longest rule first, and only while a
 * rule could still beat the best match (docs/behaviour.md §8). Listing takes
 * the same walk without those shortcuts.
 */

import { childAt, EXACT_ALLOW, EXACT_DISALLOW, type FlatTree, LABEL_LENGTH, LIT_ALLOW, LIT_DISALLOW } from './flatten';
import { matchCode } from './trie';
import { BUCKETS, gramBucket, type TrigramIndex, type WildList, wildMatches } from './wildcards';

/** A compiled rule set. `check` returns the decision for one path. */
export interface CompiledRules {
  /**
   * Decides for a path (as getPathParamsQuery returns it). Result: 0 when no
   * rule decided (allowed), +line when allowed by that line, -line when
   * blocked by that line.
   */
  check(path: string): number;
  /**
   * The longest matching rule of each kind, without allocating: writes
   * allowLength, allowLine, disallowLength, disallowLine into `out[0..3]`
   * (length -1 and line 0 when none). The winner's length and line are
   * exact; the other kind's length is exact when it ties or comes within the
   * winner's length of the literal rules, and otherwise may be lower than its
   * true longest match (a shorter match changes nothing).
   */
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

/**
 * Scratch state shared by every matcher: a walk runs to its end before the
 * next starts, so one copy serves them all. Per matcher, the 16 KiB bucket
 * table cost more than compiling a small file (batch compiles one per file).
 */
const scratch = {
  /** The path's character codes, read once (grown as needed). */
  codes: new Uint16Array(256),
  /** Trigram buckets already visited at the current node, stamped per visit. */
  seen: new Int32Array(BUCKETS),
  generation: 0,
};

/** A fresh stamp for `scratch.seen`; on wrap-around the table is cleared so no old stamp can match. */
function nextGeneration(): number {
  if (scratch.generation === 0x7fffffff) {
    scratch.seen.fill(0);
    scratch.generation = 0;
  }
  return ++scratch.generation;
}

/** The walks over one flattened tree. Its scratch state is reused, so a check allocates nothing. */
export class TreeMatcher implements CompiledRules {
  readonly size: number;
  private readonly tree: FlatTree;
  /** The tree's node table, read at every step of the walk. */
  private readonly info: Int32Array;
  private readonly emptyRules: readonly number[];
  /** Wildcard lists met on the path, and their depths (reused). */
  private readonly wildLists: WildList[] = [];
  private readonly wildDepths: number[] = [];
  /** The path's character mask (see `maskOf`). */
  private pathLo = 0;
  private pathHi = 0;
  /** The walk leaves its result here, so the hot path allocates nothing. */
  private aLen = -1;
  private aLine = 0;
  private dLen = -1;
  private dLine = 0;

  constructor(tree: FlatTree, emptyRules: readonly number[], size: number) {
    this.tree = tree;
    this.info = tree.info;
    this.emptyRules = emptyRules;
    this.size = size;
  }

  check(path: string): number {
    this.walk(path);
    if (this.aLen <= 0 && this.dLen <= 0) return 0;
    return this.dLen > this.aLen ? -this.dLine : this.aLine;
  }

  detailInto(path: string, out: Int32Array): void {
    this.walk(path);
    out[0] = this.aLen;
    out[1] = this.aLine;
    out[2] = this.dLen;
    out[3] = this.dLine;
  }

  /** One read of the path: its codes into `codes`, and its character mask into pathLo/pathHi. */
  private readPath(path: string): Uint16Array {
    const n = path.length;
    if (scratch.codes.length < n) scratch.codes = new Uint16Array(n * 2);
    const cs = scratch.codes;
    let lo = 0;
    let hi = 0;
    for (let k = 0; k < n; k++) {
      const c = path.charCodeAt(k);
      cs[k] = c;
      const bit = c & 63;
      if (bit < 32) lo |= 1 << bit;
      else hi |= 1 << (bit - 32);
    }
    this.pathLo = lo;
    this.pathHi = hi;
    return cs;
  }

  /** The child the path continues into (see flatten.ts). */
  private childAt(cs: Uint16Array, n: number, node: number, pos: number): number {
    return childAt(this.tree, cs, n, node, pos);
  }

  /**
   * Tries wildcard rule i of list wl. Returns false when it, and every later
   * (shorter) rule of the same list, is too short to matter.
   */
  private tryWild(path: string, wl: WildList, i: number, depth: number): boolean {
    const packed = wl.packed;
    const j = i * 3;
    const length = packed[j + 2];
    // A rule shorter than the longest match so far can change neither the
    // verdict, nor the deciding line, nor whether allow won a tie.
    if (length < this.aLen || length < this.dLen) return false;
    if ((packed[j] & ~this.pathLo) !== 0 || (packed[j + 1] & ~this.pathHi) !== 0) return true;
    const e = wl.entries[i];
    if (e.allow) {
      if (length === this.aLen && e.line > this.aLine) return true;
    } else if (length === this.dLen && e.line > this.dLine) return true;
    if (!wildMatches(path, depth, e)) return true;
    if (e.allow) {
      this.aLen = length;
      this.aLine = e.line;
    } else {
      this.dLen = length;
      this.dLine = e.line;
    }
    return true;
  }

  /** Tries the indexed rules of one list: the always-visited ones, then the bucket of each run the path has. */
  private tryIndexed(path: string, cs: Uint16Array, wl: WildList, index: TrigramIndex, depth: number): void {
    const always = index.always;
    for (let i = 0; i < always.length; i++) if (!this.tryWild(path, wl, always[i], depth)) break;
    // One pass over the path from the node: each three-character run's bucket, once.
    const gen = nextGeneration();
    const { start, items, used } = index;
    const seen = scratch.seen;
    const n = path.length;
    let run = 0;
    for (let k = depth; k < n; k++) {
      run = ((run << 6) | (cs[k] & 63)) & 0x3ffff;
      if (k < depth + 2) continue;
      const id = gramBucket(run);
      if ((used[id >>> 5] & (1 << (id & 31))) === 0 || seen[id] === gen) continue;
      seen[id] = gen;
      const end = start[id + 1];
      for (let i = start[id]; i < end; i++) if (!this.tryWild(path, wl, items[i], depth)) break;
    }
  }

  /**
   * Decides: the literal walk (the longest literal and exact rules of each
   * kind), then the wildcard rules that could still win. Its result is left
   * in aLen/aLine/dLen/dLine.
   */
  private walk(path: string): void {
    const n = path.length;
    const cs = this.readPath(path);
    const info = this.info;
    const wildOf = this.tree.wildOf;
    // The best matches stay in locals during the walk, and are handed over after.
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
      if (info[b + LIT_ALLOW] !== 0) {
        al = pos;
        aw = info[b + LIT_ALLOW];
      }
      if (info[b + LIT_DISALLOW] !== 0) {
        dl = pos;
        dw = info[b + LIT_DISALLOW];
      }
      if (pos === n) {
        // `<prefix>$` counts the `$`: one byte longer than the prefix.
        if (info[b + EXACT_ALLOW] !== 0) {
          al = pos + 1;
          aw = info[b + EXACT_ALLOW];
        }
        if (info[b + EXACT_DISALLOW] !== 0) {
          dl = pos + 1;
          dw = info[b + EXACT_DISALLOW];
        }
      }
      const wl = wildOf[node];
      if (wl !== null) {
        this.wildLists[wildCount] = wl;
        this.wildDepths[wildCount++] = pos;
      }
      const child = this.childAt(cs, n, node, pos);
      if (child < 0) break;
      pos += info[(child << 3) + LABEL_LENGTH];
      node = child;
    }
    this.aLen = al;
    this.aLine = aw;
    this.dLen = dl;
    this.dLine = dw;
    if (wildCount > 0) this.walkWild(path, cs, wildCount);
  }

  /**
   * The wildcard lists met by the literal walk, deepest prefix first: by
   * then the literal matches are known, and rules too short to beat them are
   * skipped unread. A list whose longest rule is shorter than the best match
   * is skipped whole.
   */
  private walkWild(path: string, cs: Uint16Array, wildCount: number): void {
    for (let w = wildCount - 1; w >= 0; w--) {
      const wl = this.wildLists[w];
      const depth = this.wildDepths[w];
      if (wl.packed[2] < this.aLen || wl.packed[2] < this.dLen) continue;
      const index = wl.index;
      if (index !== null) {
        this.tryIndexed(path, cs, wl, index, depth);
        continue;
      }
      // Few rules: scan them all, longest first.
      const count = wl.entries.length;
      for (let i = 0; i < count; i++) if (!this.tryWild(path, wl, i, depth)) break;
    }
  }

  /** Adds wildcard rule i of list wl to `out` if it matches (with its duplicates). */
  private listWild(out: number[], path: string, wl: WildList, i: number, depth: number): void {
    const j = i * 3;
    if ((wl.packed[j] & ~this.pathLo) !== 0 || (wl.packed[j + 1] & ~this.pathHi) !== 0) return;
    const e = wl.entries[i];
    if (!wildMatches(path, depth, e)) return;
    out.push(matchCode(e.line, e.viaIndexHtml));
    if (e.dups) out.push(...e.dups);
  }

  /** Adds every matching rule of one wildcard list to `out`. */
  private listWildList(out: number[], path: string, cs: Uint16Array, wl: WildList, depth: number): void {
    const index = wl.index;
    if (index === null) {
      for (let i = 0; i < wl.entries.length; i++) this.listWild(out, path, wl, i, depth);
      return;
    }
    for (let i = 0; i < index.always.length; i++) this.listWild(out, path, wl, index.always[i], depth);
    const gen = nextGeneration();
    let run = 0;
    for (let k = depth; k < path.length; k++) {
      run = ((run << 6) | (cs[k] & 63)) & 0x3ffff;
      if (k < depth + 2) continue;
      const id = gramBucket(run);
      if (scratch.seen[id] === gen) continue;
      scratch.seen[id] = gen;
      for (let i = index.start[id]; i < index.start[id + 1]; i++) this.listWild(out, path, wl, index.items[i], depth);
    }
  }

  listMatches(path: string): number[] {
    const t = this.tree;
    const out = this.emptyRules.slice();
    const n = path.length;
    const cs = this.readPath(path);
    let node = 0;
    let pos = 0;
    for (;;) {
      const lit = t.litAllOf[node];
      if (lit) out.push(...lit);
      const exact = t.exactAllOf[node];
      if (exact && pos === n) out.push(...exact);
      const wl = t.wildOf[node];
      if (wl !== null) this.listWildList(out, path, cs, wl, pos);
      const child = childAt(t, cs, n, node, pos);
      if (child < 0) break;
      pos += t.info[(child << 3) + 5];
      node = child;
    }
    return out;
  }
}
