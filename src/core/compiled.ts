/**
 * The compiled matcher: the rules of one set of obeyed groups, compiled once
 * into a radix tree keyed by each pattern's literal prefix, then flattened
 * into typed arrays for the walk. Its parts, one job each:
 *
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
import { flatten } from './compile/flatten';
import { LINEAR_MAX_RULES, LinearRules } from './compile/linear';
import { type CompiledRules, TreeMatcher } from './compile/match';
import { buildTrie } from './compile/trie';
import { patternTrigramFrequency, type WildRule, wildList } from './compile/wildcards';
import type { ParsedRobots } from './types';

export type { CompiledRules } from './compile/match';
// The property tests watch the wildcard searches through this hook.
export { __setSearchObserver } from './compile/wildcards';

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

/** Compiles the rules of the given groups (merged) into the radix tree, whatever their number. */
export function compileTree(parsed: ParsedRobots, groups: readonly number[]): CompiledRules {
  const trie = buildTrie(parsed, groups);
  // How often each trigram occurs in the patterns: counted once, and only if
  // some node has enough wildcard rules to index.
  let frequency: Int32Array | null = null;
  const patternFrequency = (): Int32Array => (frequency ??= patternTrigramFrequency(parsed, groups));
  const tree = flatten(trie.root, (entries: WildRule[]) => wildList(entries, patternFrequency));
  return new TreeMatcher(tree, trie.emptyRules, trie.size);
}
