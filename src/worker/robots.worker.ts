/**
 * The worker entry: wires RobotsHandler to the worker global. Slices yield
 * through a MessageChannel so that new requests (and cancellations) are read
 * between slices without setTimeout's clamping.
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
const channel = new MessageChannel();
const queue: (() => void)[] = [];
channel.port1.onmessage = () => {
  const fn = queue.shift();
  if (fn) fn();
};

const handler = new RobotsHandler({
  post(reply: WorkerReply, transfer?: Transferable[]) {
    scope.postMessage(reply, transfer ?? []);
  },
  schedule(fn) {
    queue.push(fn);
    channel.port2.postMessage(null);
  },
  now: () => performance.now(),
  values: () => browserShelf,
});

scope.onmessage = (e: MessageEvent<WorkerRequest>) => handler.handle(e.data);
