/**
 * The cross-browser suite (`npm run test:browsers`, part of `npm test`):
 * the main user stories in Chromium, Firefox ESR and WebKitGTK, against the
 * test build in dist-e2e/ (`vite build --mode e2e`, built here when absent),
 * served on 127.0.0.1. Debian's packages: chromium, firefox-esr,
 * webkit2gtk-driver and xvfb (.ci/run installs them). A story fails on any
 * console error, uncaught error or CSP violation in the page.
 *
 *   BROWSERS=firefox,webkit PORT=4183 npx tsx test/browsers/run.ts
 *
 * Screenshots (1280×720, and of a failure) go to SHOTS (default: a
 * temporary directory, named at the end).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preview } from 'vite';
import { type Engine, type EngineDriver, puppeteerDriver, webkitDriver } from './drivers';
import { runStories, type StoryResult } from './stories';

const port = Number(process.env.PORT ?? 4183);
const engines = (process.env.BROWSERS ?? 'chromium,firefox,webkit').split(',') as Engine[];
const shots = process.env.SHOTS ?? mkdtempSync(join(tmpdir(), 'robots-lab-browsers-'));
mkdirSync(shots, { recursive: true });

if (!existsSync('dist-e2e/page-errors.js'))
  execFileSync('npx', ['vite', 'build', '--mode', 'e2e'], { stdio: 'inherit' });

function start(engine: Engine): Promise<EngineDriver> {
  if (engine === 'webkit') return webkitDriver(port + 1);
  return puppeteerDriver(engine);
}

const started = Date.now();
// A browser that hangs must not hold CI: the whole suite has five minutes.
const deadline = setTimeout(() => {
  console.log('✗ the cross-browser suite did not finish in 5 minutes');
  process.exit(1);
}, 300_000);
deadline.unref();
const server = await preview({
  mode: 'e2e',
  logLevel: 'warn',
  preview: { host: '127.0.0.1', port, strictPort: true, open: false },
});
let results: StoryResult[] = [];
try {
  const perEngine = await Promise.all(
    engines.map(async (engine): Promise<StoryResult[]> => {
      const t0 = Date.now();
      let driver: EngineDriver | undefined;
      try {
        driver = await start(engine);
        return await runStories(driver, `http://127.0.0.1:${port}/`, shots);
      } catch (e) {
        return [{ engine, story: 'start the browser', ms: Date.now() - t0, error: String(e) }];
      } finally {
        await driver?.close().catch(() => undefined);
      }
    }),
  );
  results = perEngine.flat();
} finally {
  await server.close();
}

for (const r of results) {
  console.log(`${r.error ? '✗' : '✓'} [${r.engine}] ${r.story} (${(r.ms / 1000).toFixed(1)} s)`);
  if (r.error) console.log(`    ${r.error}`);
}
const failed = results.filter((r) => r.error).length;
const missing = engines.filter((e) => results.filter((r) => r.engine === e && !r.error).length === 0);
console.log(
  `${results.length - failed} passed, ${failed} failed, in ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${shots}`,
);
process.exit(failed > 0 || missing.length > 0 ? 1 : 0);
