/**
 * The worker entry: serves RobotsApi on the worker global. Slices yield as
 * new tasks, so that new calls (and cancellations) are read between slices:
 * through `scheduler.postTask` where the worker has it (no clamping), else a
 * zero timer. Not a MessageChannel: WebKit carries a worker's port messages
 * through the page's thread, so each yield waited until the page had
 * finished rendering, and a run took twice as long.
 */
import { browserShelf } from '../persist/shelf';
import { RobotsApi } from './api';
import { type Port, serve } from './rpc';

/** The Prioritized Task Scheduling API's one method used here (not in every engine's types or workers). */
interface TaskScheduler {
  postTask(fn: () => void): Promise<void>;
}
const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;

/** Runs `fn` as a new task; a throw still reaches the page as the worker's error, as from a timer. */
function schedule(fn: () => void): void {
  if (!scheduler) {
    setTimeout(fn, 0);
    return;
  }
  scheduler.postTask(fn).catch((e: unknown) =>
    setTimeout(() => {
      throw e;
    }, 0),
  );
}

const api = new RobotsApi({ schedule, now: () => performance.now(), values: () => browserShelf });

// The DOM lib types `self` as a Window; the dedicated worker global is a port.
serve(api, self as unknown as Port);
