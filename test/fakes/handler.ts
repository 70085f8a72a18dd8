/**
 * A worker handler driven in the test's own thread: the text is set
 * (version 1) and one run (id 2) of `urls` × `crawlers` is evaluated to its
 * end, every reply collected. For the tests of what the worker answers
 * about a finished run (exports, the sitemap check).
 */

import type { CrawlerSpec } from '../../src/model/wire';
import { type HandlerHost, RobotsHandler } from '../../src/worker/handler';
import type { OriginFileSpec } from '../../src/worker/origins';
import type { WorkerReply } from '../../src/worker/protocol';

export function handlerAfterRun(
  text: string,
  urls: readonly string[],
  crawlers: CrawlerSpec[],
  robotsUrl: string,
  origins?: OriginFileSpec[],
) {
  const replies: WorkerReply[] = [];
  const host: HandlerHost = { post: (r) => replies.push(r), schedule: (fn) => fn(), now: () => 0 };
  const handler = new RobotsHandler(host);
  handler.handle({ type: 'set-text', id: 1, version: 1, text });
  handler.handle({
    type: 'evaluate',
    id: 2,
    version: 1,
    urlsText: urls.join('\n'),
    crawlers,
    normalise: true,
    robotsUrl,
    fetchStatus: 200,
    origins,
  });
  return { handler, replies };
}
