import { describe, expect, it } from 'vitest';
import { GROUP_CHOICE_ROBOTS_TXT } from '../../e2e/fixtures/example';
import { evaluateProfile, parseRobotsTxt } from '../../src/core/index';
import { findProfile } from '../../src/core/profiles';
import { EXAMPLE_ROBOTS_TXT, EXAMPLE_ROBOTS_URL } from '../../src/fixtures/example';
import { CELL, ROW } from '../../src/model/codes';
import type { EvaluateParams, RunChunk, RunStart } from '../../src/model/wire';
import type { Shelf } from '../../src/persist/shelf';
import { RobotsApi } from '../../src/worker/api';
import type { HandlerHost } from '../../src/worker/host';
import { serve } from '../../src/worker/rpc';
import { callContext } from '../fakes/handler';

/** The worker's methods on a fake clock (advanced by `tick` per reading) and a manual task queue. */
function harness(tick = 0, values?: HandlerHost['values']) {
  const tasks: (() => void)[] = [];
  let clock = 0;
  const api = new RobotsApi({ schedule: (fn) => tasks.push(fn), now: () => (clock += tick), values });
  const drain = () => {
    while (tasks.length) tasks.shift()!();
  };
  /** Starts a run; its stream lands in `chunks`, its end (or failure) in `outcome`. */
  const evaluate = (run: number, version: number, p = params()) => {
    const { ctx, chunks, abort } = callContext<RunStart | RunChunk>();
    const outcome: { end?: { rows: number }; error?: string } = {};
    api.evaluate({ ...p, run, version }, ctx).then(
      (end) => {
        outcome.end = end;
      },
      (e: Error) => {
        outcome.error = e.message;
      },
    );
    const only = <K extends 'start' | 'chunk'>(kind: K) =>
      chunks.filter((c): c is Extract<RunStart | RunChunk, { kind: K }> => c.kind === kind);
    return { chunks, abort, outcome, started: () => only('start'), bodies: () => only('chunk') };
  };
  return { api, tasks, drain, evaluate };
}

const params = (over: Partial<EvaluateParams> = {}): EvaluateParams => ({
  urlsText: '/checkout/x\n\n  /blog/a  \nhttps://shop.example.com/café\nhttps://other.example.com/\n/robots.txt\n',
  crawlers: [
    { kind: 'profile', id: 'googlebot' },
    { kind: 'profile', id: 'gptbot' },
    { kind: 'token', token: 'Slurp' },
  ],
  normalise: true,
  robotsUrl: EXAMPLE_ROBOTS_URL,
  fetchStatus: 200,
  ...over,
});

/** Lets settled promises' callbacks run. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('setText: parse once per version', () => {
  it('answers with the groups, sitemaps and lint diagnostics of that version', () => {
    const summary = harness().api.setText({ version: 7, text: EXAMPLE_ROBOTS_TXT });
    expect(summary.groups.map((g) => g.agents.map((a) => a.value))).toEqual([
      ['Googlebot'],
      ['bingbot', 'Slurp'],
      ['GPTBot'],
      ['*'],
    ]);
    expect(summary.sitemaps).toEqual([{ line: 26, url: 'https://shop.example.com/sitemap.xml' }]);
    expect(summary.diagnostics.some((d) => d.line === 24 && d.code === 'typo-key')).toBe(true);
    expect(summary.sizeLimit).toBeNull();
  });

  it('reports where Googlebot stops reading a file over 500 KiB (docs/behaviour.md §3)', () => {
    const big =
      'User-agent: *\n' +
      'Disallow: /aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n'.repeat(
        6000,
      );
    const { sizeLimit } = harness().api.setText({ version: 1, text: big });
    expect(sizeLimit).not.toBeNull();
    // All ASCII: the cut is at byte 512,000. Line 1 is 14 characters, each later line 98, so
    // line k starts at 14 + (k - 2) × 98: offset 512,000 is on line 5,226 (which starts at 511,966).
    expect(sizeLimit).toEqual({ cutAt: 512_000, line: 5226 });
  });
});

describe('evaluate: URL list × crawlers in compact chunks', () => {
  it('gives the engine verdict and deciding line for every cell', async () => {
    const h = harness();
    h.api.setText({ version: 1, text: EXAMPLE_ROBOTS_TXT });
    const run = h.evaluate(2, 1);
    h.drain();
    const [started] = run.started();
    expect(started.rows).toBe(5); // blank lines skipped
    expect(started.crawlers.map((c) => c.label)).toEqual(['Googlebot', 'GPTBot', 'Slurp']);
    const chunks = run.bodies();
    const status = new Uint8Array(15);
    const lines = new Int32Array(15);
    const flags = new Uint8Array(5);
    for (const c of chunks) {
      status.set(c.status, c.start * 3);
      lines.set(c.lines, c.start * 3);
      flags.set(c.rowFlags, c.start);
    }
    const parsed = parseRobotsTxt(EXAMPLE_ROBOTS_TXT);
    const gb = evaluateProfile(parsed, '/checkout/x', findProfile('googlebot')!);
    expect([status[0], lines[0]]).toEqual([CELL.BLOCKED, gb.rule!.line]);
    expect([status[1], lines[1]]).toEqual([CELL.BLOCKED, 16]); // GPTBot: Disallow: /
    expect([status[2], lines[2]]).toEqual([CELL.ALLOWED, 0]); // Slurp: /search only
    expect([status[4], lines[4]]).toEqual([CELL.ALLOWED, 17]); // GPTBot: Allow: /blog/
    // The typed café is matched in its request form.
    expect(flags[2] & ROW.NORMALISED).toBeTruthy();
    expect(chunks.flatMap((c) => c.normalised)).toContainEqual([2, 'https://shop.example.com/caf%C3%A9']);
    // Another origin is flagged, not judged (docs/behaviour.md §1).
    expect(flags[3] & ROW.OUT_OF_SCOPE).toBeTruthy();
    expect([...status.slice(9, 12)]).toEqual([CELL.OUT_OF_SCOPE, CELL.OUT_OF_SCOPE, CELL.OUT_OF_SCOPE]);
    // /robots.txt itself is always allowed (RFC 9309).
    expect(flags[4] & ROW.ROBOTS_TXT).toBeTruthy();
    expect([...status.slice(12, 15)]).toEqual([CELL.ALLOWED, CELL.ALLOWED, CELL.ALLOWED]);
    await settle();
    expect(run.outcome.end).toMatchObject({ rows: 5 });
  });

  it('transfers the chunk arrays instead of copying them', async () => {
    const sent: { chunk?: RunChunk; transfer: Transferable[] }[] = [];
    const port = {
      onmessage: null as ((e: MessageEvent) => void) | null,
      postMessage: (m: unknown, transfer: Transferable[] = []) => sent.push({ ...(m as object), transfer }),
    };
    serve(new RobotsApi({ schedule: (fn) => fn(), now: () => 0 }), port);
    const call = (id: number, method: string, arg: unknown) =>
      port.onmessage?.({ data: { id, method, arg } } as MessageEvent);
    call(1, 'setText', { version: 1, text: EXAMPLE_ROBOTS_TXT });
    call(2, 'evaluate', { ...params(), run: 2, version: 1 });
    await settle();
    const { chunk, transfer } = sent.find((s) => s.chunk?.kind === 'chunk')!;
    expect(transfer).toEqual([
      chunk!.status.buffer,
      chunk!.lines.buffer,
      chunk!.rowFlags.buffer,
      chunk!.totals.rules.buffer,
    ]);
  });

  it('docs/behaviour.md §2: a 4xx allows everything and a 5xx or an unreachable server blocks everything', () => {
    for (const [status, cell] of [
      [404, CELL.ALLOWED],
      [403, CELL.ALLOWED],
      [503, CELL.BLOCKED],
      [0, CELL.BLOCKED],
    ] as const) {
      const h = harness();
      h.api.setText({ version: 1, text: 'User-agent: *\nDisallow: /\n' });
      const run = h.evaluate(2, 1, params({ urlsText: '/a\n/b', fetchStatus: status }));
      h.drain();
      expect([...run.bodies()[0].status]).toEqual(Array(6).fill(cell));
    }
  });

  it('leaves a URL as typed when normalisation is off', () => {
    const h = harness();
    h.api.setText({ version: 1, text: 'User-agent: *\nDisallow: /%C3%A9\n' });
    const one = { urlsText: '/é', crawlers: [{ kind: 'token' as const, token: 'x' }], robotsUrl: '' };
    expect([...h.evaluate(2, 1, params({ ...one, normalise: false })).bodies()[0].status]).toEqual([CELL.ALLOWED]);
    expect([...h.evaluate(3, 1, params({ ...one, normalise: true })).bodies()[0].status]).toEqual([CELL.BLOCKED]);
  });

  it('slices a long list by time, with progress, and stops when the text changes', async () => {
    const h = harness(1); // every clock reading advances 1 ms
    h.api.setText({ version: 1, text: EXAMPLE_ROBOTS_TXT });
    const urls = Array.from({ length: 20_000 }, (_, i) => `/p/${i}`).join('\n');
    const run = h.evaluate(2, 1, params({ urlsText: urls }));
    const first = run.bodies();
    expect(first).toHaveLength(1);
    expect(first[0].progress.done).toBeLessThan(20_000);
    expect(h.tasks).toHaveLength(1);
    h.tasks.shift()!();
    const second = run.bodies()[1];
    expect(second.start).toBe(first[0].progress.done);
    expect(second.progress.done).toBeGreaterThan(second.start);
    // A new version stops the run: its next slice does nothing.
    h.api.setText({ version: 2, text: 'User-agent: *\n' });
    const before = run.chunks.length;
    h.drain();
    await settle();
    expect(run.chunks.length).toBe(before);
    expect(run.outcome).toEqual({ error: 'superseded' });
  });

  it('refuses a run for a version it has not parsed', () => {
    const h = harness();
    h.api.setText({ version: 1, text: EXAMPLE_ROBOTS_TXT });
    expect(() => h.api.evaluate({ ...params(), run: 2, version: 5 }, callContext<RunStart | RunChunk>().ctx)).toThrow(
      'version 5',
    );
  });

  it('an aborted call stops its run between slices', async () => {
    const h = harness(1);
    h.api.setText({ version: 1, text: EXAMPLE_ROBOTS_TXT });
    const run = h.evaluate(2, 1, params({ urlsText: Array.from({ length: 5000 }, (_, i) => `/x${i}`).join('\n') }));
    run.abort.abort();
    h.drain();
    await settle();
    expect(run.bodies()).toHaveLength(1);
    expect(run.outcome.end).toBeUndefined();
  });
});

/** A shelf in a Map (`refuse`: every write is refused with that error). */
function mapShelf(stored = new Map<string, unknown>(), refuse?: Error): Shelf {
  return {
    get: async (k) => stored.get(k),
    set: async (k, v) => (refuse ? Promise.reject(refuse) : void stored.set(k, v)),
    delete: async (k) => void stored.delete(k),
  };
}

describe('saveList: the held URL list into IndexedDB, never in the middle of a run', () => {
  const longList = Array.from({ length: 20_000 }, (_, i) => `/p/${i}`).join('\n');

  it('waits for the run going to finish (storing copies the whole list at once), then saves', async () => {
    const stored = new Map<string, unknown>([['before', longList]]);
    const h = harness(1, () => mapShelf(stored));
    await h.api.loadList({ key: 'before', id: 1 });
    h.api.setText({ version: 1, text: EXAMPLE_ROBOTS_TXT });
    const order: string[] = [];
    const run = h.evaluate(2, 1, params({ urlsText: null }));
    const saved = h.api.saveList({ key: 'robots-lab:urlText' }).then((n) => order.push(`saved ${n}`));
    await settle();
    expect(order).toEqual([]);
    h.drain();
    await saved;
    expect(run.outcome.end).toBeDefined();
    expect(order).toEqual(['saved 20000']);
    expect(stored.get('robots-lab:urlText')).toEqual([longList]);
  });

  it('saves as soon as a run is cancelled; says so when no list is held or IndexedDB is missing', async () => {
    const stored = new Map<string, unknown>([['before', longList]]);
    const h = harness(1, () => mapShelf(stored));
    await expect(h.api.saveList({ key: 'k' })).rejects.toThrow('no URL list to save');
    await h.api.loadList({ key: 'before', id: 1 });
    h.api.setText({ version: 1, text: EXAMPLE_ROBOTS_TXT });
    const run = h.evaluate(3, 1, params({ urlsText: longList }));
    let count = 0;
    const saved = h.api.saveList({ key: 'k' }).then((n) => {
      count = n;
    });
    run.abort.abort();
    await settle();
    expect(count).toBe(0);
    h.drain();
    await saved;
    expect(count).toBe(20_000);
    expect(run.outcome.end).toBeUndefined();
    await expect(harness(0).api.loadList({ key: 'k', id: 2 })).rejects.toThrow('IndexedDB is not available');
  });
});

describe('explain: one cell in full', () => {
  it('docs/behaviour.md §5: Googlebot-Image falls back to the googlebot group, with every matching rule', () => {
    const { api } = harness();
    api.setText({ version: 1, text: GROUP_CHOICE_ROBOTS_TXT });
    const result = api.explain({
      version: 1,
      url: 'https://example.com/drafts/public-note',
      crawler: { kind: 'profile', id: 'googlebot-image' },
      normalise: true,
      robotsUrl: '',
      fetchStatus: 200,
    });
    expect(result.verdict!.allowed).toBe(true);
    expect(result.verdict!.choice).toMatchObject({ kind: 'named', token: 'Googlebot', agentLines: [7] });
    expect(result.verdict!.matches.map((m) => [m.line, m.length])).toEqual([
      [9, 14],
      [8, 8],
    ]);
    expect(result.crawler.tokens).toEqual(['Googlebot-Image', 'Googlebot']);
  });

  it('flags a typed token that crawlers cannot send', () => {
    const { api } = harness();
    api.setText({ version: 1, text: GROUP_CHOICE_ROBOTS_TXT });
    const result = api.explain({
      version: 1,
      url: '/',
      crawler: { kind: 'token', token: 'My Bot/1.0' },
      normalise: true,
      robotsUrl: '',
      fetchStatus: 200,
    });
    expect(result.crawler.valid).toBe(false);
  });
});

describe('saveList on a shelf', () => {
  it('stores the list as one chunk and answers its URLs, blank lines not counted', async () => {
    const saved = new Map<string, unknown>([['before', '/a\n\n/b\n']]);
    const { api } = harness(0, () => mapShelf(saved));
    await api.loadList({ key: 'before', id: 1 });
    await expect(api.saveList({ key: 'robots-lab:urlText' })).resolves.toBe(2);
    expect(saved.get('robots-lab:urlText')).toEqual(['/a\n\n/b\n']);
  });

  it("names a full storage in the user's words", async () => {
    const full = new Error('quota');
    full.name = 'QuotaExceededError';
    const { api } = harness(0, () => mapShelf(new Map([['before', '/a\n']]), full));
    await api.loadList({ key: 'before', id: 1 });
    await expect(api.saveList({ key: 'k' })).rejects.toThrow("this browser's storage for the page is full");
  });
});
