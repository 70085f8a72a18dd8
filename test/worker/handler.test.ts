import { describe, expect, it, vi } from 'vitest';
import { evaluateProfile, parseRobotsTxt } from '../../src/core/index';
import { findProfile } from '../../src/core/profiles';
import { EXAMPLE_ROBOTS_TXT, EXAMPLE_ROBOTS_URL, GROUP_CHOICE_ROBOTS_TXT } from '../../src/fixtures/example';
import { CELL, ROW } from '../../src/model/codes';
import { diagnosticsIn } from '../../src/model/diagnosticTable';
import type { EvaluateParams } from '../../src/model/wire';
import type { Shelf } from '../../src/persist/shelf';
import { type HandlerHost, RobotsHandler, SLICE_MS } from '../../src/worker/handler';
import type { WorkerReply, WorkerRequest } from '../../src/worker/protocol';

/** A host with a fake clock (advanced by `tick` per reading) and a manual task queue. */
function harness(tick = 0, values?: Shelf) {
  const replies: WorkerReply[] = [];
  const transfers: Transferable[][] = [];
  const tasks: (() => void)[] = [];
  let clock = 0;
  const host: HandlerHost = {
    post(r, t) {
      replies.push(r);
      transfers.push(t ?? []);
    },
    schedule: (fn) => tasks.push(fn),
    now: () => (clock += tick),
    values: () => values,
  };
  const handler = new RobotsHandler(host);
  const drain = () => {
    while (tasks.length) tasks.shift()!();
  };
  const of = <T extends WorkerReply['type']>(type: T) =>
    replies.filter((r): r is Extract<WorkerReply, { type: T }> => r.type === type);
  return { handler, replies, transfers, tasks, drain, of };
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

function evaluateMsg(id: number, version: number, p = params()): WorkerRequest {
  return { type: 'evaluate', id, version, ...p };
}

describe('set-text: parse once per version', () => {
  it('answers with the groups, sitemaps and lint diagnostics of that version', () => {
    const h = harness();
    h.handler.handle({ type: 'set-text', id: 1, version: 7, text: EXAMPLE_ROBOTS_TXT });
    const [parsed] = h.of('parsed');
    expect(parsed.version).toBe(7);
    expect(parsed.summary.groups.map((g) => g.agents.map((a) => a.value))).toEqual([
      ['Googlebot'],
      ['bingbot', 'Slurp'],
      ['GPTBot'],
      ['*'],
    ]);
    expect(parsed.summary.sitemaps).toEqual([{ line: 26, url: 'https://shop.example.com/sitemap.xml' }]);
    expect(diagnosticsIn(parsed.summary.diagnostics).some((d) => d.line === 24 && d.code === 'typo-key')).toBe(true);
    expect(parsed.summary.sizeLimit).toBeNull();
  });

  it('reports where Googlebot stops reading a file over 500 KiB (docs/behaviour.md §3)', () => {
    const h = harness();
    const big =
      'User-agent: *\n' +
      'Disallow: /aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n'.repeat(
        6000,
      );
    h.handler.handle({ type: 'set-text', id: 1, version: 1, text: big });
    const [parsed] = h.of('parsed');
    expect(parsed.summary.sizeLimit).not.toBeNull();
    expect(parsed.summary.sizeLimit!.cutAt).toBeLessThanOrEqual(512_000);
    expect(parsed.summary.sizeLimit!.line).toBeGreaterThan(5000);
  });
});

describe('evaluate: URL list × crawlers in compact chunks', () => {
  it('gives the engine verdict and deciding line for every cell', () => {
    const h = harness();
    h.handler.handle({ type: 'set-text', id: 1, version: 1, text: EXAMPLE_ROBOTS_TXT });
    h.handler.handle(evaluateMsg(2, 1));
    h.drain();
    const [started] = h.of('run-started');
    expect(started.rows).toBe(5); // blank lines skipped
    expect(started.crawlers.map((c) => c.label)).toEqual(['Googlebot', 'GPTBot', 'Slurp']);
    const chunks = h.of('run-chunk');
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
    expect(h.of('run-done')).toEqual([{ type: 'run-done', id: 2, version: 1, rows: 5, elapsedMs: expect.any(Number) }]);
  });

  it('transfers the chunk arrays instead of copying them', () => {
    const h = harness();
    h.handler.handle({ type: 'set-text', id: 1, version: 1, text: EXAMPLE_ROBOTS_TXT });
    h.handler.handle(evaluateMsg(2, 1));
    const i = h.replies.findIndex((r) => r.type === 'run-chunk');
    const chunk = h.replies[i] as Extract<WorkerReply, { type: 'run-chunk' }>;
    expect(h.transfers[i]).toEqual([
      chunk.status.buffer,
      chunk.lines.buffer,
      chunk.rowFlags.buffer,
      chunk.totals.rules.buffer,
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
      h.handler.handle({ type: 'set-text', id: 1, version: 1, text: 'User-agent: *\nDisallow: /\n' });
      h.handler.handle(evaluateMsg(2, 1, params({ urlsText: '/a\n/b', fetchStatus: status })));
      h.drain();
      expect([...h.of('run-chunk')[0].status]).toEqual(Array(6).fill(cell));
    }
  });

  it('leaves a URL as typed when normalisation is off', () => {
    const h = harness();
    h.handler.handle({ type: 'set-text', id: 1, version: 1, text: 'User-agent: *\nDisallow: /%C3%A9\n' });
    h.handler.handle(
      evaluateMsg(
        2,
        1,
        params({ urlsText: '/é', crawlers: [{ kind: 'token', token: 'x' }], normalise: false, robotsUrl: '' }),
      ),
    );
    expect([...h.of('run-chunk')[0].status]).toEqual([CELL.ALLOWED]);
    h.handler.handle(
      evaluateMsg(
        3,
        1,
        params({ urlsText: '/é', crawlers: [{ kind: 'token', token: 'x' }], normalise: true, robotsUrl: '' }),
      ),
    );
    expect([...h.of('run-chunk').at(-1)!.status]).toEqual([CELL.BLOCKED]);
  });

  it(`slices a long list by time (~${SLICE_MS} ms), with progress, and stops when the text changes`, () => {
    const h = harness(1); // every clock reading advances 1 ms
    h.handler.handle({ type: 'set-text', id: 1, version: 1, text: EXAMPLE_ROBOTS_TXT });
    const urls = Array.from({ length: 20_000 }, (_, i) => `/p/${i}`).join('\n');
    h.handler.handle(evaluateMsg(2, 1, params({ urlsText: urls })));
    const first = h.of('run-chunk');
    expect(first).toHaveLength(1);
    expect(first[0].progress.done).toBeLessThan(20_000);
    expect(h.tasks).toHaveLength(1);
    h.tasks.shift()!();
    const second = h.of('run-chunk')[1];
    expect(second.start).toBe(first[0].progress.done);
    expect(second.progress.done).toBeGreaterThan(second.start);
    // A new version cancels the run: its next slice does nothing.
    h.handler.handle({ type: 'set-text', id: 3, version: 2, text: 'User-agent: *\n' });
    const before = h.replies.length;
    h.drain();
    expect(h.replies.slice(before).filter((r) => r.type !== 'parsed')).toEqual([]);
    expect(h.of('run-done')).toEqual([]);
  });

  it('refuses a run for a version it has not parsed', () => {
    const h = harness();
    h.handler.handle({ type: 'set-text', id: 1, version: 1, text: EXAMPLE_ROBOTS_TXT });
    h.handler.handle(evaluateMsg(2, 5));
    expect(h.of('failed')).toEqual([
      { type: 'failed', id: 2, version: 5, message: expect.stringContaining('version 5') },
    ]);
  });

  it('a cancel stops the run it names', () => {
    const h = harness(1);
    h.handler.handle({ type: 'set-text', id: 1, version: 1, text: EXAMPLE_ROBOTS_TXT });
    h.handler.handle(
      evaluateMsg(2, 1, params({ urlsText: Array.from({ length: 5000 }, (_, i) => `/x${i}`).join('\n') })),
    );
    h.handler.handle({ type: 'cancel', id: 2, version: 1 });
    h.drain();
    expect(h.of('run-chunk')).toHaveLength(1);
    expect(h.of('run-done')).toEqual([]);
  });
});

describe('save-list: the URL list into IndexedDB, never in the middle of a run', () => {
  const longList = Array.from({ length: 20_000 }, (_, i) => `/p/${i}`).join('\n');

  it('waits for the run going to finish (storing copies the whole list at once), then saves', () => {
    const h = harness(1);
    h.handler.handle({ type: 'set-text', id: 1, version: 1, text: EXAMPLE_ROBOTS_TXT });
    h.handler.handle(evaluateMsg(2, 1, params({ urlsText: longList })));
    h.handler.handle({ type: 'save-list', id: 3, version: 1, key: 'robots-lab:urlText', urlsText: null });
    expect(h.of('saved')).toEqual([]);
    h.drain();
    expect(h.replies.map((r) => r.type).filter((t) => t === 'run-done' || t === 'saved')).toEqual([
      'run-done',
      'saved',
    ]);
    // Node has no IndexedDB: the reply says so, as a browser without it would.
    expect(h.of('saved')[0]).toMatchObject({ id: 3, error: 'IndexedDB is not available' });
  });

  it('saves at once when no run is going, and as soon as a run is cancelled', () => {
    const h = harness(1);
    h.handler.handle({ type: 'save-list', id: 1, version: 0, key: 'k', urlsText: '/a\n' });
    expect(h.of('saved')).toHaveLength(1);
    h.handler.handle({ type: 'set-text', id: 2, version: 1, text: EXAMPLE_ROBOTS_TXT });
    h.handler.handle(evaluateMsg(3, 1, params({ urlsText: longList })));
    h.handler.handle({ type: 'save-list', id: 4, version: 1, key: 'k', urlsText: null });
    h.handler.handle({ type: 'cancel', id: 3, version: 1 });
    expect(h.of('saved')).toHaveLength(1);
    h.drain();
    expect(h.of('saved')).toHaveLength(2);
    expect(h.of('run-done')).toEqual([]);
  });
});

describe('save-list on a shelf', () => {
  it('stores the list as one chunk and replies with its URLs, blank lines not counted', async () => {
    const saved = new Map<string, unknown>();
    const shelf: Shelf = {
      get: async (k) => saved.get(k),
      set: async (k, v) => void saved.set(k, v),
      delete: async (k) => void saved.delete(k),
    };
    const h = harness(0, shelf);
    h.handler.handle({ type: 'save-list', id: 1, version: 0, key: 'robots-lab:urlText', urlsText: '/a\n\n/b\n' });
    await vi.waitFor(() => expect(h.of('saved')).toHaveLength(1));
    expect(h.of('saved')[0]).toEqual({ type: 'saved', id: 1, version: 0, error: null, urls: 2 });
    expect(saved.get('robots-lab:urlText')).toEqual(['/a\n\n/b\n']);
  });

  it("names a full storage in the user's words", async () => {
    const full = new Error('quota');
    full.name = 'QuotaExceededError';
    const h = harness(0, {
      get: async () => undefined,
      set: async () => Promise.reject(full),
      delete: async () => {},
    });
    h.handler.handle({ type: 'save-list', id: 1, version: 0, key: 'k', urlsText: '/a\n' });
    await vi.waitFor(() => expect(h.of('saved')).toHaveLength(1));
    expect(h.of('saved')[0].error).toBe("this browser's storage for the page is full");
  });
});

describe('explain: one cell in full', () => {
  it('docs/behaviour.md §5: Googlebot-Image falls back to the googlebot group, with every matching rule', () => {
    const h = harness();
    h.handler.handle({ type: 'set-text', id: 1, version: 1, text: GROUP_CHOICE_ROBOTS_TXT });
    h.handler.handle({
      type: 'explain',
      id: 2,
      version: 1,
      url: 'https://example.com/drafts/public-note',
      crawler: { kind: 'profile', id: 'googlebot-image' },
      normalise: true,
      robotsUrl: '',
      fetchStatus: 200,
    });
    const [{ result }] = h.of('explained');
    expect(result.verdict!.allowed).toBe(true);
    expect(result.verdict!.choice).toMatchObject({ kind: 'named', token: 'Googlebot', agentLines: [7] });
    expect(result.verdict!.matches.map((m) => [m.line, m.length])).toEqual([
      [9, 14],
      [8, 8],
    ]);
    expect(result.crawler.tokens).toEqual(['Googlebot-Image', 'Googlebot']);
  });

  it('flags a typed token that crawlers cannot send', () => {
    const h = harness();
    h.handler.handle({ type: 'set-text', id: 1, version: 1, text: GROUP_CHOICE_ROBOTS_TXT });
    h.handler.handle({
      type: 'explain',
      id: 2,
      version: 1,
      url: '/',
      crawler: { kind: 'token', token: 'My Bot/1.0' },
      normalise: true,
      robotsUrl: '',
      fetchStatus: 200,
    });
    expect(h.of('explained')[0].result.crawler.valid).toBe(false);
  });
});

describe('protocol', () => {
  it('rejects a message type it does not know (exhaustive switch)', () => {
    const h = harness();
    expect(() => h.handler.handle({ type: 'nonsense' } as unknown as WorkerRequest)).toThrow(/Unexpected message/);
  });
});

describe('test-only faults (test builds)', () => {
  it('a "throw" fault makes the handler throw, as a crashing worker would', () => {
    const h = harness();
    expect(() => h.handler.handle({ type: 'debug-fault', id: 1, version: 0, fault: 'throw' })).toThrow(/Debug fault/);
    expect(h.replies).toEqual([]);
  });
});
