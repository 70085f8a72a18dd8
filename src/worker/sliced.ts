/**
 * The one way the worker does long work: in slices of about SLICE_MS, each
 * followed by `after` (which streams what the slice found), yielding between
 * them so that new calls and cancellations are read. A run, a comparison and
 * the readers' filter all go this way; runs and comparisons are `Jobs`.
 */
import type { ListJob } from './bulk';
import type { HandlerHost } from './host';

/** How long one slice may run before it reports and yields. */
const SLICE_MS = 20;

/**
 * Steps `job` with a deadline until it is finished, `after` each slice;
 * settles when finished, or with the reason once `stopped()`.
 */
export function runSliced(
  host: HandlerHost,
  stopped: () => boolean,
  job: Pick<ListJob, 'finished' | 'step'>,
  after: () => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const slice = () => {
      if (stopped()) return reject(new Error('superseded'));
      const t0 = host.now();
      try {
        job.step(() => host.now() - t0 >= SLICE_MS);
        after();
        if (job.finished) return resolve();
      } catch (e) {
        return reject(e);
      }
      host.schedule(slice);
    };
    slice();
  });
}

/**
 * One kind of result set (a run's verdicts, a comparison's flips): one job
 * going on at a time, a new one replacing it, and the latest kept for views
 * and exports.
 */
export class Jobs<J extends ListJob> {
  private running: J | null = null;
  /** The latest job (going on or finished), or null. */
  latest: J | null = null;
  /** Work that waits until no job is going (saving a list). */
  private readonly waiting: (() => void)[] = [];

  constructor(
    protected readonly host: HandlerHost,
    /** What a job is called in an error ("Run", "Comparison"). */
    private readonly noun: string,
  ) {}

  /** The latest job, if it is number `id`; throws when it is gone. */
  resultsOf(id: number): J {
    if (this.latest?.id === id) return this.latest;
    throw new Error(`${this.noun} ${id} is no longer held.`);
  }

  /** Stops the job going on, if any (a new text or a new job supersedes it). */
  stop(): void {
    this.running = null;
  }

  /** Settles once no job is going (at once when none is). */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.drainIdle();
    });
  }

  private drainIdle(): void {
    if (this.running === null) for (const f of this.waiting.splice(0)) f();
  }

  /**
   * Does `job` in slices, replacing the one going on, with `report` after
   * each slice; settles when it is finished, rejects once it is replaced,
   * stopped or cancelled by `signal`. Answers how long it took (ms) since `startedAt`.
   */
  async run(job: J, signal: AbortSignal, report: () => void, startedAt: number): Promise<number> {
    this.running = job;
    this.latest = job;
    try {
      await runSliced(this.host, () => this.running !== job || signal.aborted, job, report);
    } finally {
      if (this.running === job) this.running = null;
      this.drainIdle();
    }
    return this.host.now() - startedAt;
  }
}
