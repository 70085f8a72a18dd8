// The purpose view and matrix (src/core/purposes.ts) and the contradiction
// notes (src/core/aipref/contradictions.ts). Expected values are written by
// hand from the drafts' rules: preferences apply only to fetchable paths,
// the longest Content-Usage path wins (draft-ietf-aipref-attach-05 §3.1), the
// most restrictive statement wins (draft-ietf-aipref-vocab-08 §5.1), and a
// crawler reads only the groups it obeys (docs/behaviour.md §5, §15).
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/core';
import { lintRobots, type RobotsDiagnosticCode } from '../../src/core/lint';
import { findProfile } from '../../src/core/profiles';
import { purposeMatrix, purposeView } from '../../src/core/purposes';
import type { CrawlerProfile } from '../../src/core/types';
import { ATTACH_SHAPE, CLOUDFLARE_SHAPE, MIXED_SHAPE } from './fixtures';

const shopBot: CrawlerProfile = {
  id: 'shopbot',
  name: 'ShopBot',
  operator: 'Example',
  tokens: ['ShopBot'],
  ignoresGlobal: false,
  purpose: 'test crawler',
  source: 'https://example.com/',
};
const other: CrawlerProfile = { ...shopBot, id: 'otherbot', name: 'OtherBot', tokens: ['OtherBot'] };

function view(text: string, url: string, p: CrawlerProfile) {
  const v = purposeView(parseRobotsTxt(text), url, p);
  return {
    allowed: v.verdict.allowed,
    findings: Object.fromEntries(v.findings.map((f) => [f.purpose, [f.expressed, f.lines]])),
  };
}

describe('purposeView', () => {
  it("follows the attach draft's table: train-ai=n at /, y under /open-data/, n/a where Disallow blocks", () => {
    expect(view(ATTACH_SHAPE, 'https://e.com/page', other).findings['ai-train']).toEqual(['disallow', [4]]);
    expect(view(ATTACH_SHAPE, 'https://e.com/open-data/x.csv', other).findings['ai-train']).toEqual(['allow', [5]]);
    const blocked = view(ATTACH_SHAPE, 'https://e.com/drafts/a', other);
    expect(blocked.allowed).toBe(false);
    expect(Object.values(blocked.findings).map((f) => f[0])).toEqual([
      'not-applicable',
      'not-applicable',
      'not-applicable',
      'not-applicable',
    ]);
  });

  it("reads a crawler's own group only: ShopBot gets train-ai=y from its group, not the * group", () => {
    expect(view(ATTACH_SHAPE, 'https://e.com/page', shopBot).findings['ai-train']).toEqual(['allow', [9]]);
    expect(view(ATTACH_SHAPE, 'https://e.com/drafts/a', shopBot).allowed).toBe(true);
  });

  it('says "no preference" for purposes no line mentions', () => {
    const f = view(ATTACH_SHAPE, 'https://e.com/page', other).findings;
    expect(f.search).toEqual(['no-preference', []]);
    expect(f.use).toEqual(['no-preference', []]);
  });

  it('combines Content-Signal and Content-Usage: a disallow anywhere wins (vocab-08 §5.1)', () => {
    const duck = findProfile('duckduckbot')!;
    const blog = view(MIXED_SHAPE, 'https://shop.example/blog/post', duck).findings;
    // Content-Signal ai-train=no (line 4) beats Content-Usage train-ai=y (line 5).
    expect(blog['ai-train']).toEqual(['disallow', [4]]);
    expect(blog['ai-input']).toEqual(['disallow', [4, 5]]);
    expect(blog.search).toEqual(['allow', [4]]);
    expect(blog.use).toEqual(['level', [4]]);
    expect(view(MIXED_SHAPE, 'https://shop.example/cart/1', duck).allowed).toBe(false);
  });

  it('ignores a line that does not parse (every preference unknown, vocab-08 §6.5.1)', () => {
    const text = 'User-agent: *\nContent-Signal: search=yes,,\n';
    expect(view(text, 'https://e.com/', other).findings.search).toEqual(['no-preference', []]);
  });
});

describe('purposeMatrix', () => {
  it('shows training blocked for OpenAI and Common Crawl by Disallow, and not allowed for the others by the * signal', () => {
    const cells = purposeMatrix(parseRobotsTxt(CLOUDFLARE_SHAPE));
    const train = Object.fromEntries(
      cells.filter((c) => c.purpose === 'ai-train').map((c) => [c.operator, [c.state, c.crawlers.map((x) => x.line)]]),
    );
    expect(train.OpenAI).toEqual(['blocked', [7]]);
    expect(train['Common Crawl']).toEqual(['blocked', [10]]);
    expect(train.Anthropic).toEqual(['disallowed', [3, 3]]);
    expect(train.Google).toEqual(['disallowed', [3]]);
    const search = cells.find((c) => c.purpose === 'search' && c.operator === 'Microsoft');
    expect([search?.state, search?.crawlers[0].line]).toEqual(['allowed', 3]);
  });

  it("marks a cell mixed when an operator's crawlers differ", () => {
    const text = 'User-agent: OAI-SearchBot\nDisallow: /\n';
    const cell = purposeMatrix(parseRobotsTxt(text)).find((c) => c.purpose === 'ai-input' && c.operator === 'OpenAI');
    expect(cell?.state).toBe('mixed');
    expect(cell?.crawlers.map((c) => [c.name, c.state, c.line])).toEqual([
      ['OAI-SearchBot', 'blocked', 2],
      ['ChatGPT-User', 'open', null],
    ]);
  });

  it('carries the use= level written, with its line (Cloudflare: use takes immediate, reference or full)', () => {
    const text = 'User-agent: *\nAllow: /\nContent-Signal: use=reference\n';
    const cell = purposeMatrix(parseRobotsTxt(text)).find((c) => c.purpose === 'use' && c.operator === 'Perplexity');
    expect([cell?.state, cell?.crawlers.map((c) => [c.name, c.state, c.level, c.line])]).toEqual([
      'level',
      [
        ['PerplexityBot', 'level', 'reference', 3],
        ['Perplexity-User', 'level', 'reference', 3],
      ],
    ]);
  });
});

describe('contradictions', () => {
  const codes = (text: string, code: RobotsDiagnosticCode) =>
    lintRobots(parseRobotsTxt(text))
      .filter((d) => d.code === code)
      .map((d) => [d.line, d.severity]);

  it("ai-train-contradiction: ai-train=no under * while GPTBot's own group allows everything", () => {
    const text = 'User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n\nUser-agent: GPTBot\nAllow: /\n';
    expect(codes(text, 'ai-train-contradiction')).toEqual([[2, 'warning']]);
    // Without a rule in the * group, Google reads both user-agent lines as one group: no contradiction.
    expect(codes(text.replace('Allow: /\n\n', '\n'), 'ai-train-contradiction')).toEqual([]);
    // Repeating the preference in GPTBot's group, or blocking it there, resolves it.
    expect(codes(`${text}Content-Signal: ai-train=no\n`, 'ai-train-contradiction')).toEqual([]);
    expect(codes(text.replace(/Allow: \/\n$/, 'Disallow: /\n'), 'ai-train-contradiction')).toEqual([]);
  });

  it('search-blocked-contradiction: search=yes while Googlebot may not fetch the site', () => {
    const text = 'User-agent: *\nContent-Signal: search=yes\nDisallow: /\n';
    expect(codes(text, 'search-blocked-contradiction')).toEqual([[2, 'warning']]);
    expect(
      codes('User-agent: *\nContent-Signal: search=yes\nDisallow: /private/\n', 'search-blocked-contradiction'),
    ).toEqual([]);
    // A search=yes addressed to another crawler's group says nothing to Google.
    const other =
      'User-agent: Googlebot\nDisallow: /\n\nUser-agent: DuckDuckBot\nContent-Signal: search=yes\nAllow: /\n';
    expect(codes(other, 'search-blocked-contradiction')).toEqual([]);
    const toGoogle = 'User-agent: Googlebot\nContent-Signal: search=yes\nDisallow: /\n';
    expect(codes(toGoogle, 'search-blocked-contradiction')).toEqual([[2, 'warning']]);
  });

  it('control-token-mismatch: Google-Extended blocked while Googlebot fetches, and the reverse', () => {
    expect(codes('User-agent: Google-Extended\nDisallow: /\n', 'control-token-mismatch')).toEqual([[2, 'info']]);
    const reverse = 'User-agent: Googlebot\nDisallow: /\n\nUser-agent: Google-Extended\nAllow: /\n';
    expect(codes(reverse, 'control-token-mismatch')).toEqual([[2, 'info']]);
    expect(codes('User-agent: *\nDisallow: /\n', 'control-token-mismatch')).toEqual([]);
  });

  it("answer-engine-blocked: a note (not an error) when an answer engine's own group blocks the site", () => {
    expect(codes('User-agent: PerplexityBot\nDisallow: /\n', 'answer-engine-blocked')).toEqual([[2, 'info']]);
    expect(codes('User-agent: *\nDisallow: /\n', 'answer-engine-blocked')).toEqual([]);
  });
});
