/**
 * The worker's methods driven in the test's own thread, with a host whose
 * slices never end early (one slice per run) and a call context that records
 * what a stream emits.
 */
import type { CrawlerSpec, OriginFileSpec } from '../../src/model/wire';
import { RobotsApi } from '../../src/worker/api';
import type { HandlerHost } from '../../src/worker/host';
import type { CallContext } from '../../src/worker/rpc';

/** A host that runs scheduled work at once and whose clock stands still. */
export const syncHost = (): HandlerHost => ({ schedule: (fn) => fn(), now: () => 0 });

/** A call context: what a stream emits lands in `chunks`; `abort` cancels the call. */
export function callContext<C>(): { ctx: CallContext<C>; chunks: C[]; abort: AbortController } {
  const chunks: C[] = [];
  const abort = new AbortController();
  return { ctx: { signal: abort.signal, emit: (c) => chunks.push(c) }, chunks, abort };
}

/**
 * The text set (version 1) and one run (number 2) of `urls` × `crawlers`
 * evaluated to its end: with `syncHost` the whole run happens inside the call.
 */
export function apiAfterRun(
  text: string,
  urls: readonly string[],
  crawlers: CrawlerSpec[],
  robotsUrl: string,
  origins?: OriginFileSpec[],
) {
  const api = new RobotsApi(syncHost());
  api.setText({ version: 1, text });
  const { ctx, chunks } = callContext<Parameters<Parameters<RobotsApi['evaluate']>[1]['emit']>[0]>();
  const args = { run: 2, version: 1, urlsText: urls.join('\n'), crawlers, normalise: true, robotsUrl, origins };
  const done = api.evaluate({ ...args, fetchStatus: 200 }, ctx);
  return { api, chunks, done };
}
