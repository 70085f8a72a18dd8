// The "where readers disagree" filter over a run's list (docs/behaviour.md §14,
// §11 for the 1994 convention). The file and the rows the filter must keep are
// written by hand from the readers' documented behaviour: the 1994 convention
// has no Allow lines and no wildcards (robotstxt.org/orig.html).
import { describe, expect, it } from 'vitest';
import { ALL_ROWS, DISAGREE_READERS } from '../../src/model/codes';
import type { CrawlerSpec, RunChunk, RunStart, ViewQuery, ViewReply } from '../../src/model/wire';
import { RobotsApi } from '../../src/worker/api';
import type { HandlerHost } from '../../src/worker/host';
import { callContext } from '../fakes/handler';

const ROBOTS = [
  'User-agent: *', // 1
  'Disallow: /private', // 2
  'Allow: /private/public', // 3: not read in 1994
  'Disallow: /*.cgi', // 4: "*" is a plain character in 1994
  '',
  'User-agent: Googlebot', // 6
  'Disallow: /g', // 7
].join('\n');

const URLS = [
  '/', // 0: all allow
  '/private/x', // 1: all block (line 2)
  '/private/public/y', // 2: Google allows by line 3; 1994 blocks by line 2 (GPTBot only: Googlebot has its own group)
  '/a.cgi', // 3: Google blocks by line 4; 1994 allows (GPTBot only)
  '/g/1', // 4: every reader blocks for Googlebot by line 7
  '/robots.txt', // 5: always allowed
  'http://[bad', // 6: unreadable, never judged
];

const LEGACY = 1 << DISAGREE_READERS.indexOf('legacy1994');

function setup() {
  let t = 0;
  const queue: (() => void)[] = [];
  let deferred = false;
  const host: HandlerHost = {
    schedule: (fn) => (deferred ? queue.push(fn) : fn()),
    // Every reading of the clock moves it past a slice, so each slice stops at its first check.
    now: () => (t += deferred ? 25 : 0),
  };
  const api = new RobotsApi(host);
  api.setText({ version: 1, text: ROBOTS });
  const evaluate = (urls: string[], crawlers: CrawlerSpec[] = [GOOGLEBOT, GPTBOT], fetchStatus = 200, run = 2) =>
    void api
      .evaluate(
        { run, version: 1, urlsText: urls.join('\n'), crawlers, normalise: true, robotsUrl: '', fetchStatus },
        callContext<RunStart | RunChunk>().ctx,
      )
      .catch(() => {});
  /** Asks for a view; `answer` is set once the worker answers. */
  const ask = (query: Partial<ViewQuery>) => {
    const got: { answer?: ViewReply; error?: string } = {};
    api.view({ run: 2, query: { ...ALL_ROWS, ...query } }).then(
      (v) => {
        got.answer = v;
      },
      (e: Error) => {
        got.error = e.message;
      },
    );
    return got;
  };
  const view = (query: Partial<ViewQuery>) => api.view({ run: 2, query: { ...ALL_ROWS, ...query } });
  return { api, evaluate, view, ask, queue, defer: () => (deferred = true) };
}

const GOOGLEBOT: CrawlerSpec = { kind: 'profile', id: 'googlebot' };
const GPTBOT: CrawlerSpec = { kind: 'profile', id: 'gptbot' };
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('where readers disagree (docs/behaviour.md §14)', () => {
  it('keeps exactly the rows where another reader gives another verdict, per crawler', async () => {
    const s = setup();
    s.evaluate(URLS);
    const any = await s.view({ verdict: 'disagree' });
    expect(Array.from(any.rows!)).toEqual([2, 3]);
    expect(any.count).toBe(2);
    // Googlebot obeys its own group, where every reader agrees; GPTBot obeys `*`.
    expect(Array.from((await s.view({ verdict: 'disagree', crawler: 0 }))!.rows!)).toEqual([]);
    expect(Array.from((await s.view({ verdict: 'disagree', crawler: 1 }))!.rows!)).toEqual([2, 3]);
  });

  it('says which readers differ, per row', async () => {
    const s = setup();
    s.evaluate(URLS);
    const v = await s.view({ verdict: 'disagree' });
    expect(Array.from(v.readers!)).toEqual([0, 0, LEGACY, LEGACY, 0, 0, 0]);
    // For Googlebot alone (its own group) no reader differs on any row.
    expect(Array.from((await s.view({ verdict: 'disagree', crawler: 0 }))!.readers!)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    // Other filters carry no readers' masks.
    expect((await s.view({ verdict: 'blocked' })).readers).toBeNull();
  });

  it('combines with search and the rule filter like the other verdict filters', async () => {
    const s = setup();
    s.evaluate(URLS);
    expect(Array.from((await s.view({ verdict: 'disagree', search: 'cgi' }))!.rows!)).toEqual([3]);
    expect(Array.from((await s.view({ verdict: 'disagree', rule: 3 }))!.rows!)).toEqual([2]);
  });

  it('an export of the filter holds the cells where another reader differs, and only those', async () => {
    const s = setup();
    s.evaluate(URLS);
    const file = s.api.export({ run: 2, query: { ...ALL_ROWS, verdict: 'disagree' }, format: 'json', wide: false });
    const records = JSON.parse(await file.blob.text()) as { url: string; crawler: string; status: string }[];
    // GPTBot obeys `*`, read differently in 1994; Googlebot's own group reads alike everywhere.
    expect(records.map((r) => [r.url, r.crawler, r.status])).toEqual([
      ['/private/public/y', 'GPTBot', 'allowed'],
      ['/a.cgi', 'GPTBot', 'blocked'],
    ]);
    expect(file.summary).toMatchObject({ records: 2, urls: 2 });
  });

  it('a long list is worked through in slices; after PARTIAL_MS it answers with the rows so far, then goes on', async () => {
    const s = setup();
    const many = Array.from({ length: 1000 }, (_, i) => (i % 250 === 0 ? '/a.cgi' : `/p${i}`));
    s.evaluate(many);
    s.defer();
    const first = s.ask({ verdict: 'disagree' });
    await settle();
    // The first slice yields without answering.
    expect(first).toEqual({});
    expect(s.queue.length).toBe(1);
    let slices = 0;
    while (s.queue.length) {
      s.queue.shift()!();
      slices++;
    }
    expect(slices).toBeGreaterThan(5);
    // One answer, partial: the clock (25 ms a reading) passed 500 ms before the 1,000 rows were checked.
    await settle();
    const partial = first.answer!;
    expect(partial.complete).toBe(false);
    const rows = Array.from(partial.rows!);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(4);
    expect(rows).toEqual([0, 250, 500, 750].slice(0, rows.length));
    // The work went on in the background: asking again answers at once, complete.
    const again = await s.view({ verdict: 'disagree' });
    expect(again.complete).toBe(true);
    expect(Array.from(again.rows!)).toEqual([0, 250, 500, 750]);
  });

  it('stops working for a run that a new run replaced', async () => {
    const s = setup();
    s.evaluate(Array.from({ length: 200 }, (_, i) => `/p${i}.cgi`));
    s.defer();
    const old = s.ask({ verdict: 'disagree' });
    expect(s.queue.length).toBe(1);
    s.evaluate(['/'], [GPTBOT], 200, 3);
    // The new run's first slice and the old view's next slice are queued; the old view gives no rows.
    while (s.queue.length) s.queue.shift()!();
    await settle();
    expect(old).toEqual({ error: 'superseded' });
  });

  it('when the fetch result decides (5xx: nothing may be fetched) no reader disagrees', async () => {
    const s = setup();
    s.evaluate(URLS, [GPTBOT], 503);
    expect(Array.from((await s.view({ verdict: 'disagree' }))!.rows!)).toEqual([]);
  });
});
