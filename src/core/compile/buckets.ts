/**
 * A rule set's patterns tried in turn, but only those that can match the
 * path's first characters: a pattern is anchored at the start of the path
 * (docs/behaviour.md §7), so `/shop` can only match a path that starts
 * `/sh`. Each pattern is filed by its literal second and third characters
 * (hashed), or by its second alone when the third is `*`, `$` or missing;
 * the rest (`/*.pdf`, `/`) are tried for every path, after a cheap test that
 * the path holds every character their literal pieces need. Building it is
 * a few passes over the rules, against the tree's many (compile/trie.ts,
 * flatten.ts); a query tries a small share of the patterns. The decision is
 * linear.ts's: the longest pattern in bytes of each kind, the first line
 * among equally long ones, each allow rule's index.html reading as its own
 * pattern.
 */

import { matchesPattern } from '../pattern';
import type { LinearRules } from './linear';
import type { CompiledRules } from './match';
import { maskOf } from './wildcards';

/** Buckets of patterns filed by their second character (its low six bits). */
const ONE = 64;
/** Buckets of patterns filed by their second and third characters (hashed). */
const TWO = 1024;

/** A character of the pattern that is itself (not `*`, not `$`, not past its end, which reads as NaN). */
const isLiteral = (c: number): boolean => !Number.isNaN(c) && c !== 0x2a && c !== 0x24;
const twoBucket = (a: number, b: number): number => (Math.imul(a, 31) + b) & (TWO - 1);

/** Patterns bucketed by their first literal characters, each bucket in rule order. */
export class BucketedRules implements CompiledRules {
  readonly size: number;
  private readonly patterns: string[];
  private readonly signedLengths: Int32Array;
  private readonly lines: Int32Array;
  /** The patterns of bucket b are order[start[b] .. start[b + 1]): ONE buckets, then TWO, then the ones tried always. */
  private readonly start = new Int32Array(ONE + TWO + 2);
  private readonly order: Int32Array;
  /** Per pattern tried always: the characters a path needs to match it (see `maskOf`). */
  private readonly maskLo: Int32Array;
  private readonly maskHi: Int32Array;
  /** Patterns tried so far (index.html readings and mask tests included): the work this matcher has cost. */
  tried = 0;

  constructor(private readonly linear: LinearRules) {
    const { patterns, signedLengths, lines } = linear.entries();
    this.patterns = patterns;
    this.signedLengths = Int32Array.from(signedLengths);
    this.lines = Int32Array.from(lines);
    this.size = patterns.length;
    const always = ONE + TWO;
    const bucketOf = new Int32Array(patterns.length);
    const counts = new Int32Array(always + 1);
    this.maskLo = new Int32Array(patterns.length);
    this.maskHi = new Int32Array(patterns.length);
    for (let i = 0; i < patterns.length; i++) {
      const p = patterns[i];
      const c1 = p.charCodeAt(1);
      const c2 = p.charCodeAt(2);
      let b = always;
      if (p.charCodeAt(0) !== 0x2a && isLiteral(c1)) b = isLiteral(c2) ? ONE + twoBucket(c1, c2) : c1 & (ONE - 1);
      else [this.maskLo[i], this.maskHi[i]] = maskOf(p.replace(/[*$]/g, ''));
      bucketOf[i] = b;
      counts[b]++;
    }
    for (let b = 0; b <= always; b++) this.start[b + 1] = this.start[b] + counts[b];
    const fill = this.start.slice(0, always + 1);
    this.order = new Int32Array(patterns.length);
    for (let i = 0; i < patterns.length; i++) this.order[fill[bucketOf[i]]++] = i;
  }

  check(path: string): number {
    const d = scratch;
    this.detailInto(path, d);
    if (d[0] <= 0 && d[2] <= 0) return 0;
    return d[2] > d[0] ? -d[3] : d[1];
  }

  detailInto(path: string, out: Int32Array): void {
    out[0] = -1;
    out[1] = 0;
    out[2] = -1;
    out[3] = 0;
    const always = ONE + TWO;
    if (this.start[always + 1] > this.start[always]) {
      const [lo, hi] = maskOf(path);
      this.tryAll(path, this.start[always], this.start[always + 1], lo, hi, out);
    }
    if (path.length < 2) return;
    const c1 = path.charCodeAt(1);
    this.tryAll(path, this.start[c1 & (ONE - 1)], this.start[(c1 & (ONE - 1)) + 1], -1, -1, out);
    if (path.length < 3) return;
    const b = ONE + twoBucket(c1, path.charCodeAt(2));
    this.tryAll(path, this.start[b], this.start[b + 1], -1, -1, out);
  }

  /**
   * Tries the patterns `order[from, to)` whose needed characters the path
   * has (masks -1: no test), keeping the best of each kind in `out`
   * (linear.ts's order-free rule).
   */
  private tryAll(path: string, from: number, to: number, lo: number, hi: number, out: Int32Array): void {
    this.tried += to - from;
    for (let k = from; k < to; k++) {
      const i = this.order[k];
      if ((this.maskLo[i] & ~lo) !== 0 || (this.maskHi[i] & ~hi) !== 0) continue;
      const signed = this.signedLengths[i];
      const line = this.lines[i];
      if (signed > 0) {
        if (signed < out[0] || (signed === out[0] && line > out[1])) continue;
        if (!matchesPattern(path, this.patterns[i])) continue;
        out[0] = signed;
        out[1] = line;
      } else {
        const length = -signed;
        if (length < out[2] || (length === out[2] && line > out[3])) continue;
        if (!matchesPattern(path, this.patterns[i])) continue;
        out[2] = length;
        out[3] = line;
      }
    }
  }

  listMatches(path: string): number[] {
    return this.linear.listMatches(path);
  }
}

const scratch = new Int32Array(4);
