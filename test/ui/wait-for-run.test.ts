// An export asked for during a run waits for the newest run (src/ui/waitForRun.ts): a run an
// edit cancels and replaces is followed, not given up on. Runs are set in the page's store by hand.
import { beforeEach, describe, expect, it } from 'vitest';
import { type RunResults, useRobotsLab } from '../../src/state/store';
import { waitForRun } from '../../src/ui/waitForRun';

/** A run's results with only what the wait reads. */
const run = (id: number, done: number, finished: boolean) =>
  ({ id, done, total: 10, finished, crawlers: [{ label: 'Googlebot' }] }) as unknown as RunResults;

describe('waitForRun', () => {
  beforeEach(() => useRobotsLab.getState().setResults(null));

  it('resolves at once when the run has finished', async () => {
    useRobotsLab.getState().setResults(run(1, 10, true));
    await expect(waitForRun(() => {})).resolves.toBe(true);
  });

  it('follows a run replaced before it finished, and resolves when the new one is done', async () => {
    const seen: string[] = [];
    useRobotsLab.getState().setResults(run(1, 3, false));
    const waiting = waitForRun((done, total) => seen.push(`${done}/${total}`));
    useRobotsLab.getState().setResults(run(2, 0, false)); // an edit cancelled run 1 and started run 2
    useRobotsLab.getState().setResults(run(2, 6, false));
    let settled = false;
    void waiting.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    useRobotsLab.getState().setResults(run(2, 10, true));
    await expect(waiting).resolves.toBe(true);
    expect(seen).toEqual(['3/10', '0/10', '6/10']);
  });

  it('waits through a moment with no results (the list being replaced), then resolves', async () => {
    useRobotsLab.getState().setResults(run(1, 3, false));
    const waiting = waitForRun(() => {});
    useRobotsLab.getState().setResults(null);
    useRobotsLab.getState().setResults(run(2, 10, true));
    await expect(waiting).resolves.toBe(true);
  });
});
