/**
 * The matcher for small rule sets: each rule's pattern tried in turn with
 * `matchesPattern`. For a file of a few rules (Google's harness format,
 * `batch`: one small file per few queries) building and flattening the
 * radix tree costs more than the handful of checks it would serve. The
 * decision is the reference's, like the tree's (docs/behaviour.md §8 and
 * §12, Decision): the longest pattern in bytes of each kind, the first line
 * among equally long ones, and each allow rule's index.html reading. The
 * listing of matches, needed only for explanations, is the tree's, built
 * on first use.
 */

import { indexHtmlAlternative, matchesPattern } from '../pattern';
import type { ParsedRobots } from '../types';
import type { CompiledRules } from './match';

/** Rule sets of at most this many patterns (index.html readings included) are matched linearly. */
export const LINEAR_MAX_RULES = 16;

/** The patterns of a rule set in rule order, with their kinds, priorities and lines. */
export class LinearRules implements CompiledRules {
  readonly size: number;
  private readonly patterns: string[] = [];
  /** Per pattern: its length (priority), negated for disallow rules. */
  private readonly signedLengths: number[] = [];
  private readonly lines: number[] = [];
  private full: CompiledRules | null = null;

  constructor(
    parsed: ParsedRobots,
    groups: readonly number[],
    private readonly fullMatcher: () => CompiledRules,
  ) {
    for (const gi of groups) {
      for (const r of parsed.groups[gi].rules) {
        // An empty pattern matches with priority 0: it never decides.
        if (r.length === 0) continue;
        this.add(r.pattern, r.kind === 'allow', r.line);
        const alt = r.kind === 'allow' ? indexHtmlAlternative(r.pattern) : null;
        if (alt !== null) this.add(alt, true, r.line);
      }
    }
    this.size = this.patterns.length;
  }

  private add(pattern: string, allow: boolean, line: number): void {
    this.patterns.push(pattern);
    this.signedLengths.push(allow ? pattern.length : -pattern.length);
    this.lines.push(line);
  }

  /** The patterns in rule order with their signed lengths and lines (for compile/buckets.ts). */
  entries(): { patterns: string[]; signedLengths: number[]; lines: number[] } {
    return { patterns: this.patterns, signedLengths: this.signedLengths, lines: this.lines };
  }

  check(path: string): number {
    const d = scratch;
    this.detailInto(path, d);
    if (d[0] <= 0 && d[2] <= 0) return 0;
    return d[2] > d[0] ? -d[3] : d[1];
  }

  detailInto(path: string, out: Int32Array): void {
    let aLen = -1;
    let aLine = 0;
    let dLen = -1;
    let dLine = 0;
    for (let i = 0; i < this.patterns.length; i++) {
      const signed = this.signedLengths[i];
      const line = this.lines[i];
      if (signed > 0) {
        if (signed < aLen || (signed === aLen && line > aLine)) continue;
        if (!matchesPattern(path, this.patterns[i])) continue;
        aLen = signed;
        aLine = line;
      } else {
        const length = -signed;
        if (length < dLen || (length === dLen && line > dLine)) continue;
        if (!matchesPattern(path, this.patterns[i])) continue;
        dLen = length;
        dLine = line;
      }
    }
    out[0] = aLen;
    out[1] = aLine;
    out[2] = dLen;
    out[3] = dLine;
  }

  listMatches(path: string): number[] {
    this.full ??= this.fullMatcher();
    return this.full.listMatches(path);
  }
}

const scratch = new Int32Array(4);
