/**
 * The radix tree of a rule set, whatever its size: the trie (trie.ts)
 * flattened into typed arrays (flatten.ts), each crowded node's wildcard
 * rules given a trigram index (wildcards.ts), walked by match.ts.
 */

import type { ParsedRobots } from '../types';
import { flatten } from './flatten';
import { type CompiledRules, TreeMatcher } from './match';
import { buildTrie } from './trie';
import { patternTrigramFrequency, type WildRule, wildList } from './wildcards';

/** Compiles the rules of the given groups (merged) into the radix tree. */
export function compileTree(parsed: ParsedRobots, groups: readonly number[]): CompiledRules {
  const trie = buildTrie(parsed, groups);
  // How often each trigram occurs in the patterns: counted once, and only if
  // some node has enough wildcard rules to index.
  let frequency: Int32Array | null = null;
  const patternFrequency = (): Int32Array => (frequency ??= patternTrigramFrequency(parsed, groups));
  const tree = flatten(trie.root, (entries: WildRule[]) => wildList(entries, patternFrequency));
  return new TreeMatcher(tree, trie.emptyRules, trie.size);
}
