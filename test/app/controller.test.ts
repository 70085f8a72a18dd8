/**
 * The app controller against a fake worker and a fake editor: what it sends,
 * which replies it keeps, and what reaches the store and the editor.
 * Expected values are written by hand; the fake worker answers only what the
 * test tells it to.
 */

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppController } from '../../src/app/controller';
import type { EditorPort } from '../../src/app/editor';
import type { Verdict } from '../../src/core/types';
import type { ResultHighlight } from '../../src/editor/index';
import { type DiagnosticTable, diagnosticTable } from '../../src/model/diagnosticTable';
import type { ExplainResult, ParseSummary, RunTotals } from '../../src/model/wire';
import { urlAt } from '../../src/state/store';
import { freshLabStore } from '../fakes/store';
import { FakeWorker, type SentCall } from '../fakes/worker';

/** An editor stand-in that records what it was asked to show. */
class FakeEditor implements EditorPort {
  readonly diagnostics: string[][] = [];
  readonly deciding: [number, number][][] = [];
  readonly highlights: (ResultHighlight | null)[] = [];
  readonly expectations: string[][] = [];
  attach() {}
  showExpectations(marks: readonly { line: number; status: string }[]) {
    this.expectations.push(marks.map((m) => `${m.line}:${m.status}`));
  }
  showDiagnostics(d: DiagnosticTable) {
    this.diagnostics.push(d.map((x) => x.message));
  }
  showDecidingLines(lines: ReadonlyMap<number, number>) {
    this.deciding.push([...lines]);
  }
  showHighlight(h: ResultHighlight | null) {
    this.highlights.push(h);
  }
  applyEdits() {
    return false;
  }
  focusLine() {}
}

const ROBOTS = 'User-agent: *\nDisallow: /private\n';
const URLS = '/private/a\n/public\n';

function setup() {
  const store = freshLabStore();
  store.getState().loadExample({
    robotsText: ROBOTS,
    robotsUrl: '',
    urlText: URLS,
    crawlers: { profiles: ['googlebot'], tokens: [] },
    selected: null,
  });
  const workers: FakeWorker[] = [];
  const editor = new FakeEditor();
  const controller = new AppController(
    store,
    () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    editor,
    1000,
  );
  controller.start();
  return { store, workers, editor, controller };
}

/** A parse summary written by hand: one group (lines 1–2) with one rule, one diagnostic. */
function summary(message: string): ParseSummary {
  return {
    lineCount: 3,
    groups: [
      {
        index: 0,
        startLine: 1,
        endLine: 2,
        agents: [{ line: 1, value: '*', isGlobal: true, productToken: '*' }],
      },
    ],
    rules: {
      lines: Int32Array.of(2),
      kinds: Uint8Array.of(1),
      raws: new TextEncoder().encode('/private\n'),
    },
    sitemaps: [],
    diagnostics: diagnosticTable([{ line: 1, from: 0, to: 1, severity: 'info', code: 'typo-key', message }]),
    expectations: [{ line: 3, status: 'fail', message: 'Expectation fails', decidingLines: [2] }],
    sizeLimit: null,
    elapsedMs: 1,
  };
}

const totals = (): RunTotals => ({
  verdicts: [1, 1, 0, 0],
  rules: Int32Array.of(2, 1),
  topRules: [[2, 1]],
  normalised: 0,
});

/** Answers an evaluate call with a whole run of two rows, one crawler: row 0 blocked by line 2, row 1 allowed. */
async function answerRun(w: FakeWorker, run: SentCall) {
  w.chunk(run, {
    kind: 'start',
    rows: 2,
    crawlers: [{ label: 'Googlebot', tokens: ['googlebot'], valid: true, ignoresGlobal: false }],
    obeyed: [[0]],
    rulesDecide: true,
    starts: Int32Array.of(0, 11),
    ends: Int32Array.of(10, 18),
  });
  w.chunk(run, {
    kind: 'chunk',
    start: 0,
    status: Uint8Array.of(1, 0),
    lines: Int32Array.of(2, 0),
    rowFlags: Uint8Array.of(0, 0),
    normalised: [],
    notes: [],
    progress: { done: 2, total: 2, rate: 100, etaMs: 0 },
    totals: totals(),
  });
  w.answer(run, { rows: 2, elapsedMs: 3 });
  await vi.advanceTimersByTimeAsync(0);
}

/** Answers the latest text sent with a parse whose one diagnostic says `message`, and lets the reply arrive. */
async function answerParse(w: FakeWorker, message = 'parsed') {
  w.answer(w.last('setText'), summary(message));
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  // Node has no animation frames: a show waits for its turn only.
  vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => fn(0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('edits go to the worker with versions', () => {
  it('sends the text as version 1, then runs the list and crawlers against it', () => {
    const { workers } = setup();
    const w = workers[0];
    expect(w.methods()).toEqual(['setText', 'evaluate']);
    expect(w.last('setText').arg).toMatchObject({ version: 1, text: ROBOTS });
    expect(w.last('evaluate').arg).toMatchObject({
      version: 1,
      urlsText: URLS,
      crawlers: [{ kind: 'profile', id: 'googlebot' }],
      normalise: true,
      robotsUrl: '',
      fetchStatus: 200,
    });
  });

  it('an edit cancels the run at once; its text goes as the next version once the worker answered the last', async () => {
    const { store, workers } = setup();
    const w = workers[0];
    const firstRun = w.last('evaluate').id;
    store.getState().setRobotsText('User-agent: *\nDisallow: /\n');
    expect(w.methods()).toEqual(['setText', 'evaluate']);
    expect(w.aborted).toEqual([firstRun]);
    await answerParse(w);
    expect(w.last('setText').arg).toMatchObject({ version: 2, text: 'User-agent: *\nDisallow: /\n' });
    expect(w.last('evaluate').arg.version).toBe(2);
    // A typed list goes with each run (the worker splits it again only when it changed).
    expect(w.last('evaluate').arg.urlsText).toBe(URLS);
  });

  it('a changed URL list or crawler starts a new run of the same text version', () => {
    const { store, workers } = setup();
    const w = workers[0];
    store.getState().setUrlText('/other\n');
    store.getState().addToken('MyBot');
    const runs = w.all('evaluate').map((m) => m.arg);
    expect(runs).toHaveLength(3);
    expect(runs[1]).toMatchObject({
      version: 1,
      urlsText: '/other\n',
      crawlers: [{ kind: 'profile', id: 'googlebot' }],
    });
    expect(runs[2]).toMatchObject({
      version: 1,
      urlsText: '/other\n',
      crawlers: [
        { kind: 'profile', id: 'googlebot' },
        { kind: 'token', token: 'MyBot' },
      ],
    });
  });
});

describe('stale answers are dropped', () => {
  it('a parse of an older version never reaches the store or the editor', async () => {
    const { store, workers, editor } = setup();
    const w = workers[0];
    store.getState().setRobotsText('User-agent: *\nAllow: /\n');
    await answerParse(w, 'old');
    expect(store.getState().parse).toBeNull();
    expect(editor.diagnostics).toEqual([]);
    expect(editor.expectations).toEqual([]);
    w.answer(w.last('setText'), summary('new'));
    await vi.advanceTimersByTimeAsync(50);
    expect(store.getState().parseVersion).toBe(2);
    expect(store.getState().parse!.diagnostics.map((d) => d.message)).toEqual(['new']);
    expect(editor.diagnostics).toEqual([['new']]);
    // The expectation marks (docs/expectations.md) reach the gutter with the diagnostics, and only the latest ones.
    expect(editor.expectations).toEqual([['3:fail']]);
  });

  it('a parse reaches the store and the editor in the same reply', async () => {
    const { store, workers, editor } = setup();
    await answerParse(workers[0], 'first');
    expect(store.getState().parseVersion).toBe(1);
    expect(editor.diagnostics).toEqual([['first']]);
    expect(editor.expectations).toEqual([['3:fail']]);
  });

  it('answers of a cancelled run are dropped; the current run reaches the store', async () => {
    const { store, workers } = setup();
    const w = workers[0];
    const old = w.last('evaluate');
    store.getState().setUrlText('/x\n/y\n');
    await answerRun(w, old);
    expect(store.getState().results).toBeNull();
    await answerRun(w, w.last('evaluate'));
    expect(store.getState().results?.id).toBe(w.last('evaluate').arg.run);
  });

  it('an explanation asked for before an edit is dropped', async () => {
    const { store, workers } = setup();
    const w = workers[0];
    await answerRun(w, w.last('evaluate'));
    store.getState().select({ row: 0, col: 0 });
    const asked = w.last('explain');
    store.getState().setRobotsText('User-agent: *\nAllow: /\n');
    vi.advanceTimersByTime(200);
    w.answer(asked, explanation());
    await vi.advanceTimersByTimeAsync(50);
    expect(store.getState().explain).toBeNull();
  });
});

/** The explanation of row 0 for Googlebot, by hand: the global group (lines 1–2) obeyed, line 2 decides. */
function explanation(): ExplainResult {
  const verdict: Verdict = {
    allowed: false,
    rule: { line: 2, kind: 'disallow', pattern: '/private', raw: '/private', length: 8 } as Verdict['rule'],
    choice: { kind: 'global', groups: [0], agentLines: [1] },
    matches: [],
    tie: false,
    path: '/private/a',
    reason: 'Blocked by line 2.',
    robotsTxtItself: false,
  };
  return {
    input: '/private/a',
    requestUrl: '/private/a',
    changes: [],
    error: null,
    outOfScope: null,
    crawler: { label: 'Googlebot', tokens: ['googlebot'], valid: true, ignoresGlobal: false },
    fetchOutcome: null,
    verdict,
    lenses: null,
  };
}

describe('results reach the store and the editor', () => {
  it('a run streams into the store, its deciding lines into the editor gutter', async () => {
    const { store, workers, editor } = setup();
    const w = workers[0];
    await answerRun(w, w.last('evaluate'));
    const r = store.getState().results!;
    expect(r.finished).toBe(true);
    expect([...r.status]).toEqual([1, 0]);
    expect([...r.lines]).toEqual([2, 0]);
    expect([r.done, r.total, r.elapsedMs]).toEqual([2, 2, 3]);
    expect([...store.getState().deciding]).toEqual([[2, 1]]);
    expect(store.getState().view).toMatchObject({ rows: null, count: 2, complete: true });
    await vi.advanceTimersByTimeAsync(50);
    expect(editor.deciding.at(-1)).toEqual([[2, 1]]);
  });

  it("a selected cell lights up its group and rule from the run at once, and is explained with that row's URL", async () => {
    const { store, workers, editor } = setup();
    const w = workers[0];
    w.answer(w.last('setText'), summary('d'));
    await answerRun(w, w.last('evaluate'));
    store.getState().select({ row: 0, col: 0 });
    // The run's own answer says which groups and rule decide: the editor lights them up before any explanation.
    expect(editor.highlights.at(-1)).toEqual({ groupLines: [1, 2], ruleLine: 2 });
    expect(w.last('explain').arg).toMatchObject({
      version: 1,
      url: '/private/a',
      crawler: { kind: 'profile', id: 'googlebot' },
      normalise: true,
    });
    w.answer(w.last('explain'), explanation());
    await vi.advanceTimersByTimeAsync(50);
    expect(store.getState().explain?.verdict?.rule?.line).toBe(2);
    expect(editor.highlights.at(-1)).toEqual({ groupLines: [1, 2], ruleLine: 2 });
  });

  it('a rule filter kept from the last visit lights its line up again once the file is parsed', async () => {
    const { store, workers, editor } = setup();
    store.getState().setViewQuery({ rule: 2 });
    const w = workers[0];
    w.answer(w.last('setText'), summary('d'));
    await vi.advanceTimersByTimeAsync(50);
    expect(editor.highlights.at(-1)).toEqual({ groupLines: [], ruleLine: 2 });
    // A selected cell's explanation takes over from the filter.
    await answerRun(w, w.last('evaluate'));
    store.getState().select({ row: 0, col: 0 });
    w.answer(w.last('explain'), explanation());
    await vi.advanceTimersByTimeAsync(50);
    expect(editor.highlights.at(-1)).toEqual({ groupLines: [1, 2], ruleLine: 2 });
  });

  it('a filtered view is computed in the worker and kept only for the current query', async () => {
    const { store, workers } = setup();
    const w = workers[0];
    await answerRun(w, w.last('evaluate'));
    const runId = store.getState().results!.id;
    store.getState().setViewQuery({ verdict: 'blocked' });
    const asked = w.last('view');
    expect(asked.arg).toMatchObject({ run: runId, query: { verdict: 'blocked' } });
    w.answer(asked, {
      run: runId,
      query: asked.arg.query,
      rows: Int32Array.of(0),
      count: 1,
      complete: true,
      readers: null,
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(store.getState().view).toMatchObject({ run: runId, count: 1, complete: true });
    expect([...store.getState().view!.rows!]).toEqual([0]);
  });

  it('a partial answer of the readers filter is asked again until it is complete (docs/behaviour.md §14)', async () => {
    const { store, workers } = setup();
    const w = workers[0];
    await answerRun(w, w.last('evaluate'));
    // Let the streaming run's own view refresh pass: what follows is about a finished run.
    await vi.advanceTimersByTimeAsync(1000);
    const runId = store.getState().results!.id;
    store.getState().setViewQuery({ verdict: 'disagree' });
    const first = w.last('view');
    const reply = (call: SentCall, complete: boolean) =>
      w.answer(call, {
        run: runId,
        query: first.arg.query,
        rows: Int32Array.of(1),
        count: 1,
        complete,
        readers: Uint8Array.of(0, 8),
      });
    reply(first, false);
    await vi.advanceTimersByTimeAsync(50);
    expect(store.getState().view).toMatchObject({ complete: false });
    await vi.advanceTimersByTimeAsync(500);
    const second = w.last('view');
    expect(second.id).not.toBe(first.id);
    reply(second, true);
    await vi.advanceTimersByTimeAsync(50);
    expect(store.getState().view).toMatchObject({ complete: true });
    expect([...store.getState().view!.readers!]).toEqual([0, 8]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(w.last('view').id).toBe(second.id);
  });
});

describe('a restart re-sends the state and evaluates again', () => {
  it('after a crash the fresh worker gets the current text, list, crawlers and settings; old results stay', async () => {
    const { store, workers } = setup();
    await answerRun(workers[0], workers[0].last('evaluate'));
    const before = store.getState().results;
    store.getState().setNormalise(false);
    vi.advanceTimersByTime(200);
    workers[0].crash('boom');
    expect(workers).toHaveLength(2);
    expect(workers[0].terminated).toBe(true);
    expect(store.getState().workerNotice).toMatch(/crashed \(boom\).*untouched/);
    const w = workers[1];
    expect(w.methods()).toEqual(['setText', 'evaluate']);
    expect(w.last('setText').arg.text).toBe(ROBOTS);
    // The new worker holds no list: it is sent in full.
    expect(w.last('evaluate').arg).toMatchObject({
      version: w.last('setText').arg.version,
      urlsText: URLS,
      crawlers: [{ kind: 'profile', id: 'googlebot' }],
      normalise: false,
    });
    expect(store.getState().results).toBe(before);
    await answerRun(w, w.last('evaluate'));
    expect(store.getState().results).not.toBe(before);
    expect(store.getState().results?.finished).toBe(true);
  });

  it('a worker silent past its budget is replaced and the input evaluated again', () => {
    const { store, workers } = setup();
    vi.advanceTimersByTime(1600);
    expect(workers).toHaveLength(2);
    expect(store.getState().workerNotice).toMatch(/did not answer within 1 s/);
    expect(workers[1].methods()).toEqual(['setText', 'evaluate']);
  });
});

describe('latest wins: edits made while a parse is in flight cost one more parse', () => {
  it('300 edits during a parse send only the newest text, once the worker has answered', async () => {
    const { store, workers } = setup();
    const w = workers[0];
    let text = '';
    for (let i = 0; i < 300; i++) {
      text += `Disallow: /typed-${i}\n`;
      store.getState().setRobotsText(text);
    }
    expect(w.all('setText').map((m) => m.arg.text)).toEqual([ROBOTS]);
    await answerParse(w);
    expect(w.all('setText').map((m) => m.arg.text)).toEqual([ROBOTS, text]);
    expect(w.last('setText').arg.version).toBe(2);
    expect(w.last('evaluate').arg.version).toBe(2);
    // Nothing dirty while version 2 is parsed: its answer sends nothing more.
    await answerParse(w);
    expect(w.all('setText')).toHaveLength(2);
  });

  it('a parse of the current version whose text was edited since is not shown: its positions no longer fit', async () => {
    const { store, workers, editor } = setup();
    const w = workers[0];
    store.getState().setRobotsText('User-agent: *\nAllow: /\n');
    await answerParse(w, 'v1');
    expect(w.last('setText').arg).toMatchObject({ version: 2, text: 'User-agent: *\nAllow: /\n' });
    // Typing goes on before the worker answers version 2.
    store.getState().setRobotsText('User-agent: *\nAllow: /a\n');
    await answerParse(w, 'v2');
    expect(editor.diagnostics).toEqual([]);
    expect(w.last('setText').arg).toMatchObject({ version: 3, text: 'User-agent: *\nAllow: /a\n' });
    await answerParse(w, 'v3');
    expect(editor.diagnostics).toEqual([['v3']]);
    expect(store.getState().parseVersion).toBe(3);
  });
});

describe('a robots.txt file kept from before a reload', () => {
  const DECODED = 'User-agent: *\nDisallow: /\uFFFD\n';
  const bytes = () => new Blob([new Uint8Array([...Buffer.from('User-agent: *\nDisallow: /'), 0xff, 0x0a])]);

  it('is sent to the worker as bytes and the text again, while the text is what they decode to', async () => {
    const { store, workers, controller } = setup();
    store.getState().setRobotsText(DECODED);
    const w = workers[0];
    await answerParse(w); // the edit goes to the worker once it answered the first text
    await answerParse(w);
    const sets = () => w.all('setText').length;
    const before = sets();
    const reopened = controller.reopenRobotsFile(bytes());
    await vi.waitFor(() => w.last('openBytes'));
    const open = w.last('openBytes');
    expect(Array.from(new Uint8Array(open.arg)).slice(-2)).toEqual([0xff, 0x0a]);
    w.answer(open, { text: DECODED, invalidLines: 1, shownPartOf: null });
    expect(await reopened).toEqual({ text: DECODED, invalidLines: 1, shownPartOf: null });
    // The text is sent again, so that the worker parses the bytes it now holds.
    expect(sets()).toBe(before + 1);
    expect(w.last('setText').arg.text).toBe(DECODED);
  });

  it('is not used when the text was edited since: the text counts', async () => {
    const { store, workers, controller } = setup();
    store.getState().setRobotsText(`${DECODED}# edited\n`);
    const w = workers[0];
    await answerParse(w);
    await answerParse(w);
    const before = w.all('setText').length;
    const reopened = controller.reopenRobotsFile(bytes());
    await vi.waitFor(() => w.last('openBytes'));
    const open = w.last('openBytes');
    w.answer(open, { text: DECODED, invalidLines: 1, shownPartOf: null });
    expect(await reopened).toBeNull();
    expect(w.all('setText').length).toBe(before);
  });
});

describe('a list the worker holds', () => {
  const HELD = { id: 1, name: 'urls.txt', count: 2000, head: ['/private/a', '/public'] };
  /** The worker's answer to importing urls.txt: held under `handle`, not sent back as text. */
  const heldAnswer = (handle: typeof HELD) =>
    ({ kind: 'list', name: 'urls.txt', format: 'txt', count: 2000, sitemapIndex: false, text: null, handle }) as const;

  /** Imports a long list through the controller: the worker answers a handle, the store takes it. */
  async function importHeld(store: ReturnType<typeof setup>['store'], controller: AppController, w: FakeWorker) {
    const file = new File(['x'], 'urls.txt');
    const imported = controller.client.importList(file, file.name, null);
    const call = w.last('importList');
    const handle = { ...HELD, id: call.arg.id };
    w.answer(call, heldAnswer(handle));
    const answer = await imported;
    if (answer.kind === 'list' && answer.handle) store.getState().setHeldList(answer.handle);
    return { file, handle };
  }

  it('is run as null; the rows the page shows come from the worker, a block at a time', async () => {
    const { store, workers, controller } = setup();
    const w = workers[0];
    await answerParse(w);
    const { handle } = await importHeld(store, controller, w);
    const run = w.last('evaluate');
    expect(run.arg.urlsText).toBeNull();
    await answerRun(w, run);
    const r = store.getState().results!;
    // The first rows came with the handle; a later one is asked for and is there once the worker answers.
    expect(urlAt(r, 1)).toBe('/public');
    expect(urlAt(r, 1500)).toBe('');
    const rows = w.last('listRows');
    expect(rows.arg).toEqual({ id: handle.id, from: 1024, to: 1536 });
    const tick = store.getState().resultsTick;
    w.answer(
      rows,
      Array.from({ length: 512 }, (_, i) => `/row/${1024 + i}`),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(urlAt(r, 1500)).toBe('/row/1500');
    expect(store.getState().resultsTick).toBeGreaterThan(tick);
    expect(w.all('listRows')).toHaveLength(1);
  });

  it('is explained with the row the worker holds, and read again by a restarted worker before the run', async () => {
    const { store, workers, controller } = setup();
    const w = workers[0];
    await answerParse(w);
    const { file, handle } = await importHeld(store, controller, w);
    // A run of 2,000 rows whose first row came in.
    const run = w.last('evaluate');
    const crawlers = [{ label: 'Googlebot', tokens: ['googlebot'], valid: true, ignoresGlobal: false }];
    const none = new Int32Array(2000);
    w.chunk(run, { kind: 'start', rows: 2000, crawlers, obeyed: [[0]], rulesDecide: true, starts: none, ends: none });
    w.chunk(run, {
      kind: 'chunk',
      start: 0,
      status: Uint8Array.of(1),
      lines: Int32Array.of(2),
      rowFlags: Uint8Array.of(0),
      normalised: [],
      notes: [],
      progress: { done: 1, total: 2000, rate: 100, etaMs: 0 },
      totals: totals(),
    });
    await vi.advanceTimersByTimeAsync(0);
    store.getState().select({ row: 1700, col: 0 });
    w.answer(
      w.last('listRows'),
      Array.from({ length: 512 }, (_, i) => `/row/${1536 + i}`),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(w.last('explain').arg.url).toBe('/row/1700');

    w.crash('boom');
    const fresh = workers[1];
    expect(fresh.methods()).toEqual(['importList']);
    expect(fresh.last('importList').arg).toMatchObject({ file, id: handle.id });
    fresh.answer(fresh.last('importList'), heldAnswer(handle));
    await vi.advanceTimersByTimeAsync(0);
    expect(fresh.methods()).toEqual(['importList', 'setText', 'evaluate']);
    expect(fresh.last('evaluate').arg.urlsText).toBeNull();
  });
});
