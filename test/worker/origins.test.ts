import { describe, expect, it } from 'vitest';
import { fetchOutcome } from '../../src/core/fetch';
import { ALL_ROWS } from '../../src/model/codes';
import type { CrawlerSpec, ExplainResult, ViewQuery } from '../../src/model/wire';
import { apiAfterRun } from '../fakes/handler';

// The editor's file, for https://a.example. Lines: 1 User-agent: *, 2 Disallow: /private
const A = 'User-agent: *\nDisallow: /private\n';
// https://b.example's. Lines: 1 User-agent: Googlebot, 2 Disallow: /shop/, 3 Allow: /shop/public, 5 User-agent: *, 6 Disallow: /
const B = 'User-agent: Googlebot\nDisallow: /shop/\nAllow: /shop/public\n\nUser-agent: *\nDisallow: /\n';
// https://c.example answers 503: its file is never read.
const C = 'User-agent: *\nAllow: /\n';

const CRAWLERS: CrawlerSpec[] = [
  { kind: 'profile', id: 'googlebot' },
  { kind: 'token', token: 'OtherBot' },
];

const URLS = [
  'https://a.example/private/x',
  'https://a.example/shop/',
  'https://b.example/shop/cart',
  'https://b.example/shop/public/a',
  'https://b.example/private/x',
  'https://c.example/anything',
  'https://d.example/x',
  'https://b.example/robots.txt',
];

/** A finished run of URLS over three files (a in the editor, b and c beside it; d has none), and its exports. */
function lab() {
  const { api, chunks } = apiAfterRun(A, URLS, CRAWLERS, 'https://a.example/robots.txt', [
    { origin: 'https://b.example', text: B, fetchStatus: 200, outcome: fetchOutcome(200) },
    { origin: 'https://c.example', text: C, fetchStatus: 503, outcome: fetchOutcome(503) },
  ]);
  const exported = async (query: Partial<ViewQuery> = {}) => {
    const r = api.export({ run: 2, query: { ...ALL_ROWS, ...query }, format: 'json', wide: false });
    return JSON.parse(await r.blob.text()) as {
      url: string;
      crawler: string;
      status: string;
      line: number | null;
      lineText: string | null;
      note: string;
    }[];
  };
  const explain = (url: string, crawler: CrawlerSpec): ExplainResult => {
    return api.explain({
      version: 1,
      url,
      crawler,
      normalise: true,
      robotsUrl: 'https://a.example/robots.txt',
      fetchStatus: 200,
      origins: [{ origin: 'https://b.example', text: B, fetchStatus: 200, outcome: fetchOutcome(200) }],
    });
  };
  return { chunks, exported, explain };
}

describe('a list over three origins, each URL judged by its own origin’s file (written by hand)', () => {
  it('gives every cell the verdict and deciding line of its own origin’s file', async () => {
    const cells = (await lab().exported()).map((r) => [r.url, r.crawler, r.status, r.line, r.lineText]);
    expect(cells).toEqual([
      ['https://a.example/private/x', 'Googlebot', 'blocked', 2, 'Disallow: /private'],
      ['https://a.example/private/x', 'OtherBot', 'blocked', 2, 'Disallow: /private'],
      ['https://a.example/shop/', 'Googlebot', 'allowed', null, null],
      ['https://a.example/shop/', 'OtherBot', 'allowed', null, null],
      ['https://b.example/shop/cart', 'Googlebot', 'blocked', 2, 'Disallow: /shop/'],
      ['https://b.example/shop/cart', 'OtherBot', 'blocked', 6, 'Disallow: /'],
      ['https://b.example/shop/public/a', 'Googlebot', 'allowed', 3, 'Allow: /shop/public'],
      ['https://b.example/shop/public/a', 'OtherBot', 'blocked', 6, 'Disallow: /'],
      ['https://b.example/private/x', 'Googlebot', 'allowed', null, null],
      ['https://b.example/private/x', 'OtherBot', 'blocked', 6, 'Disallow: /'],
      ['https://c.example/anything', 'Googlebot', 'blocked', null, null],
      ['https://c.example/anything', 'OtherBot', 'blocked', null, null],
      ['https://d.example/x', 'Googlebot', 'out-of-scope', null, null],
      ['https://d.example/x', 'OtherBot', 'out-of-scope', null, null],
      ['https://b.example/robots.txt', 'Googlebot', 'allowed', null, null],
      ['https://b.example/robots.txt', 'OtherBot', 'allowed', null, null],
    ]);
  });

  it('says in the rows of an origin with no file which origin lacks one', async () => {
    const rows = (await lab().exported({ verdict: 'unjudged' })).map((r) => r.note);
    expect(rows).toHaveLength(2);
    for (const note of rows) expect(note).toContain('no robots.txt for https://d.example');
  });

  it('counts only the editor’s file in its rule totals and rule filter: line 2 of b.example is not line 2', async () => {
    const l = lab();
    expect((await l.exported({ rule: 2 })).map((r) => r.url)).toEqual([
      'https://a.example/private/x',
      'https://a.example/private/x',
    ]);
    const done = l.chunks.filter((c) => c.kind === 'chunk').at(-1);
    if (done?.kind !== 'chunk') throw new Error('no chunk');
    expect(Array.from(done.totals.rules)).toEqual([2, 2]);
  });

  it('explains a cell of another origin with that origin’s file', () => {
    const e = lab().explain('https://b.example/shop/cart', { kind: 'profile', id: 'googlebot' });
    expect(e.judgedBy).toBe('https://b.example');
    expect(e.outOfScope).toBeNull();
    expect(e.verdict?.allowed).toBe(false);
    expect(e.verdict?.rule?.line).toBe(2);
  });
});
