/**
 * The worker's bulk run under Node: the same RobotsHandler the page's worker
 * runs, on the generated ~500 KiB robots.txt and 1,000,000 URLs, with a host
 * that yields like the worker does. Profile it with
 * `node --cpu-prof --import tsx bench/browser/worker-node.ts`.
 *
 * Usage: npx tsx bench/browser/worker-node.ts [urls=1000000] [crawlers=1]
 */

import type { CrawlerSpec } from '../../src/model/wire';
import { RobotsHandler } from '../../src/worker/handler';
import type { WorkerReply } from '../../src/worker/protocol';
import { generate, ROBOTS_URL } from '../generate';

const count = Number(process.argv[2] ?? 1_000_000);
const ncrawlers = Number(process.argv[3] ?? 1);
const data = generate(20240915, count);
const urlsText = `${data.urls.join('\n')}\n`;
const all: CrawlerSpec[] = [
  { kind: 'profile', id: 'googlebot' },
  { kind: 'profile', id: 'gptbot' },
  { kind: 'token', token: 'SomeOtherBot' },
];
const crawlers = all.slice(0, ncrawlers);

let t0 = 0;
let chunks = 0;
let bytes = 0;
const handler = new RobotsHandler({
  post(reply: WorkerReply) {
    if (reply.type === 'run-chunk') {
      chunks++;
      bytes += reply.status.byteLength + reply.lines.byteLength + reply.rowFlags.byteLength;
    }
    if (reply.type === 'run-done') {
      const ms = performance.now() - t0;
      console.log(
        `${count.toLocaleString('en')} URLs × ${ncrawlers} crawler(s): ${Math.round(ms)} ms in Node ` +
          `(${Math.round((count / ms) * 1000).toLocaleString('en')} URLs/s), ${chunks} chunks, ${(bytes / 1e6).toFixed(1)} MB of arrays`,
      );
    }
    if (reply.type === 'failed') console.error(reply.message);
  },
  schedule: (fn) => setImmediate(fn),
  now: () => performance.now(),
});
handler.handle({ type: 'set-text', id: 1, version: 1, text: data.robotsTxt });
t0 = performance.now();
handler.handle({
  type: 'evaluate',
  id: 2,
  version: 1,
  urlsText,
  crawlers,
  normalise: true,
  robotsUrl: ROBOTS_URL,
  fetchStatus: 200,
});
