/**
 * Deterministic benchmark data: a ~500 KiB robots.txt (about 20,000 rules in
 * about 50 groups) and 100,000 URLs that hit a realistic mix of its rules.
 * Same seed, same bytes, on every machine.
 *
 * Run alone to write the files: `npx tsx bench/generate.ts` → bench/out/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** mulberry32: a small, fast, seeded PRNG (returns floats in [0, 1)). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const ORIGIN = 'https://www.example.com';
export const ROBOTS_URL = `${ORIGIN}/robots.txt`;
/** A crawler with groups of its own in the generated file. */
export const NAMED_CRAWLER = 'googlebot';
/** A crawler no group names: it falls to the `*` group. */
export const FALLBACK_CRAWLER = 'SomeOtherBot';

const WORDS = [
  'shop',
  'products',
  'category',
  'blog',
  'news',
  'search',
  'user',
  'account',
  'cart',
  'checkout',
  'api',
  'static',
  'img',
  'media',
  'downloads',
  'docs',
  'help',
  'admin',
  'private',
  'tmp',
  'archive',
  'tags',
  'authors',
  'print',
  'share',
  'feed',
  'amp',
  'en',
  'de',
  'fr',
  'ja',
  'v1',
  'v2',
  'internal',
  'preview',
  'compare',
  'wishlist',
  'login',
];
/** Non-ASCII segments, written raw (UTF-8) in some rules and percent-encoded in others. */
const UNICODE_WORDS = ['café', 'über', 'niño', '日本', 'ツ', 'москва', 'straße', 'smörgåsbord'];
const PARAMS = ['sessionid', 'utm_source', 'sort', 'page', 'q', 'ref', 'color', 'size', 'lang', 'filter'];
const EXTENSIONS = ['pdf', 'php', 'json', 'xml', 'jpg', 'zip', 'html', 'aspx'];
const OTHER_BOTS = [
  'bingbot',
  'Applebot',
  'DuckDuckBot',
  'YandexBot',
  'Baiduspider',
  'GPTBot',
  'ClaudeBot',
  'CCBot',
  'PerplexityBot',
  'Amazonbot',
  'AhrefsBot',
  'SemrushBot',
  'MJ12bot',
  'DotBot',
  'PetalBot',
  'Bytespider',
  'facebookexternalhit',
  'Twitterbot',
  'LinkedInBot',
  'Slurp',
  'Exabot',
  'SeznamBot',
  'Sogou',
  'Qwantify',
  'archive_org_bot',
  'ia_archiver',
  'rogerbot',
  'BLEXBot',
  'DataForSeoBot',
  'serpstatbot',
  'Screaming-Frog',
  'Sitebulb',
  'ZoominfoBot',
  'Pinterestbot',
  'Discordbot',
  'TelegramBot',
  'WhatsApp',
  'Slackbot',
  'Mediapartners-Google',
  'AdsBot-Google',
  'Storebot-Google',
  'GoogleOther',
  'OAI-SearchBot',
];

function encodeSegment(s: string): string {
  return encodeURIComponent(s);
}

export interface Rule {
  kind: 'allow' | 'disallow';
  pattern: string;
}

export interface Dataset {
  robotsTxt: string;
  urls: string[];
  /** Rules per group, for URL generation and statistics. */
  groups: { agents: string[]; rules: Rule[] }[];
}

export function makePattern(rand: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const depth = 1 + Math.floor(rand() * 3);
  const segs: string[] = [];
  for (let i = 0; i < depth; i++) {
    const r = rand();
    if (r < 0.08) {
      const w = pick(UNICODE_WORDS);
      segs.push(rand() < 0.5 ? w : encodeSegment(w));
    } else if (r < 0.35) segs.push(`${pick(WORDS)}-${Math.floor(rand() * 500)}`);
    else segs.push(pick(WORDS));
  }
  let p = `/${segs.join('/')}`;
  const shape = rand();
  if (shape < 0.12)
    p = `/*${p}`; // wildcard prefix
  else if (shape < 0.22)
    p += '/*'; // trailing wildcard (no effect)
  else if (shape < 0.3)
    p += `*.${pick(EXTENSIONS)}$`; // wildcard + end anchor
  else if (shape < 0.38)
    p = `/*?${pick(PARAMS)}=`; // query-string rule anywhere
  else if (shape < 0.46)
    p += `?${pick(PARAMS)}=${Math.floor(rand() * 50)}`; // exact query
  else if (shape < 0.52) p += '$';
  else if (shape < 0.7) p += '/';
  return p;
}

/** Builds the dataset; just under 500 KiB and about 19,000 rules for the defaults. */
export function generate(seed = 20240915, urlCount = 100_000, ruleTarget = 18_900): Dataset {
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const groups: Dataset['groups'] = [];
  // Group sizes: * and googlebot get a large share, like real sites' main groups.
  const plan: { agents: string[]; share: number }[] = [
    { agents: ['*'], share: 0.08 },
    { agents: ['googlebot'], share: 0.04 },
    { agents: ['googlebot-image'], share: 0.01 },
    { agents: ['googlebot-news', 'googlebot-video'], share: 0.01 },
    { agents: ['googlebot'], share: 0.02 }, // merged with the first googlebot group
  ];
  const rest = 1 - plan.reduce((s, g) => s + g.share, 0);
  for (const bot of OTHER_BOTS) plan.push({ agents: [bot], share: rest / OTHER_BOTS.length });
  // Interleave: shuffle the other bots between the main groups, deterministically.
  const order = plan
    .map((g, i) => ({ g, key: i < 2 ? i : 2 + rand() }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.g);

  const lines: string[] = [
    '# robots.txt generated for the Robots Lab benchmark (deterministic; do not edit)',
    `Sitemap: ${ORIGIN}/sitemap.xml`,
    '',
  ];
  for (const { agents, share } of order) {
    const rules: Rule[] = [];
    const n = Math.max(5, Math.round(ruleTarget * share));
    for (const a of agents) lines.push(`User-agent: ${a}`);
    if (rand() < 0.3) lines.push(`Crawl-delay: ${1 + Math.floor(rand() * 10)}`);
    for (let i = 0; i < n; i++) {
      const kind = rand() < 0.2 ? 'allow' : 'disallow';
      const pattern = makePattern(rand);
      rules.push({ kind, pattern });
      const comment = rand() < 0.03 ? ` # rule ${i}` : '';
      lines.push(`${kind === 'allow' ? 'Allow' : 'Disallow'}: ${pattern}${comment}`);
    }
    lines.push('');
    groups.push({ agents, rules });
  }
  const robotsTxt = lines.join('\n');

  // URLs: 60% built to hit a rule of the googlebot or * groups, 15% to hit
  // another group's rule, 25% unrelated paths.
  const main = groups.filter((g) => g.agents.includes('*') || g.agents.includes('googlebot')).flatMap((g) => g.rules);
  const all = groups.flatMap((g) => g.rules);
  const urls: string[] = [];
  for (let i = 0; i < urlCount; i++) {
    const r = rand();
    let path: string;
    if (r < 0.75) path = urlFor(r < 0.6 ? pick(main) : pick(all), rand);
    else
      path = `/${pick(WORDS)}/${pick(WORDS)}-${Math.floor(rand() * 10_000)}${rand() < 0.3 ? `?${pick(PARAMS)}=${Math.floor(rand() * 9)}` : ''}`;
    urls.push(ORIGIN + path);
  }
  return { robotsTxt, urls, groups };
}

/** A request path that the rule's pattern matches (or nearly matches). */
export function urlFor(rule: Rule, rand: () => number): string {
  let p = rule.pattern;
  const anchored = p.endsWith('$');
  if (anchored) p = p.slice(0, -1);
  p = p.replace(/\*/g, () => (rand() < 0.5 ? '' : `x${Math.floor(rand() * 100)}/`));
  if (p.startsWith('/?') || p === '') p = `/page${p}`;
  // Crawlers request percent-encoded UTF-8; a few URLs stay raw to show the difference.
  if (rand() < 0.9) p = p.replace(/[\u0080-\uffff]+/g, (m) => encodeURIComponent(m));
  if (!anchored && rand() < 0.6)
    p += rand() < 0.5 ? `detail-${Math.floor(rand() * 1000)}.html` : `?ref=${Math.floor(rand() * 100)}`;
  else if (anchored && rand() < 0.2) p += '?x=1'; // defeats the $ anchor
  return p.startsWith('/') ? p : `/${p}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const data = generate();
  const dir = fileURLToPath(new URL('./out/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}robots.txt`, data.robotsTxt);
  writeFileSync(`${dir}urls.txt`, `${data.urls.join('\n')}\n`);
  const rules = data.groups.reduce((s, g) => s + g.rules.length, 0);
  console.log(
    `wrote ${dir}robots.txt (${Buffer.byteLength(data.robotsTxt)} bytes, ${rules} rules, ${data.groups.length} groups) ` +
      `and urls.txt (${data.urls.length} URLs)`,
  );
}
