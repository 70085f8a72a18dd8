import { describe, expect, it } from 'vitest';
import { evaluateProfile, parseRobotsTxt, toRequestUrl } from '../../src/core/index';
import { findProfile } from '../../src/core/profiles';
import { EXAMPLE_ROBOTS_TXT, EXAMPLE_ROBOTS_URL } from '../../src/fixtures/example';
import { ALL_ROWS, CELL } from '../../src/model/codes';
import type { CrawlerSpec, ViewQuery } from '../../src/model/wire';
import { splitRows } from '../../src/worker/bulk';
import { apiAfterRun } from '../fakes/handler';

const CRAWLERS: CrawlerSpec[] = [
  { kind: 'profile', id: 'googlebot' },
  { kind: 'profile', id: 'gptbot' },
];

const URLS = [
  '/checkout/x',
  '/blog/a',
  'https://shop.example.com/café',
  'https://other.example.com/',
  '/search?q=1',
  'not a url',
];

function run(urls = URLS) {
  const { api, chunks } = apiAfterRun(EXAMPLE_ROBOTS_TXT, urls, CRAWLERS, EXAMPLE_ROBOTS_URL);
  const view = async (query: Partial<ViewQuery>) => {
    const v = await api.view({ run: 2, query: { ...ALL_ROWS, ...query } });
    return v.rows ? Array.from(v.rows) : null;
  };
  return { api, chunks, view };
}

const parsed = parseRobotsTxt(EXAMPLE_ROBOTS_TXT);
const verdict = (url: string, id: string) => evaluateProfile(parsed, toRequestUrl(url).url, findProfile(id)!);

/** The plain reading of a URL list the offsets must agree with: one row per line, trimmed, blank lines skipped. */
function splitUrlList(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

describe('row offsets', () => {
  it('gives the same rows as splitting the text (blank lines skipped, trimmed, CR and CRLF)', () => {
    for (const text of ['', '\n\n', ' a \n\n b\r\nc\rd \u00a0\n', '/x\n  /y  ']) {
      const { starts, ends } = splitRows(text);
      expect(Array.from(starts, (s, i) => text.slice(s, ends[i]))).toEqual(splitUrlList(text));
    }
  });
});

describe('views: filters, search and sort computed in the worker', () => {
  it('all rows in list order need no index', async () => {
    expect(await run().view({})).toBeNull();
  });

  it('keeps rows blocked (or allowed) for any crawler, or for one crawler', async () => {
    const { view } = run();
    const blockedBy = (id: string) =>
      URLS.map((u, i) => [i, verdict(u, id)] as const)
        .filter(([, v]) => !v.allowed)
        .map(([i]) => i);
    const judged = [0, 1, 2, 4];
    expect(await view({ verdict: 'blocked', crawler: 0 })).toEqual(
      blockedBy('googlebot').filter((i) => judged.includes(i)),
    );
    expect(await view({ verdict: 'blocked', crawler: 1 })).toEqual(
      blockedBy('gptbot').filter((i) => judged.includes(i)),
    );
    expect(await view({ verdict: 'allowed', crawler: 1 })).toEqual(
      judged.filter((i) => !blockedBy('gptbot').includes(i)),
    );
  });

  it('keeps rows not judged: out of scope (docs/behaviour.md §1) or unreadable', async () => {
    expect(await run().view({ verdict: 'unjudged' })).toEqual([3, 5]);
  });

  it('keeps rows a rule decides, rows changed by normalisation, rows matching a search', async () => {
    const { view } = run();
    const line = verdict('/blog/a', 'gptbot').rule!.line;
    expect(await view({ rule: line, crawler: 1 })).toEqual([1]);
    expect(await view({ normalisedOnly: true })).toEqual([2]);
    expect(await view({ search: 'CHECKOUT' })).toEqual([0]);
  });

  it('sorts by URL and by verdict, both ways, stable within a verdict', async () => {
    const { view } = run();
    const byUrl = URLS.map((u, i) => [u, i] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : 1))
      .map(([, i]) => i);
    expect(await view({ sort: { key: 'url', col: 0, desc: false } })).toEqual(byUrl);
    expect(await view({ sort: { key: 'url', col: 0, desc: true } })).toEqual([...byUrl].reverse());
    const v = (await view({ sort: { key: 'verdict', col: 1, desc: false } }))!;
    expect(v).toHaveLength(URLS.length);
    // Blocked first, then allowed, then not judged.
    const rank = (i: number) => (i === 3 || i === 5 ? 2 : verdict(URLS[i], 'gptbot').allowed ? 1 : 0);
    expect(v.map(rank)).toEqual([...v.map(rank)].sort());
  });
});

describe('totals', () => {
  it('counts cells per verdict and per deciding rule', () => {
    const chunks = run().chunks.filter((c) => c.kind === 'chunk');
    const t = chunks.at(-1)!.totals;
    expect(t.verdicts.slice(0, 4).reduce((a, b) => a + b, 0)).toBe(URLS.length);
    expect(t.verdicts[CELL.OUT_OF_SCOPE]).toBe(1);
    expect(t.verdicts[CELL.INVALID_URL]).toBe(1);
    const sum = t.topRules.reduce((a, [, n]) => a + n, 0);
    expect(sum).toBeGreaterThan(0);
    expect(t.topRules.map(([, n]) => n)).toEqual([...t.topRules.map(([, n]) => n)].sort((a, b) => b - a));
  });
});
