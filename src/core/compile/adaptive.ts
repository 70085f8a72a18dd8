/**
 * The matcher for rule sets too large to stay a plain list: it answers its
 * first queries with the bucketed list (buckets.ts) and compiles the radix
 * tree once those queries have cost about what the compile would.
 *
 * Building the tree costs a fixed amount of work per rule; a bucketed query
 * tries a few patterns, a tree query next to nothing. A file asked a few
 * hundred questions (one robots.txt per site in a crawl study, the rows of
 * one site in a SQL table) never pays for the tree; a file asked many pays
 * at most about twice the better of the two, the bound of renting before
 * buying. The cost of a compile in patterns tried is measured in
 * docs/performance.md ("Many small files").
 */

import type { BucketedRules } from './buckets';
import type { CompiledRules } from './match';

/** A tree compile costs about as much as trying this many patterns per rule. */
const TREE_COST_PER_RULE = 200;

/** A rule set matched by its bucketed list, then by the tree once the list has tried enough patterns. */
export class AdaptiveRules implements CompiledRules {
  readonly size: number;
  private current: CompiledRules;
  private tree: CompiledRules | null = null;
  private readonly budget: number;

  constructor(
    private readonly first: BucketedRules,
    private readonly compileTree: () => CompiledRules,
  ) {
    this.current = first;
    this.size = first.size;
    this.budget = TREE_COST_PER_RULE * first.size;
  }

  /** Whether the tree has been built (for tests). */
  get compiled(): boolean {
    return this.tree !== null;
  }

  check(path: string): number {
    if (this.tree === null && this.first.tried > this.budget) this.current = this.tree = this.compileTree();
    return this.current.check(path);
  }

  detailInto(path: string, out: Int32Array): void {
    if (this.tree === null && this.first.tried > this.budget) this.current = this.tree = this.compileTree();
    this.current.detailInto(path, out);
  }

  listMatches(path: string): number[] {
    return this.current.listMatches(path);
  }
}
