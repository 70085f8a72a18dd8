/**
 * The worker entry: wires RobotsHandler to the worker global. Slices yield
 * as new tasks, so that new requests (and cancellations) are read between
 * slices: through `scheduler.postTask` where the worker has it (no
 * clamping), else a zero timer. Not a MessageChannel: WebKit carries a
 * worker's port messages through the page's thread, so each yield waited
 * until the page had finished rendering, and a run took twice as long.
 */
import { browserShelf } from '../persist/shelf';
import { RobotsHandler } from './handler';
import type { WorkerReply, WorkerRequest } from './protocol';

/** The parts of the dedicated worker global this file uses (the DOM lib types `self` as a Window). */
interface WorkerScope {
  postMessage(message: WorkerReply, transfer: Transferable[]): void;
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;

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

const handler = new RobotsHandler({
  post(reply: WorkerReply, transfer?: Transferable[]) {
    scope.postMessage(reply, transfer ?? []);
  },
  schedule,
  now: () => performance.now(),
  values: () => browserShelf,
});

scope.onmessage = (e: MessageEvent<WorkerRequest>) => handler.handle(e.data);
