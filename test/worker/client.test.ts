import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXAMPLE_ROBOTS_TXT } from '../../src/fixtures/example';
import type { EvaluateParams, ParseSummary, RunChunk, RunStart } from '../../src/model/wire';
import { RobotsWorkerClient } from '../../src/worker/client';
import { FakeWorker, inProcessWorker } from '../fakes/worker';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup(budgetMs = 1000) {
  const workers: FakeWorker[] = [];
  let now = 0;
  const restarts: string[] = [];
  // The watchdog's timer is faked; its clock is the test's `now`.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  const client = new RobotsWorkerClient({
    create: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    budgetMs,
    onRestart: (m) => restarts.push(m),
  });
  return {
    client,
    workers,
    restarts,
    /** The clock moves by `ms`, then the watchdog looks once. */
    advance(ms: number) {
      now += ms;
      vi.advanceTimersToNextTimer();
    },
  };
}

const summary = { lineCount: 1 } as ParseSummary;
const params: EvaluateParams = {
  urlsText: '/a',
  crawlers: [{ kind: 'token', token: 'x' }],
  normalise: true,
  robotsUrl: '',
  fetchStatus: 200,
};

/** Starts run 1 of `p`: its pieces reach `onPiece`; `done` is its answer, `abort` cancels it. */
function evaluate(
  client: RobotsWorkerClient,
  p: EvaluateParams = params,
  onPiece: (piece: RunStart | RunChunk) => void = () => {},
) {
  const abort = new AbortController();
  const done = client.evaluate({ ...p, run: 1 }, onPiece, abort.signal);
  done.catch(() => {});
  return { done, abort };
}

const started = { kind: 'start', rows: 1, crawlers: [], starts: new Int32Array(1), ends: new Int32Array(1) };
const chunk = {
  kind: 'chunk',
  start: 0,
  status: new Uint8Array(1),
  lines: new Int32Array(1),
  rowFlags: new Uint8Array(1),
  normalised: [],
  notes: [],
  progress: { done: 1, total: 1, rate: 1, etaMs: 0 },
  totals: { verdicts: [], rules: new Int32Array(0), topRules: [], normalised: 0 },
};

describe('calls carry the document version; answers of an older one are dropped', () => {
  it('numbers versions and answers the current one', async () => {
    const { client, workers } = setup();
    const p = client.setText('User-agent: *');
    const sent = workers[0].sent[0];
    expect(sent).toMatchObject({ method: 'setText', arg: { version: 1, text: 'User-agent: *' } });
    workers[0].answer(sent, summary);
    await expect(p).resolves.toBe(summary);
  });

  it('drops the parse of a version that a newer text superseded', async () => {
    const { client, workers } = setup();
    const old = client.setText('a');
    const current = client.setText('b');
    const [s1, s2] = workers[0].sent;
    workers[0].answer(s1, summary);
    workers[0].answer(s2, summary);
    await expect(old).resolves.toBeNull();
    await expect(current).resolves.toBe(summary);
  });

  it('a run carries the current version, streams its pieces and answers its end', async () => {
    const { client, workers } = setup();
    void client.setText('a');
    const pieces: string[] = [];
    const { done } = evaluate(client, params, (p) => pieces.push(p.kind));
    const w = workers[0];
    const run = w.last('evaluate');
    expect(run.arg).toMatchObject({ run: 1, version: 1 });
    w.chunk(run, started);
    w.chunk(run, chunk);
    w.answer(run, { rows: 1, elapsedMs: 1 });
    await expect(done).resolves.toEqual({ rows: 1, elapsedMs: 1 });
    expect(pieces).toEqual(['start', 'chunk']);
  });

  it('reports a failed parse of the current text; a failed run rejects with the reason', async () => {
    const failures: string[] = [];
    const workers: FakeWorker[] = [];
    const client = new RobotsWorkerClient({
      create: () => {
        const w = new FakeWorker();
        workers.push(w);
        return w;
      },
      onFailure: (m) => failures.push(m),
    });
    const p = client.setText('x');
    const { done } = evaluate(client);
    const w = workers[0];
    w.fail(w.last('setText'), 'bad text');
    w.fail(w.last('evaluate'), 'bad run');
    await expect(p).resolves.toBeNull();
    await expect(done).rejects.toThrow('bad run');
    expect(failures).toEqual(['bad text']);
  });
});

describe('a worker that overruns its budget or crashes is restarted', () => {
  it('terminates a silent worker after the budget and starts a fresh one', async () => {
    const { client, workers, restarts, advance } = setup(1000);
    const { done } = evaluate(client);
    const pending = client.explain({
      url: '/',
      crawler: { kind: 'token', token: 'x' },
      normalise: true,
      robotsUrl: '',
      fetchStatus: 200,
    });
    advance(900);
    expect(workers).toHaveLength(1);
    advance(200);
    expect(workers[0].terminated).toBe(true);
    expect(workers).toHaveLength(2);
    expect(restarts[0]).toMatch(/did not answer within 1 s.*untouched/);
    await expect(done).rejects.toThrow('the worker restarted');
    await expect(pending).resolves.toBeNull();
    // The fresh worker owes nothing: the watchdog leaves it alone.
    advance(5000);
    expect(workers).toHaveLength(2);
  });

  it('does not restart a worker that keeps answering, or one that owes nothing', () => {
    const { client, workers, advance } = setup(1000);
    advance(5000);
    evaluate(client);
    const run = workers[0].last('evaluate');
    for (let i = 0; i < 5; i++) {
      advance(800);
      workers[0].chunk(run, started);
    }
    expect(workers).toHaveLength(1);
  });

  it('restarts a crashed worker and ignores what the old one still sends', async () => {
    const { client, workers, restarts } = setup();
    const p = client.setText('a');
    const sent = workers[0].sent[0];
    workers[0].crash('boom');
    expect(restarts[0]).toMatch(/crashed \(boom\)/);
    await expect(p).resolves.toBeNull();
    // A late answer of the old worker finds no one waiting.
    expect(() => workers[0].answer(sent, summary)).not.toThrow();
    expect(client.currentVersion).toBeGreaterThan(sent.arg.version);
  });

  it('notices a crash loop so the same input is not re-sent forever', () => {
    const { client, workers } = setup();
    void client.setText('crashes');
    for (let i = 0; i < 3; i++) workers.at(-1)!.crash('again');
    expect(client.crashLooping).toBe(true);
  });
});

describe('a held list stays in the worker', () => {
  const HANDLE = { id: 1, name: 'urls.txt', count: 3, head: ['/a', '/b', '/c'] };
  /** The worker's answer to importing urls.txt: held, not sent back as text. */
  const HELD_ANSWER = {
    kind: 'list',
    name: 'urls.txt',
    format: 'txt',
    count: 3,
    sitemapIndex: false,
    text: null,
    handle: HANDLE,
  };

  it('runs and saves ask for the held list by null; its text comes whole when asked for; a typed list is sent', async () => {
    const { client, workers } = setup();
    const w = workers[0];
    const imported = client.importList(new Blob(['x']), 'urls.txt', null);
    const call = w.last('importList');
    w.answer(call, HELD_ANSWER);
    expect(await imported).toMatchObject({ handle: HANDLE });
    evaluate(client, { ...params, urlsText: null });
    expect(w.sent.at(-1)).toMatchObject({ method: 'evaluate', arg: { urlsText: null } });
    void client.saveList('robots-lab:urlText');
    expect(w.sent.at(-1)).toMatchObject({ method: 'saveList', arg: { key: 'robots-lab:urlText' } });
    const text = client.listText(1);
    expect(w.last('listText').arg).toEqual({ id: 1 });
    w.answer(w.last('listText'), '/a\n/b\n/c\n');
    expect(await text).toBe('/a\n/b\n/c\n');
    evaluate(client, { ...params, urlsText: '/other\n' });
    expect(w.sent.at(-1)).toMatchObject({ method: 'evaluate', arg: { urlsText: '/other\n' } });
  });

  it('has a restarted worker read the held list again, from the same file and under the same number', async () => {
    const { client, workers } = setup();
    const file = new Blob(['x']);
    const imported = client.importList(file, 'urls.txt', null);
    const first = workers[0].last('importList');
    workers[0].answer(first, HELD_ANSWER);
    await imported;
    workers[0].crash('boom');
    const again = client.rehold();
    const reread = workers[1].last('importList');
    expect(reread.arg).toMatchObject({ file, name: 'urls.txt', column: null, id: first.arg.id });
    workers[1].answer(reread, HELD_ANSWER);
    await again;
  });

  it('says why a file could not be read', async () => {
    const { client, workers } = setup();
    const failed = client.importList(new Blob(['x']), 'urls.txt', null);
    workers[0].fail(workers[0].last('importList'), 'not a list');
    await expect(failed).rejects.toThrow('not a list');
  });

  it('says the worker restarted when it dies while reading the file', async () => {
    const { client, workers } = setup();
    const imported = client.importList(new Blob(['x']), 'urls.txt', null);
    workers[0].crash('boom');
    await expect(imported).rejects.toThrow('The worker restarted while reading the file.');
  });
});

describe('client and worker together', () => {
  it('streams a real evaluation through the calls', async () => {
    const client = new RobotsWorkerClient({
      create: () => inProcessWorker(),
    });
    const parsed = client.setText(EXAMPLE_ROBOTS_TXT);
    const status: number[] = [];
    const lines: number[] = [];
    const crawlers = [
      { kind: 'profile', id: 'googlebot' },
      { kind: 'profile', id: 'gptbot' },
    ] as const;
    const { done } = evaluate(client, { ...params, urlsText: '/checkout/\n/blog/x', crawlers: [...crawlers] }, (c) => {
      if (c.kind === 'start') return;
      status.push(...c.status);
      lines.push(...c.lines);
    });
    expect((await parsed)!.groups).toHaveLength(4);
    await done;
    expect({ status, lines }).toEqual({ status: [1, 1, 0, 0], lines: [5, 16, 0, 17] });
    client.dispose();
  });

  it('a cancelled run stops in the worker: no more slices are evaluated', async () => {
    const client = new RobotsWorkerClient({
      create: () => inProcessWorker(),
    });
    await client.setText('User-agent: *\nDisallow: /a\n');
    const urls = `${Array.from({ length: 200_000 }, (_, i) => `/a/${i}`).join('\n')}\n`;
    const seen: number[] = [];
    let firstChunk = () => {};
    const first = new Promise<void>((resolve) => {
      firstChunk = resolve;
    });
    const { done, abort } = evaluate(client, { ...params, urlsText: urls }, (c) => {
      if (c.kind === 'start') return;
      seen.push(c.progress.done);
      firstChunk();
    });
    done.then(
      () => seen.push(-1),
      () => seen.push(-2),
    );
    await first;
    abort.abort();
    await new Promise((r) => setTimeout(r, 100));
    // No more chunks reach the page once it cancelled, and the run ends as cancelled.
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(-2);
    expect(seen[0]).toBeLessThan(200_000);
    client.dispose();
  });
});

describe('the budget grows with the text', () => {
  it('gives a huge robots.txt more time to parse before the worker counts as stuck', () => {
    const { client, workers, advance } = setup(1000);
    void client.setText('#'.repeat(4_000_000)); // 4 s more (1 s per MB)
    advance(4500);
    expect(workers).toHaveLength(1);
    advance(600);
    expect(workers).toHaveLength(2);
  });
});

describe('a saved list is read in the worker', () => {
  /** The real worker methods behind asynchronous messages, with saved values in a Map instead of IndexedDB. */
  function inProcess(saved: Map<string, string> | null) {
    const sent: string[] = [];
    const values = saved
      ? {
          get: async (k: string) => saved.get(k),
          set: async (k: string, v: string) => {
            saved.set(k, v);
          },
          delete: async (k: string) => {
            saved.delete(k);
          },
        }
      : undefined;
    const client = new RobotsWorkerClient({
      create: () => inProcessWorker({ values: () => values }, sent),
    });
    return { client, sent };
  }

  it('holds the saved list, names it, and runs it with no copy of it on the page', async () => {
    const text = `${Array.from({ length: 60_000 }, (_, i) => `/checkout/${i}`).join('\n')}\n`;
    const { client, sent } = inProcess(new Map([['robots-lab:urlText', text]]));
    const loaded = (await client.loadList('robots-lab:urlText', 'urls.txt'))!;
    expect(loaded).toMatchObject({ name: 'urls.txt', count: 60_000 });
    expect(loaded.head[499]).toBe('/checkout/499');
    await client.setText('User-agent: *\nDisallow: /checkout/\n');
    const { done } = evaluate(client, { ...params, urlsText: null });
    expect((await done).rows).toBe(60_000);
    expect(await client.listRows(loaded.id, 59_999, 60_000)).toEqual(['/checkout/59999']);
    expect(sent).toEqual(['loadList', 'setText', 'evaluate the held list', 'listRows']);
    client.dispose();
  });

  it('says when nothing was saved under the key, and why a list could not be read', async () => {
    const none = inProcess(new Map());
    await expect(none.client.loadList('robots-lab:urlText', null)).resolves.toBeNull();
    const noStore = inProcess(null);
    await expect(noStore.client.loadList('robots-lab:urlText', null)).rejects.toThrow('IndexedDB is not available');
    none.client.dispose();
    noStore.client.dispose();
  });
});
