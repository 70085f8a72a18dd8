/**
 * The compiled matcher: the rules of one set of obeyed groups, compiled once
 * into a radix tree keyed by each pattern's literal prefix, then flattened
 * into typed arrays for the walk. Its parts, one job each:
 *
 * - compile/tree.ts: the radix tree of any rule set, from the parts below;
 * - compile/trie.ts: the radix tree builder (literal, exact and wildcard
 *   rules, index.html readings, duplicate patterns);
 * - compile/wildcards.ts: wildcard matching and the wildcard index
 *   (presence mask, trigram buckets);
 * - compile/flatten.ts: the typed-array layout and the child lookup;
 * - compile/match.ts: the decision walk and the listing of matches;
 * - compile/linear.ts: a small set's patterns tried in turn;
 * - compile/adaptive.ts: a larger set tried in turn until the tree pays.
 *
 * Decisions equal the reference's (docs/behaviour.md §8 and §12, Decision):
 * longest pattern in bytes wins, the first line among equally long matches,
 * allow wins ties, and the index.html rule. Property tests check it against
 * an independent emulation of the reference on random files and URLs.
 */

import { AdaptiveRules } from './compile/adaptive';
import { BucketedRules } from './compile/buckets';
import { LINEAR_MAX_RULES, LinearRules } from './compile/linear';
import type { CompiledRules } from './compile/match';
import { compileTree } from './compile/tree';
import type { ParsedRobots } from './types';

export type { CompiledRules } from './compile/match';

/**
 * Compiles the rules of the given groups (merged): a small set into a list
 * tried in turn (compile/linear.ts); a larger one into a list that becomes
 * the tree once it has answered enough queries to pay for it
 * (compile/adaptive.ts).
 */
export function compileRules(parsed: ParsedRobots, groups: readonly number[]): CompiledRules {
  let tree: CompiledRules | null = null;
  const fullMatcher = (): CompiledRules => (tree ??= compileTree(parsed, groups));
  const linear = new LinearRules(parsed, groups, fullMatcher);
  return linear.size <= LINEAR_MAX_RULES ? linear : new AdaptiveRules(new BucketedRules(linear), fullMatcher);
}
