/**
 * A seeded corpus shaped like the robots.txt files of real sites, for the
 * per-file loop (parse once, then ~100 URL × crawler cases): most files are
 * small, a few are large. The distribution (docs/performance.md, "Many
 * small files") is drawn as follows, per file:
 *
 * - rules: a bucket, then uniform within it: 30 % 1–5 rules, 35 % 6–30,
 *   22 % 31–120, 10 % 121–400, 3 % 401–1,500 (most files under 10 KB);
 * - groups: `*` always; googlebot in 40 %, bingbot in 15 %; AI crawlers
 *   (each `Disallow: /`, a few to a group) in 35 %; other named bots in 25 %;
 *   the rules are shared out between `*` (about 70 %) and the named groups;
 * - patterns: the benchmark's generator (bench/generate.ts): directories,
 *   wildcards, `$` anchors, query rules;
 * - cases: 5 crawlers × 20 URLs: googlebot, bingbot, GPTBot, one other
 *   named bot and one no group names; the URLs hit the file's rules (70 %)
 *   or unrelated paths (30 %).
 */
import { makePattern, ORIGIN, prng, urlFor } from './generate';

/** One file of the corpus and the cases asked of it. */
export interface CorpusFile {
  robotsTxt: string;
  urls: string[];
  agents: string[];
}

const AI_BOTS = ['GPTBot', 'ClaudeBot', 'CCBot', 'Google-Extended', 'PerplexityBot', 'Bytespider', 'Amazonbot'];
const OTHER_BOTS = ['AhrefsBot', 'SemrushBot', 'MJ12bot', 'DotBot', 'YandexBot', 'Baiduspider', 'PetalBot'];
const QUERY_AGENTS = ['googlebot', 'bingbot', 'GPTBot'];
const RULE_BUCKETS: readonly [share: number, min: number, max: number][] = [
  [0.3, 1, 5],
  [0.35, 6, 30],
  [0.22, 31, 120],
  [0.1, 121, 400],
  [0.03, 401, 1500],
];

/** `count` files, the same bytes for the same seed on every machine. */
export function generateCorpus(count = 3_000, seed = 7_2026): CorpusFile[] {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const files: CorpusFile[] = [];
  for (let f = 0; f < count; f++) {
    let r = rand();
    let bucket = RULE_BUCKETS[RULE_BUCKETS.length - 1];
    for (const b of RULE_BUCKETS) {
      if (r < b[0]) {
        bucket = b;
        break;
      }
      r -= b[0];
    }
    const ruleCount = bucket[1] + Math.floor(rand() * (bucket[2] - bucket[1] + 1));
    const groups: { agents: string[]; share: number; aiBlock?: boolean }[] = [{ agents: ['*'], share: 0.7 }];
    if (rand() < 0.4) groups.push({ agents: ['googlebot'], share: 0.2 });
    if (rand() < 0.15) groups.push({ agents: ['bingbot'], share: 0.1 });
    if (rand() < 0.25) groups.push({ agents: [pick(OTHER_BOTS)], share: 0.05 });
    if (rand() < 0.35) {
      const n = 1 + Math.floor(rand() * AI_BOTS.length);
      groups.push({ agents: AI_BOTS.slice(0, n), share: 0, aiBlock: true });
    }
    const lines: string[] = rand() < 0.5 ? [`Sitemap: ${ORIGIN}/sitemap.xml`, ''] : [];
    const rules: string[] = [];
    for (const g of groups) {
      for (const a of g.agents) lines.push(`User-agent: ${a}`);
      if (g.aiBlock) lines.push('Disallow: /');
      const n = g.aiBlock ? 0 : Math.max(1, Math.round(ruleCount * g.share));
      for (let i = 0; i < n; i++) {
        const pattern = makePattern(rand);
        rules.push(pattern);
        lines.push(`${rand() < 0.15 ? 'Allow' : 'Disallow'}: ${pattern}`);
      }
      lines.push('');
    }
    const urls: string[] = [];
    for (let i = 0; i < 20; i++) {
      const path =
        rules.length > 0 && rand() < 0.7
          ? urlFor({ kind: 'disallow', pattern: pick(rules) }, rand)
          : `/page-${Math.floor(rand() * 10_000)}${rand() < 0.3 ? '?id=3' : ''}`;
      urls.push(ORIGIN + path);
    }
    files.push({ robotsTxt: lines.join('\n'), urls, agents: [...QUERY_AGENTS, pick(OTHER_BOTS), 'SomeOtherBot'] });
  }
  return files;
}
