/** What the worker's logic needs from its surroundings: the worker global, or a test's fake. */
import type { Shelf } from '../persist/shelf';
import type { WorkerReply } from './protocol';

/** Posts replies, schedules tasks and reads the clock for the handler's parts. */
export interface HandlerHost {
  post(reply: WorkerReply, transfer?: Transferable[]): void;
  /** Run `fn` as a new task, so that messages that came meanwhile are read first (scheduler.postTask or a zero timer in the worker). */
  schedule(fn: () => void): void;
  now(): number;
  /** Where saved URL lists live (IndexedDB in the worker; a fake in tests); undefined where there is none. */
  values?(): Shelf | undefined;
}

/** Replies to request (id, version) that it failed, and why. */
export function postFailure(host: HandlerHost, id: number, version: number, e: unknown): void {
  host.post({ type: 'failed', id, version, message: e instanceof Error ? e.message : String(e) });
}
