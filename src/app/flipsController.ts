/**
 * The before/after view's controller: while that view shows, it compares the
 * deployed file with the edited one in the worker for the URL list × chosen
 * crawlers, re-compares when either file or an input changes (cancelling the
 * comparison going on), and keeps the progress, counts and the flips on
 * screen in the deploy store. The comparison is followed like a run
 * (`StreamFollower`, pacing.ts).
 */
import type { StoreApi } from 'zustand';
import type { ExportFormat, FlipProgress, FlipTally } from '../model/wire';
import { useDeploy } from '../state/deploy';
import type { RobotsLabState } from '../state/store';
import type { RobotsWorkerClient } from '../worker/client';
import { StreamFollower } from './pacing';
import { listInputs, listInputsChanged } from './runStream';

/** Compares the two files while the before/after view shows. */
export class FlipsController {
  private readonly stream: StreamFollower<FlipProgress, { tally: FlipTally; elapsedMs: number }>;
  private unsubscribe: (() => void)[] = [];
  /** The comparison's latest progress, shown at most every FLUSH_MS. */
  private latest: FlipProgress | null = null;

  constructor(
    private readonly lab: Pick<StoreApi<RobotsLabState>, 'getState' | 'subscribe'>,
    private readonly client: RobotsWorkerClient,
  ) {
    this.stream = new StreamFollower({
      piece: (p) => {
        this.latest = p;
        return false;
      },
      show: () => this.showProgress(),
      end: ({ tally, elapsedMs }) => {
        const f = useDeploy.getState().flips;
        if (!f) return;
        const progress = { ...f.progress, done: f.progress.total };
        useDeploy.setState({ flips: { ...f, tally, finished: true, elapsedMs, progress } });
        this.requestView();
      },
      failed: (message) => useDeploy.getState().setNotice(`The comparison could not finish: ${message}`),
    });
  }

  start(): void {
    this.unsubscribe = [
      this.lab.subscribe((s, prev) => {
        if (s.robotsText !== prev.robotsText || listInputsChanged(s, prev)) this.compare();
      }),
      useDeploy.subscribe((s, prev) => {
        if (s.view !== prev.view) {
          if (s.view === 'before-after') this.compare();
          else this.stream.cancel();
        } else if (s.deployedText !== prev.deployedText) this.compare();
        else if (s.query !== prev.query) this.requestView();
      }),
    ];
    this.compare();
  }

  /** The worker restarted: the comparison going on ends with `message`; `again`, it starts afresh if the view shows. */
  restarted(message: string, again: boolean): void {
    this.stream.fail(message);
    if (again) this.compare();
  }

  dispose(): void {
    for (const u of this.unsubscribe) u();
    this.unsubscribe = [];
    this.stream.cancel();
  }

  /** Starts a comparison of the current files and inputs, cancelling the one going on, if the view shows. */
  private compare(): void {
    const d = useDeploy.getState();
    if (d.view !== 'before-after') return;
    this.stream.cancel();
    if (!d.deployedText) {
      useDeploy.setState({ flips: null });
      return;
    }
    const s = this.lab.getState();
    const params = { deployedText: d.deployedText, editedText: s.robotsText, ...listInputs(s) };
    this.latest = null;
    const run = this.stream.start((id, onPiece, signal) => this.client.flips({ ...params, run: id }, onPiece, signal));
    const prev = d.flips;
    // The previous flips stay on screen (marked as being recomputed) until the new ones arrive: no flicker while typing.
    useDeploy.setState({
      notice: null,
      flips: {
        run,
        progress: { done: 0, total: 0 },
        tally: prev?.tally ?? null,
        finished: false,
        elapsedMs: 0,
        records: prev?.records ?? [],
        count: prev?.count ?? 0,
      },
    });
  }

  /** Shows the latest progress and counts of the comparison streaming in, and the first flips. */
  private showProgress(): void {
    const f = useDeploy.getState().flips;
    const l = this.latest;
    if (!f || !l || f.finished) return;
    useDeploy.setState({ flips: { ...f, progress: { done: l.done, total: l.total }, tally: l.tally } });
    // In list order the first flips found stay first: ask only until the list is full (other orders wait for the end).
    const q = useDeploy.getState().query;
    if (q.sort === 'list' && !q.desc && f.records.length < q.limit) this.requestView();
  }

  /** Asks the worker for the flips the query keeps, for the list. */
  private requestView(): void {
    const f = useDeploy.getState().flips;
    if (!f) return;
    const query = useDeploy.getState().query;
    void this.stream.ask(this.client.about('flipsView', { run: f.run, query })).then((v) => {
      const now = useDeploy.getState();
      if (!v || now.flips?.run !== v.run || now.query !== query) return;
      useDeploy.setState({ flips: { ...now.flips, records: v.records, count: v.count } });
    });
  }

  /** Writes every flip the filters keep as a file; null when there is no finished comparison. */
  async exportFlips(format: ExportFormat): Promise<{ blob: Blob; records: number } | null> {
    const d = useDeploy.getState();
    if (!d.flips?.finished) return null;
    return this.client.about('flipsExport', {
      run: d.flips.run,
      query: { ...d.query, limit: Number.MAX_SAFE_INTEGER },
      format,
    });
  }
}
