/**
 * The worker's bulk run under Node: the same RobotsApi the page's worker
 * runs, on the generated ~500 KiB robots.txt and 1,000,000 URLs, with a host
 * that yields like the worker does. Profile it with
 * `node --cpu-prof --import tsx bench/browser/worker-node.ts`.
 *
 * Usage: npx tsx bench/browser/worker-node.ts [urls=1000000] [crawlers=1]
 */

import type { CrawlerSpec, RunChunk, RunStart } from '../../src/model/wire';
import { RobotsApi } from '../../src/worker/api';
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

let chunks = 0;
let bytes = 0;
const api = new RobotsApi({ schedule: (fn) => setImmediate(fn), now: () => performance.now() });
api.setText({ version: 1, text: data.robotsTxt });
const t0 = performance.now();
const ctx = {
  signal: new AbortController().signal,
  emit(c: RunStart | RunChunk) {
    if (c.kind !== 'chunk') return;
    chunks++;
    bytes += c.status.byteLength + c.lines.byteLength + c.rowFlags.byteLength;
  },
};
api
  .evaluate({ run: 2, version: 1, urlsText, crawlers, normalise: true, robotsUrl: ROBOTS_URL, fetchStatus: 200 }, ctx)
  .then(
    () => {
      const ms = performance.now() - t0;
      console.log(
        `${count.toLocaleString('en')} URLs × ${ncrawlers} crawler(s): ${Math.round(ms)} ms in Node ` +
          `(${Math.round((count / ms) * 1000).toLocaleString('en')} URLs/s), ${chunks} chunks, ${(bytes / 1e6).toFixed(1)} MB of arrays`,
      );
    },
    (e) => console.error(e),
  );
