/**
 * The one way the worker does long work: in slices of about SLICE_MS, each
 * followed by `after` (which streams what the slice found), yielding between
 * them so that new calls and cancellations are read. A run, a comparison and
 * the readers' filter all go this way.
 */
import type { HandlerHost } from './host';

/** How long one slice may run before it reports and yields. */
export const SLICE_MS = 20;

/**
 * Calls `step` with a deadline until it returns true (finished), `after`
 * each slice; settles when finished, or with the reason once `stopped()`.
 */
export function runSliced(
  host: HandlerHost,
  stopped: () => boolean,
  step: (deadline: () => boolean) => boolean,
  after: () => void = () => {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const slice = () => {
      if (stopped()) return reject(new Error('superseded'));
      const t0 = host.now();
      try {
        const finished = step(() => host.now() - t0 >= SLICE_MS);
        after();
        if (finished) return resolve();
      } catch (e) {
        return reject(e);
      }
      host.schedule(slice);
    };
    slice();
  });
}
