/**
 * The before/after controller (src/app/flipsController.ts) inside the app
 * controller, against a fake worker: when it asks for a comparison, what it
 * sends, which replies it keeps, and what reaches the deploy store. Every
 * reply is written by hand; the fake worker answers only what the test says.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppController } from '../../src/app/controller';
import type { EditorPort } from '../../src/app/editor';
import type { FlipRecord, FlipTally } from '../../src/model/wire';
import { useDeploy } from '../../src/state/deploy';
import { freshLabStore } from '../fakes/store';
import { FakeWorker } from '../fakes/worker';

const noEditor: EditorPort = {
  attach() {},
  showDiagnostics() {},
  showDecidingLines() {},
  showHighlight() {},
  showExpectations() {},
  applyEdits: () => false,
  focusLine() {},
};

const DEPLOYED = 'User-agent: *\nDisallow: /private\n';
const EDITED = 'User-agent: *\nDisallow: /private\nDisallow: /shop\n';

function setup() {
  const lab = freshLabStore();
  lab.getState().loadExample({
    robotsText: EDITED,
    robotsUrl: '',
    urlText: '/shop\n/blog\n',
    crawlers: { profiles: ['googlebot'], tokens: [] },
    selected: null,
  });
  const deploy = useDeploy;
  deploy.setState(deploy.getInitialState(), true);
  const worker = new FakeWorker();
  const controller = new AppController(lab, () => worker, noEditor, 60_000);
  controller.start();
  return { lab, deploy, worker, controller };
}

const tally = (blocked: number): FlipTally => ({
  checked: 2,
  skipped: 0,
  allowedToBlocked: blocked,
  blockedToAllowed: 0,
  byCrawler: [{ label: 'Googlebot', allowedToBlocked: blocked, blockedToAllowed: 0 }],
});

const shopFlip: FlipRecord = {
  index: 0,
  url: '/shop',
  requestUrl: '/shop',
  crawler: 'Googlebot',
  crawlerIndex: 0,
  kind: 'allowed-to-blocked',
  oldLine: null,
  newLine: { line: 3, text: 'Disallow: /shop' },
  causes: [],
};

beforeEach(() => {
  vi.useFakeTimers();
  // Node has no animation frames: a show waits for its turn only.
  vi.stubGlobal('requestAnimationFrame', (fn: FrameRequestCallback) => fn(0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('before/after: when the page compares the two files', () => {
  it('sends nothing while the results view shows, and compares once the view opens', () => {
    const { deploy, worker, controller } = setup();
    deploy.getState().setDeployedText(DEPLOYED);
    vi.advanceTimersByTime(500);
    expect(worker.all('flips')).toEqual([]);

    deploy.getState().setView('before-after');
    vi.advanceTimersByTime(100);
    const req = worker.all('flips')[0].arg;
    expect(req.deployedText).toBe(DEPLOYED);
    expect(req.editedText).toBe(EDITED);
    expect(req.urlsText).toBe('/shop\n/blog\n');
    expect(req.crawlers).toEqual([{ kind: 'profile', id: 'googlebot' }]);
    controller.dispose();
  });

  it('compares on the list the worker holds, asked for by null, and again when another list is held', () => {
    const { lab, deploy, worker, controller } = setup();
    deploy.getState().setDeployedText(DEPLOYED);
    deploy.getState().setView('before-after');
    lab.getState().setHeldList({ id: 1, name: 'urls.txt', count: 300_000, head: ['/shop'] });
    vi.advanceTimersByTime(100);
    expect(worker.all('flips').at(-1)!.arg.urlsText).toBeNull();
    const asked = worker.all('flips').length;
    lab.getState().setHeldList({ id: 2, name: 'more.txt', count: 400_000, head: ['/blog'] });
    vi.advanceTimersByTime(100);
    expect(worker.all('flips').length).toBeGreaterThan(asked);
    expect(worker.all('flips').at(-1)!.arg.urlsText).toBeNull();
    controller.dispose();
  });

  it('keeps the counts and the first flips of the comparison it asked for', async () => {
    const { deploy, worker, controller } = setup();
    deploy.getState().setDeployedText(DEPLOYED);
    deploy.getState().setView('before-after');
    vi.advanceTimersByTime(100);
    const call = worker.all('flips')[0];
    const run = call.arg.run;
    worker.chunk(call, { done: 2, total: 2, tally: tally(1) });
    worker.answer(call, { elapsedMs: 3, tally: tally(1) });
    await vi.advanceTimersByTimeAsync(0);
    expect(deploy.getState().flips).toMatchObject({ run, finished: true, tally: tally(1) });
    const view = worker.all('flipsView').at(-1)!;
    expect(view.arg.run).toBe(run);
    worker.answer(view, { run, records: [shopFlip], count: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(deploy.getState().flips?.records).toEqual([shopFlip]);
    controller.dispose();
  });

  it('an edit cancels the comparison going on, ignores its late answers and compares the new text', async () => {
    const { lab, deploy, worker, controller } = setup();
    deploy.getState().setDeployedText(DEPLOYED);
    deploy.getState().setView('before-after');
    vi.advanceTimersByTime(100);
    const first = worker.all('flips')[0];

    lab.getState().setRobotsText(DEPLOYED);
    expect(worker.aborted).toContain(first.id);
    vi.advanceTimersByTime(200);
    const second = worker.all('flips').at(-1)!;
    expect(second.arg.run).not.toBe(first.arg.run);
    expect(second.arg.editedText).toBe(DEPLOYED);

    // The cancelled comparison's last answers, still in flight, change nothing.
    worker.chunk(first, { done: 2, total: 2, tally: tally(1) });
    worker.answer(first, { elapsedMs: 3, tally: tally(1) });
    await vi.advanceTimersByTimeAsync(200);
    expect(deploy.getState().flips).toMatchObject({ run: second.arg.run, finished: false, tally: null });
    worker.answer(second, { elapsedMs: 3, tally: tally(0) });
    await vi.advanceTimersByTimeAsync(0);
    expect(deploy.getState().flips).toMatchObject({ run: second.arg.run, finished: true, tally: tally(0) });
    controller.dispose();
  });

  it('an edit of the deployed file compares again; leaving the view cancels', () => {
    const { deploy, worker, controller } = setup();
    deploy.getState().setDeployedText(DEPLOYED);
    deploy.getState().setView('before-after');
    vi.advanceTimersByTime(100);
    deploy.getState().setDeployedText(EDITED);
    vi.advanceTimersByTime(200);
    expect(worker.all('flips').map((f) => f.arg.deployedText)).toEqual([DEPLOYED, EDITED]);
    const last = worker.all('flips').at(-1)!;
    deploy.getState().setView('results');
    expect(worker.aborted.at(-1)).toBe(last.id);
    controller.dispose();
  });

  it('a worker crash ends the comparison going on, and the fresh worker compares again', () => {
    const { deploy, worker, controller } = setup();
    deploy.getState().setDeployedText(DEPLOYED);
    deploy.getState().setView('before-after');
    vi.advanceTimersByTime(100);
    worker.crash('boom');
    const calls = worker.all('flips');
    expect(calls).toHaveLength(2);
    expect(calls[1].arg).toMatchObject({ deployedText: DEPLOYED, editedText: EDITED });
    expect(deploy.getState().flips).toMatchObject({ run: calls[1].arg.run, finished: false });
    expect(deploy.getState().notice).toBeNull();
    controller.dispose();
  });

  it('a worker that keeps crashing is not asked again, and the view says the comparison could not finish', () => {
    const { deploy, worker, controller } = setup();
    deploy.getState().setDeployedText(DEPLOYED);
    deploy.getState().setView('before-after');
    vi.advanceTimersByTime(100);
    for (let i = 0; i < 3; i++) worker.crash('boom');
    const asked = worker.all('flips').length;
    worker.crash('boom');
    expect(worker.all('flips')).toHaveLength(asked);
    expect(deploy.getState().notice).toMatch(/^The comparison could not finish: The worker crashed \(boom\)/);
    controller.dispose();
  });
});
