/**
 * The compiled matcher's parts, each against hand-written expectations: the
 * radix tree builder, the wildcard rules and their trigram index, the
 * flattened layout. (Whole verdicts are checked against the reference's in
 * conformance.test.ts and properties.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/core';
import { childAt, EXACT_ALLOW, flatten, LABEL_LENGTH, LIT_ALLOW, LIT_DISALLOW } from '../../src/core/compile/flatten';
import { buildTrie, type TrieNode } from '../../src/core/compile/trie';
import {
  BUCKETS,
  gramBucket,
  maskOf,
  type TrigramIndex,
  type WildList,
  type WildRule,
  wildList,
  wildMatches,
  wildRule,
} from '../../src/core/compile/wildcards';
import { compileRules } from '../../src/core/compiled';

/** Every node of a tree by the prefix it stands for, with what hangs there. */
function dump(root: TrieNode): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (nd: TrieNode, prefix: string): void => {
    const facts: string[] = [];
    if (nd.litAllow) facts.push(`allow ${nd.litAllow}`);
    if (nd.litDisallow) facts.push(`disallow ${nd.litDisallow}`);
    if (nd.exactAllow) facts.push(`allow$ ${nd.exactAllow}`);
    if (nd.exactDisallow) facts.push(`disallow$ ${nd.exactDisallow}`);
    for (const w of nd.wild ?? []) facts.push(`${w.allow ? 'allow' : 'disallow'}* ${w.line} [${w.segs.join('|')}]`);
    out[prefix] = facts.join(', ');
    for (const c of nd.children?.values() ?? []) visit(c, prefix + c.label);
  };
  visit(root, '');
  return out;
}

const trieOf = (text: string) => {
  const parsed = parseRobotsTxt(text);
  return buildTrie(
    parsed,
    parsed.groups.map((g) => g.index),
  );
};

describe('the radix tree builder (docs/behaviour.md §7)', () => {
  it('keys literal rules by their pattern, `$` rules by their prefix, wildcard rules by the text before the first `*`', () => {
    const t = trieOf('user-agent: *\ndisallow: /ab\nallow: /abc$\ndisallow: /a*x*y$\nallow: /abd\n');
    expect(dump(t.root)).toEqual({
      '': '',
      '/a': 'disallow* 4 [x|y]',
      '/ab': 'disallow 2',
      '/abc': 'allow$ 3',
      '/abd': 'allow 5',
    });
    expect(t.size).toBe(4);
  });

  it('splits an edge where two patterns part, and the split node holds no rule of its own', () => {
    const t = trieOf('user-agent: *\ndisallow: /shop/cart\ndisallow: /shop/checkout\n');
    expect(dump(t.root)).toEqual({
      '': '',
      '/shop/c': '',
      '/shop/cart': 'disallow 2',
      '/shop/checkout': 'disallow 3',
    });
  });

  it('keeps the first line of equal patterns of one kind, and lists the later ones', () => {
    const t = trieOf('user-agent: *\ndisallow: /x\ndisallow: /x\ndisallow: /*y\nallow: /*y\ndisallow: /*y\n');
    expect(dump(t.root)['/x']).toBe('disallow 2');
    expect(dump(t.root)['/']).toBe('disallow* 4 [y], allow* 5 [y]');
    const x = t.root.children!.get(0x2f)!;
    // matchCode: line × 2, + 1 for an index.html reading.
    expect(x.children!.get(0x78)!.litAll).toEqual([4, 6]);
    expect(x.wild!.find((w) => !w.allow)!.dups).toEqual([12]);
  });

  it('adds an index.html allow a second time, as an exact rule for its directory (§12, Matching)', () => {
    const t = trieOf('user-agent: *\nallow: /d/index.html\ndisallow: /d/\n');
    expect(dump(t.root)).toEqual({ '': '', '/d/': 'disallow 3, allow$ 2', '/d/index.html': 'allow 2' });
    expect(t.size).toBe(3);
  });

  it('holds empty patterns apart: they match everything but never decide', () => {
    const t = trieOf('user-agent: *\ndisallow:\nallow:\ndisallow: /p\n');
    expect(t.emptyRules).toEqual([4, 6]);
    expect(t.size).toBe(1);
  });

  it('merges the rules of every obeyed group into one tree', () => {
    const parsed = parseRobotsTxt(
      'user-agent: a\ndisallow: /one\n\nuser-agent: b\nallow: /two\n\nuser-agent: a\nallow: /o\n',
    );
    expect(dump(buildTrie(parsed, [0, 2]).root)).toEqual({ '': '', '/o': 'allow 8', '/one': 'disallow 2' });
  });
});

describe('wildcard rules (docs/behaviour.md §7)', () => {
  it('split into segments after the first `*`, the final `$` anchoring the last one', () => {
    expect(wildRule('/a*b*c$', 2, false, 1, false)).toMatchObject({ segs: ['b', 'c'], anchored: true, length: 7 });
    expect(wildRule('/a*b**', 2, true, 1, false)).toMatchObject({ segs: ['b'], anchored: false, length: 6 });
    expect(wildRule('/*', 1, true, 1, false)).toMatchObject({ segs: [], anchored: false });
    expect(wildRule('/*$', 1, true, 1, false)).toMatchObject({ segs: [''], anchored: true });
  });

  it('need every character of their segments: the presence mask folds characters by their low six bits', () => {
    // 'b' = 98 → bit 34 (high word bit 2); 'c' = 99 → bit 35; '!' = 33 → bit 33; '/' = 47 → bit 47.
    expect(maskOf('bc')).toEqual([0, (1 << 2) | (1 << 3)]);
    expect(maskOf('!/')).toEqual([0, (1 << 1) | (1 << 15)]);
    // '\x01' and 'A' (65) share bit 1 of the low word: collisions only weaken the filter.
    expect(maskOf('\x01')).toEqual([1 << 1, 0]);
    expect(maskOf('A')).toEqual([1 << 1, 0]);
    expect(wildRule('/x*bc', 2, false, 1, false)).toMatchObject({ maskLo: 0, maskHi: (1 << 2) | (1 << 3) });
  });

  it('match by greedy leftmost search from the end of their literal prefix', () => {
    const r = (p: string) => wildRule(p, p.indexOf('*'), false, 1, false);
    expect(wildMatches('/a/x/y', 2, r('/a*x*y'))).toBe(true);
    expect(wildMatches('/a/y/x', 2, r('/a*x*y'))).toBe(false);
    expect(wildMatches('/a.php', 1, r('/*.php$'))).toBe(true);
    expect(wildMatches('/a.php?x', 1, r('/*.php$'))).toBe(false);
    // The anchored segment may not overlap what the search before it used.
    expect(wildMatches('/ab', 1, r('/*ab*b$'))).toBe(false);
    expect(wildMatches('/abb', 1, r('/*ab*b$'))).toBe(true);
    expect(wildMatches('/anything', 1, r('/*$'))).toBe(true);
  });
});

describe('the trigram index of a crowded node', () => {
  const rules = (...patterns: string[]): WildRule[] => patterns.map((p, i) => wildRule(p, 1, false, i + 1, false));

  it('puts each rule in the bucket of its rarest trigram, and rules without one in the always-visited list', () => {
    const frequency = new Int32Array(BUCKETS);
    // "abc" and "bcd" are common in the file, "cde" rare; "def" rare, "efx" common …
    for (const g of ['abc', 'bcd', 'def']) frequency[bucket(g)] = 5;
    for (const g of ['efx', 'fxy', 'xyz']) frequency[bucket(g)] = 9;
    frequency[bucket('cde')] = 1;
    // Lines 1-4, then eight fillers (lines 5-12) so that the node is crowded enough to index.
    const list = wildList(rules('/*abcdef', '/*xy', '/*q*r', '/*defxyz', ...fillers(8)), () => frequency);
    const index = list.index!;
    const lines = (items: Iterable<number>) => [...items].map((i) => list.entries[i].line).sort((a, b) => a - b);
    expect(lines(index.always)).toEqual([2, 3]);
    expect(lines(rulesIn(index, bucket('cde')))).toEqual([1]);
    expect(lines(rulesIn(index, bucket('def')))).toEqual([4]);
    // Every filler has a trigram of its own: ten rules in buckets.
    expect(index.items).toHaveLength(10);
    const used = usedBuckets(index);
    expect(used).toEqual(expect.arrayContaining([bucket('cde'), bucket('def')]));
    for (const g of ['abc', 'bcd', 'efx', 'fxy', 'xyz']) expect(used, g).not.toContain(bucket(g));
  });

  it('keeps each bucket longest first, as the list is', () => {
    const list = wildList(rules('/*abc', '/*abcabc', '/*xabc', '/*ab', ...fillers(10)), () => new Int32Array(BUCKETS));
    expect(list.index).not.toBeNull();
    expect(list.entries.map((e) => e.length)).toEqual([...list.entries.map((e) => e.length)].sort((a, b) => b - a));
    const abc = bucket('abc');
    // `/*xabc` goes to "xab" (its first trigram; all are equally rare here).
    const inAbc = rulesIn(list.index!, abc).map((i) => list.entries[i].length);
    expect(inAbc).toEqual([8, 5]);
  });

  it('indexes only lists of twelve rules or more; fewer are scanned whole', () => {
    expect(wildList(rules(...fillers(11)), () => new Int32Array(BUCKETS)).index).toBeNull();
    expect(wildList(rules(...fillers(12)), () => new Int32Array(BUCKETS)).index).not.toBeNull();
  });

  it('asks for the trigram frequencies only when it builds an index', () => {
    let asked = 0;
    const frequency = () => {
      asked++;
      return new Int32Array(BUCKETS);
    };
    wildList(rules(...fillers(3)), frequency);
    expect(asked).toBe(0);
    wildList(rules(...fillers(20)), frequency);
    expect(asked).toBe(1);
  });

  it('lets a compiled rule set find every matching rule of a crowded node', () => {
    const lines = fillers(30).map((p) => `disallow: ${p}`);
    const parsed = parseRobotsTxt(`user-agent: *\n${lines.join('\n')}\nallow: /*zz\n`);
    const compiled = compileRules(parsed, [0]);
    // fillers(i) is `/*<letter><letter><digit>…`: the path holds the runs of rules 3 and 17 only.
    const path = `/${fillers(30)[2].slice(2)}-${fillers(30)[16].slice(2)}`;
    expect(compiled.listMatches(path).sort((a, b) => a - b)).toEqual([4 * 2, 18 * 2]);
    // Both match; the longer pattern (/*qlq16, 7 bytes) decides.
    expect(compiled.check(path)).toBe(-18);
  });
});

/** Patterns `/*` + a run no other filler contains (the trigram index needs rules to bucket). */
function fillers(n: number): string[] {
  return Array.from(
    { length: n },
    (_, i) => `/*${String.fromCharCode(0x61 + (i % 26))}${String.fromCharCode(0x6b + (i % 7))}q${i}`,
  );
}

/** The bucket of a three-character run: its three 6-bit codes in 18 bits, hashed as a scan of the path does. */
function bucket(run: string): number {
  return gramBucket(((run.charCodeAt(0) & 63) << 12) | ((run.charCodeAt(1) & 63) << 6) | (run.charCodeAt(2) & 63));
}

function rulesIn(index: TrigramIndex, bucket: number): number[] {
  return [...index.items.subarray(index.start[bucket], index.start[bucket + 1])];
}

function usedBuckets(index: TrigramIndex): number[] {
  const out: number[] = [];
  for (let b = 0; b < BUCKETS; b++) if (index.used[b >>> 5] & (1 << (b & 31))) out.push(b);
  return out;
}

describe('the flattened tree', () => {
  const flat = (text: string) => {
    const t = trieOf(text);
    const lists: WildList[] = [];
    const tree = flatten(t.root, (entries) => {
      const l = wildList(entries, () => new Int32Array(BUCKETS));
      lists.push(l);
      return l;
    });
    return { tree, lists };
  };

  /** Follows a path from the root as far as the edges allow: the nodes' rule slots on the way. */
  const follow = (tree: ReturnType<typeof flat>['tree'], path: string): [number, number, number][] => {
    const cs = Uint16Array.from(path, (c) => c.charCodeAt(0));
    const out: [number, number, number][] = [];
    let node = 0;
    let pos = 0;
    for (;;) {
      const b = node * 8;
      out.push([tree.info[b + LIT_ALLOW], tree.info[b + LIT_DISALLOW], tree.info[b + EXACT_ALLOW]]);
      const child = childAt(tree, cs, cs.length, node, pos);
      if (child < 0) return out;
      pos += tree.info[child * 8 + LABEL_LENGTH];
      node = child;
    }
  };

  it('reaches each rule by following the path, whole edge labels only', () => {
    const { tree } = flat('user-agent: *\ndisallow: /ab\nallow: /abc\nallow: /abd$\n');
    expect(follow(tree, '/abc/x')).toEqual([
      [0, 0, 0],
      [0, 2, 0],
      [3, 0, 0],
    ]);
    expect(follow(tree, '/abd')).toEqual([
      [0, 0, 0],
      [0, 2, 0],
      [0, 0, 4],
    ]);
    // `/a` stops inside the label `/ab`: no child.
    expect(follow(tree, '/a')).toEqual([[0, 0, 0]]);
  });

  it('looks the children of a wide node up by character code', () => {
    const letters = 'abcdefghij';
    const { tree } = flat(`user-agent: *\n${[...letters].map((c) => `disallow: /${c}x`).join('\n')}\n`);
    [...letters].forEach((c, i) => {
      expect(follow(tree, `/${c}x/`).at(-1)).toEqual([0, i + 2, 0]);
    });
    // One node (the `/` all ten share) is laid out wide: slot 7 holds -1 instead of a child count.
    const counts = Array.from({ length: tree.info.length / 8 }, (_, k) => tree.info[k * 8 + 7]);
    expect(counts.filter((c) => c === -1)).toHaveLength(1);
    expect(follow(tree, '/kx')).toHaveLength(2);
    expect(follow(tree, '/\u00e9x')).toHaveLength(2);
  });

  it('hangs each node’s wildcard list on it, sorted longest first', () => {
    const { tree, lists } = flat('user-agent: *\ndisallow: /a*b\ndisallow: /a*bcd\nallow: /*x\n');
    expect(lists).toHaveLength(2);
    expect(tree.wildOf.filter((l) => l !== null)).toHaveLength(2);
    const atA = lists.find((l) => l.entries.length === 2)!;
    expect(atA.entries.map((e) => e.line)).toEqual([3, 2]);
    expect([...atA.packed.filter((_, k) => k % 3 === 2)]).toEqual([6, 4]);
  });
});
