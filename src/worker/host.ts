/** What the worker's logic needs from its surroundings: the worker global, or a test's fake. */
import type { Shelf } from '../persist/shelf';

/** Schedules tasks and reads the clock for the worker's parts. */
export interface HandlerHost {
  /** Run `fn` as a new task, so that messages that came meanwhile are read first (scheduler.postTask or a zero timer in the worker). */
  schedule(fn: () => void): void;
  now(): number;
  /** Where saved URL lists live (IndexedDB in the worker; a fake in tests); undefined where there is none. */
  values?(): Shelf | undefined;
}
