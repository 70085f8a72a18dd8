/**
 * Test-only faults for the restart path: the worker throws, or spins until
 * the page's watchdog terminates it. Only test builds reach this module (the
 * handler calls it behind `__ROBOTS_LAB_FAULTS__`), so a production bundle
 * does not contain it.
 */
import type { DebugFault } from '../model/wire';

/** Throws, or never returns. */
export function injectFault(fault: DebugFault): never {
  if (fault === 'throw') throw new Error('Debug fault: the worker was asked to crash.');
  for (;;) {
    // Spin until the page's watchdog terminates this worker.
  }
}
