/**
 * The worker's before/after comparison (src/worker/flips.ts) through the
 * worker's methods: which URL × crawler verdicts an edit flips, streamed in slices,
 * viewed and exported. Every expectation is written by hand from
 * docs/behaviour.md §5 (which group a crawler obeys) and §8 (which rule wins).
 */
import { describe, expect, it } from 'vitest';
import type { FlipProgress, FlipQuery, FlipsParams, FlipTally, RunChunk, RunStart } from '../../src/model/wire';
import { RobotsApi } from '../../src/worker/api';
import { callContext } from '../fakes/handler';

/** The worker's methods on a manual task queue; what comparisons stream and answer is logged. */
function harness(tick = 0, saved = new Map<string, unknown>()) {
  const tasks: (() => void)[] = [];
  let clock = 0;
  const values = () => ({
    get: async (k: string) => saved.get(k),
    set: async (k: string, v: unknown) => void saved.set(k, v),
    delete: async (k: string) => void saved.delete(k),
  });
  const api = new RobotsApi({ schedule: (fn) => tasks.push(fn), now: () => (clock += tick), values });
  const drain = () => {
    while (tasks.length) tasks.shift()!();
  };
  const chunks: (FlipProgress & { run: number })[] = [];
  const done: { run: number; tally: FlipTally }[] = [];
  const failed: string[] = [];
  const aborts = new Map<number, AbortController>();
  const flips = (run: number, over: Partial<FlipsParams> = {}) => {
    const { ctx, abort } = callContext<FlipProgress>();
    aborts.set(run, abort);
    const emit = ctx.emit;
    ctx.emit = (c) => {
      emit(c);
      chunks.push({ ...c, run });
    };
    try {
      api.flips({ ...params(over), run }, ctx).then(
        (end) => void done.push({ run, tally: end.tally }),
        (e: Error) => void (e.message === 'superseded' || failed.push(e.message)),
      );
    } catch (e) {
      failed.push((e as Error).message);
    }
  };
  const cancel = (run: number) => aborts.get(run)?.abort();
  return { api, tasks, drain, chunks, done, failed, flips, cancel };
}

/** Lets settled promises' callbacks run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

const DEPLOYED = 'User-agent: *\nDisallow: /private\n';
const ADDS_SHOP = 'User-agent: *\nDisallow: /private\nDisallow: /shop\n';

const params = (over: Partial<FlipsParams> = {}): FlipsParams => ({
  deployedText: DEPLOYED,
  editedText: ADDS_SHOP,
  urlsText: '/shop/a\n/private/x\n\n/blog\n/shop\n',
  crawlers: [
    { kind: 'profile', id: 'googlebot' },
    { kind: 'token', token: 'Slurp' },
  ],
  normalise: true,
  robotsUrl: '',
  ...over,
});

const ALL: FlipQuery = { kind: 'all', crawler: -1, sort: 'list', desc: false, limit: 100 };

async function compare(over: Partial<FlipsParams> = {}, tick = 0) {
  const h = harness(tick);
  h.flips(1, over);
  h.drain();
  await settle();
  return h;
}

function view(h: ReturnType<typeof harness>, query: FlipQuery, run = 1) {
  return h.api.flipsView({ run, query });
}

describe('flips: an added Disallow line (docs/behaviour.md §8)', () => {
  it('counts the newly blocked URL × crawler pairs, per crawler, and skips nothing', async () => {
    const h = await compare();
    const [done] = h.done;
    expect(done.tally).toEqual({
      checked: 8,
      skipped: 0,
      allowedToBlocked: 4,
      blockedToAllowed: 0,
      byCrawler: [
        { label: 'Googlebot', allowedToBlocked: 2, blockedToAllowed: 0 },
        { label: 'Slurp', allowedToBlocked: 2, blockedToAllowed: 0 },
      ],
    });
  });

  it('names the new deciding line and the added line as the cause of each flip', async () => {
    const h = await compare();
    const v = view(h, ALL);
    expect(v.count).toBe(4);
    expect(v.records.map((r) => [r.url, r.crawler])).toEqual([
      ['/shop/a', 'Googlebot'],
      ['/shop/a', 'Slurp'],
      ['/shop', 'Googlebot'],
      ['/shop', 'Slurp'],
    ]);
    const first = v.records[0];
    expect(first.kind).toBe('allowed-to-blocked');
    expect(first.oldLine).toBeNull();
    expect(first.newLine).toEqual({ line: 3, text: 'Disallow: /shop' });
    expect(first.causes).toEqual([
      { kind: 'added', oldLine: null, newLine: 3, oldText: null, newText: 'Disallow: /shop' },
    ]);
  });

  it('finds no flip when the files decide alike', async () => {
    const h = await compare({ editedText: `# a comment\n${DEPLOYED}` });
    expect(h.done[0].tally.allowedToBlocked + h.done[0].tally.blockedToAllowed).toBe(0);
    expect(view(h, ALL).records).toEqual([]);
  });
});

describe('flips: a narrowed rule and a group choice (docs/behaviour.md §5, §8)', () => {
  it('a changed Disallow line allows what it no longer covers, with the old deciding line', async () => {
    const h = await compare({
      deployedText: 'User-agent: *\nDisallow: /a\n',
      editedText: 'User-agent: *\nDisallow: /ab\n',
      urlsText: '/a\n/ab/x\n/ac\n',
      crawlers: [{ kind: 'token', token: 'Slurp' }],
    });
    const v = view(h, ALL);
    expect(v.records.map((r) => r.url)).toEqual(['/a', '/ac']);
    expect(v.records[0].kind).toBe('blocked-to-allowed');
    expect(v.records[0].oldLine).toEqual({ line: 2, text: 'Disallow: /a' });
    expect(v.records[0].newLine).toBeNull();
    expect(v.records[0].causes).toEqual([
      { kind: 'changed', oldLine: 2, newLine: 2, oldText: 'Disallow: /a', newText: 'Disallow: /ab' },
    ]);
  });

  it('removing the Googlebot group sends Googlebot to the * group, and blames the removed lines', async () => {
    const h = await compare({
      deployedText: 'User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /\n',
      editedText: 'User-agent: *\nDisallow: /\n',
      urlsText: '/x\n',
    });
    const v = view(h, ALL);
    expect(v.records.map((r) => [r.crawler, r.kind])).toEqual([['Googlebot', 'allowed-to-blocked']]);
    const f = v.records[0];
    expect(f.oldLine).toEqual({ line: 5, text: 'Allow: /' });
    expect(f.newLine).toEqual({ line: 2, text: 'Disallow: /' });
    expect(f.causes.map((c) => [c.kind, c.oldLine])).toEqual([
      ['removed', 4],
      ['removed', 5],
    ]);
  });
});

describe('flips: crawlers whose obeyed rules are unchanged (docs/behaviour.md §5, §8)', () => {
  const files = {
    deployedText: 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /a\n',
    editedText: 'User-agent: GPTBot\nDisallow: /x\n\nUser-agent: *\nDisallow: /a\n',
    urlsText: '/a\n/b\n',
  };

  it('flips only the crawler whose group changed, and still counts every pair as compared', async () => {
    const h = await compare({
      ...files,
      crawlers: [
        { kind: 'profile', id: 'gptbot' },
        { kind: 'token', token: 'Slurp' },
      ],
    });
    expect(h.done[0].tally).toEqual({
      checked: 4,
      skipped: 0,
      allowedToBlocked: 0,
      blockedToAllowed: 2,
      byCrawler: [
        { label: 'GPTBot', allowedToBlocked: 0, blockedToAllowed: 2 },
        { label: 'Slurp', allowedToBlocked: 0, blockedToAllowed: 0 },
      ],
    });
  });

  it('a crawler moved to another group with the same rules flips nothing', async () => {
    const h = await compare({
      deployedText: 'User-agent: *\nDisallow: /a\n',
      editedText: 'User-agent: Slurp\nDisallow: /a\n\nUser-agent: *\nDisallow: /a\n',
      urlsText: '/a\n/b\n',
      crawlers: [{ kind: 'token', token: 'Slurp' }],
    });
    expect(h.done[0].tally.checked).toBe(2);
    expect(view(h, ALL).records).toEqual([]);
  });

  it('two crawlers with one name keep apart, the second numbered', async () => {
    const h = await compare({
      crawlers: [
        { kind: 'token', token: 'Slurp' },
        { kind: 'token', token: 'Slurp' },
      ],
    });
    expect(h.done[0].tally.byCrawler.map((c) => [c.label, c.allowedToBlocked])).toEqual([
      ['Slurp', 2],
      ['Slurp (2)', 2],
    ]);
  });
});

describe('flips: the URL list as a run reads it (docs/behaviour.md §1)', () => {
  it('skips URLs outside the robots.txt URL scope and compares the request form of the rest', async () => {
    const h = await compare({
      urlsText: 'https://shop.example.com/shop/ü\nhttps://other.example.com/shop\n',
      robotsUrl: 'https://shop.example.com/robots.txt',
      crawlers: [{ kind: 'token', token: 'Slurp' }],
    });
    const done = h.done[0];
    expect(done.tally.skipped).toBe(1);
    expect(done.tally.checked).toBe(1);
    const [f] = view(h, ALL).records;
    expect(f.url).toBe('https://shop.example.com/shop/ü');
    expect(f.requestUrl).toBe('https://shop.example.com/shop/%C3%BC');
  });

  it('uses the list the worker holds (restored here) when the request sends none, not the last one sent', async () => {
    const h = harness(0, new Map([['robots-lab:urlText', '/shop/1\n/shop/2\n/blog\n']]));
    await h.api.loadList({ key: 'robots-lab:urlText', id: 1 });
    h.api.setText({ version: 0, text: DEPLOYED });
    const run = { run: 1, version: 0, urlsText: '/other\n', crawlers: [], normalise: true };
    void h.api.evaluate({ ...run, robotsUrl: '', fetchStatus: 200 }, callContext<RunStart | RunChunk>().ctx);
    h.drain();
    h.flips(2, { urlsText: null });
    h.drain();
    await settle();
    expect(h.done[0].tally.allowedToBlocked).toBe(4);
  });

  it('reuses the parse of the text the worker holds when it is the edited file, with the same flips', async () => {
    const h = harness();
    h.api.setText({ version: 0, text: ADDS_SHOP });
    h.flips(2);
    h.drain();
    await settle();
    expect(h.done[0].tally.allowedToBlocked).toBe(4);
    expect(view(h, ALL, 2).records[0].newLine).toEqual({ line: 3, text: 'Disallow: /shop' });
  });

  it('fails clearly when there is no list at all', async () => {
    const h = await compare({ urlsText: null });
    expect(h.failed).toEqual(['No URL list is held.']);
    expect(h.done).toEqual([]);
  });
});

describe('flips: streamed in slices, cancelled, replaced', () => {
  const many = Array.from({ length: 1000 }, (_, i) => `/shop/${i}`).join('\n');

  it('posts progress chunks before the end, counting up to the whole list', async () => {
    // Each clock reading advances 5 ms: a 20 ms slice ends after four deadline checks (64 rows each).
    const h = await compare({ urlsText: many }, 5);
    const chunks = h.chunks;
    expect(chunks.length).toBeGreaterThan(1);
    const done = chunks.map((c) => c.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(chunks.at(-1)!).toMatchObject({ done: 1000, total: 1000 });
    expect(h.done[0].tally.allowedToBlocked).toBe(2000);
  });

  it('stops after a cancel: no more chunks, no done', async () => {
    const h = harness(5);
    h.flips(1, { urlsText: many });
    const before = h.chunks.length;
    h.cancel(1);
    h.drain();
    await settle();
    expect(h.chunks.length).toBe(before);
    expect(h.done).toEqual([]);
  });

  it('a new comparison replaces the one going on', async () => {
    const h = harness(5);
    h.flips(1, { urlsText: many });
    h.flips(2);
    h.drain();
    await settle();
    expect(h.done.map((d) => d.run)).toEqual([2]);
  });
});

describe('flips: views and exports', () => {
  const twoWays = {
    deployedText: 'User-agent: *\nDisallow: /old\n',
    editedText: 'User-agent: *\nDisallow: /new\n',
    urlsText: '/old/b\n/new/b\n/old/a\n/new/a\n',
  };

  it('filters by kind and crawler, sorts by URL either way, and stops at the limit', async () => {
    const h = await compare(twoWays);
    const blocked = view(h, { ...ALL, kind: 'allowed-to-blocked', crawler: 1 });
    expect(blocked.records.map((r) => [r.url, r.crawler])).toEqual([
      ['/new/b', 'Slurp'],
      ['/new/a', 'Slurp'],
    ]);
    const byUrl = view(h, { ...ALL, crawler: 0, sort: 'url' });
    expect(byUrl.records.map((r) => r.url)).toEqual(['/new/a', '/new/b', '/old/a', '/old/b']);
    const desc = view(h, { ...ALL, crawler: 0, sort: 'url', desc: true, limit: 3 });
    expect(desc.records.map((r) => r.url)).toEqual(['/old/b', '/old/a', '/new/b']);
    expect(desc.count).toBe(4);
    const byKind = view(h, { ...ALL, crawler: 0, sort: 'kind' });
    expect(byKind.records.map((r) => r.kind)).toEqual([
      'allowed-to-blocked',
      'allowed-to-blocked',
      'blocked-to-allowed',
      'blocked-to-allowed',
    ]);
  });

  it('answers that a replaced comparison is gone', async () => {
    const h = await compare(twoWays);
    expect(() => view(h, ALL, 77)).toThrow('Comparison 77 is no longer held.');
  });

  it('exports CSV in the columns of robots-lab diff', async () => {
    const h = await compare({ ...twoWays, urlsText: '/old/b\n/new,b\n' });
    const file = h.api.flipsExport({ run: 1, query: { ...ALL, crawler: 0 }, format: 'csv' });
    expect(file.records).toBe(2);
    expect(await file.blob.text()).toBe(
      'url,request_url,crawler,flip,old_line,old_rule,new_line,new_rule,causes\r\n' +
        '/old/b,/old/b,Googlebot,blocked-to-allowed,2,Disallow: /old,,,line 2→2 changed: Disallow: /old → Disallow: /new\r\n' +
        '"/new,b","/new,b",Googlebot,allowed-to-blocked,,,2,Disallow: /new,line 2→2 changed: Disallow: /old → Disallow: /new\r\n',
    );
  });

  it('exports JSON with the counts and every flip the query keeps, past the view limit', async () => {
    const h = await compare(twoWays);
    const file = h.api.flipsExport({ run: 1, query: { ...ALL, kind: 'blocked-to-allowed', limit: 1 }, format: 'json' });
    const doc = JSON.parse(await file.blob.text());
    expect(doc.counts).toEqual({
      checked: 8,
      allowedToBlocked: 4,
      blockedToAllowed: 4,
      byCrawler: {
        Googlebot: { allowedToBlocked: 2, blockedToAllowed: 2 },
        Slurp: { allowedToBlocked: 2, blockedToAllowed: 2 },
      },
    });
    expect(doc.flips.map((f: { url: string; crawler: string }) => `${f.url} ${f.crawler}`)).toEqual([
      '/old/b Googlebot',
      '/old/b Slurp',
      '/old/a Googlebot',
      '/old/a Slurp',
    ]);
    expect(doc.flips[0].oldLine).toEqual({ line: 2, text: 'Disallow: /old' });
  });
});
