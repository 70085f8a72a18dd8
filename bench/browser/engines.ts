/**
 * The page in each engine (Chromium, Firefox ESR, WebKitGTK), driven as the
 * cross-browser suite drives it (test/browsers/drivers.ts), on the
 * production build in dist/:
 *
 *  (a) 100,000 URLs × 3 crawlers on the benchmark's ~500 KiB robots.txt
 *      (bench/generate.ts), picked as a file: the page's own "evaluated
 *      in … ms" (run start to last verdict) and the time from the pick to
 *      that line;
 *  (c) the request-form check alone (bench/engines/requestFormEntry.ts,
 *      the old regular expression and the scanner) on the same 100,000
 *      URLs, run in the page's engine on its main thread;
 *  (b) a 1.2 MB robots.txt opened as a file, then scrolled through and
 *      typed into: stalls of the page's thread, seen as a 16 ms timer
 *      that fires 50 ms or more late, counted over the whole window, and
 *      the longest.
 *
 * A standalone script (Playwright's runner drives only Chromium here), run
 * after `npx vite build`:
 *
 *   BROWSERS=webkit PORT=4193 npx tsx bench/browser/engines.ts
 *
 * MEASURES=run, MEASURES=stalls or MEASURES=check picks one; RUNS=3 repeats each; DIST=dir
 * serves another build (e.g. an older commit's, to compare).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { preview } from 'vite';
import { type Engine, type EngineDriver, puppeteerDriver, type Tab, webkitDriver } from '../../test/browsers/drivers';
import { script, until } from '../../test/browsers/page';
import { generate, ROBOTS_URL } from '../generate';

const port = Number(process.env.PORT ?? 4193);
const engines = (process.env.BROWSERS ?? 'chromium,firefox,webkit').split(',') as Engine[];
const measures = (process.env.MEASURES ?? 'run,check,stalls').split(',');
const runs = Number(process.env.RUNS ?? 1);
const dist = process.env.DIST ?? 'dist';
const VIEWPORT = { width: 1280, height: 720 };
const STALL_MS = 50;
const TIMER_MS = 16;

if (!process.env.DIST && !existsSync('dist/index.html')) execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });

const dir = mkdtempSync(join(tmpdir(), 'robots-lab-engines-'));
const data = generate(20240915, 100_000);
const urlsFile = join(dir, 'urls-100k.txt');
writeFileSync(urlsFile, `${data.urls.join('\n')}\n`);
// About 1.2 MB: the generator's rules at about 2.4 times its default count.
const large = generate(7, 10, 45_000).robotsTxt;
const largeFile = join(dir, 'robots-1.2mb.txt');
writeFileSync(largeFile, large);

/** Saved inputs the page opens on (written from a same-origin page that is not the app, so nothing overwrites them). */
async function seed(tab: Tab, base: string, robotsText: string, urlText: string): Promise<void> {
  await tab.goto(`${base}favicon.svg`);
  const state = {
    robotsText,
    robotsUrl: ROBOTS_URL,
    urlText,
    crawlers: { profiles: ['googlebot', 'bingbot', 'gptbot'], tokens: [] },
    settings: { normalise: true, fetchStatus: 200 },
    selected: null,
  };
  await tab.run(
    `localStorage.clear(); localStorage.setItem('robots-lab', args[0]); return null`,
    JSON.stringify({ state, version: 1 }),
  );
  await tab.goto(base);
}

const status = (tab: Tab) => tab.run<string>(script(`return testId('run-status')?.textContent ?? ''`));

async function hundredThousand(tab: Tab, base: string): Promise<string> {
  await seed(tab, base, data.robotsTxt, '/\n');
  await until('the first run', async () => (await status(tab)).includes('1 URL × 3 crawlers evaluated'), 60_000);
  const t0 = Date.now();
  await tab.upload(script(`return testId('url-file')`), urlsFile);
  const done = await until(
    'the 100,000-URL run',
    async () => {
      const s = await status(tab);
      return /100,000 URLs × 3 crawlers evaluated in/.test(s) ? s : '';
    },
    180_000,
  );
  const wall = Date.now() - t0;
  const ms = done.match(/evaluated in ([\d,.]+ m?s)/)?.[1] ?? '?';
  return `100,000 URLs × 3 crawlers: evaluated in ${ms} (the page's figure); ${(wall / 1000).toFixed(2)} s from the file pick`;
}

async function largeFileStalls(tab: Tab, base: string): Promise<string> {
  await seed(tab, base, 'User-agent: *\nDisallow: /x\n', '/x\n/y\n');
  await until('the first run', async () => (await status(tab)).includes('evaluated'), 60_000);
  await tab.run(
    `const w = window; w.__gaps = []; let last = performance.now();
     const tick = () => { const now = performance.now(); w.__gaps.push([now, now - last - args[0]]); last = now; if (!w.__stop) setTimeout(tick, args[0]); };
     setTimeout(tick, args[0]); return null`,
    TIMER_MS,
  );
  const t0 = Date.now();
  const now = () => tab.run<number>('return performance.now()');
  const marks: [string, number][] = [['open', await now()]];
  await tab
    .upload(script(`return testId('robots-file')`), largeFile)
    .catch((e) => Promise.reject(new Error(`picking the file: ${e}`)));
  await until(
    'the large file in the editor',
    async () =>
      tab.run<boolean>(
        script(
          `return /[\\d,]+ lines/.test(testId('file-stats')?.textContent ?? '') && !(testId('file-stats')?.textContent ?? '').startsWith('2 lines')`,
        ),
      ),
    60_000,
  );
  marks.push(['scroll', await now()]);
  // Scroll through the file in 20 jumps, then type 20 characters at the end of a line in view.
  for (let i = 1; i <= 20; i++) {
    await tab.run(
      script(`const s = all('.cm-scroller')[0]; s.scrollTop = s.scrollHeight * args[0] / 20; return null`),
      i,
    );
    await new Promise((r) => setTimeout(r, 150));
  }
  marks.push(['type', await now()]);
  const lineInView = (then: string) =>
    script(`
      const view = all('.cm-scroller')[0].getBoundingClientRect();
      const shown = lines(labelled('robots.txt')).filter((l) => {
        const r = l.getBoundingClientRect();
        return r.top >= view.top && r.bottom <= view.bottom;
      });
      ${then}
    `);
  // On a loaded machine the lines of the last jump may not be drawn yet.
  await until('a line in view', () => tab.run<boolean>(lineInView('return shown.length > 0;')), 60_000);
  await tab
    .click(lineInView('return shown[shown.length >> 1];'))
    .catch((e) => Promise.reject(new Error(`clicking a line in view: ${e}`)));
  await tab.press('End');
  for (let i = 0; i < 20; i++) await tab.type('x');
  await new Promise((r) => setTimeout(r, 2000));
  const gaps = await tab.run<[number, number][]>(`window.__stop = true; return window.__gaps`);
  const summary = (xs: [number, number][]) => {
    const stalls = xs.filter(([, g]) => g >= STALL_MS);
    return `${stalls.length} stalls ≥ ${STALL_MS} ms, longest ${Math.round(Math.max(0, ...xs.map(([, g]) => g)))} ms`;
  };
  const phases = marks.map(([name, from], i) => {
    const to = marks[i + 1]?.[1] ?? Number.POSITIVE_INFINITY;
    return `${name}: ${summary(gaps.filter(([at]) => at > from && at <= to))}`;
  });
  const window = (Date.now() - t0) / 1000;
  return (
    `${(large.length / 1e6).toFixed(2)} MB file opened, scrolled, typed (${window.toFixed(1)} s): ` +
    `${summary(gaps)} (${phases.join('; ')})`
  );
}

async function requestFormCheck(tab: Tab, base: string): Promise<string> {
  const bundled = await build({
    entryPoints: [new URL('../engines/requestFormEntry.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
  });
  await tab.goto(`${base}favicon.svg`);
  const out = await tab.run<string>(
    `let line = ''; const read = () => args[0]; const print = (x) => { line = x; }; const __urlsPath = '';
     ${bundled.outputFiles[0].text}
     return line;`,
    JSON.stringify(data.urls),
  );
  const r = JSON.parse(out) as { before: { ms: number }; after: { ms: number } };
  return `request-form check alone, 100,000 URLs on the page's thread: old regex ${r.before.ms} ms, scanner ${r.after.ms} ms (median of 7)`;
}

function start(engine: Engine): Promise<EngineDriver> {
  return engine === 'webkit' ? webkitDriver(port + 1) : puppeteerDriver(engine);
}

const server = await preview({
  logLevel: 'warn',
  build: { outDir: dist },
  preview: { host: '127.0.0.1', port, strictPort: true, open: false },
});
try {
  // One engine at a time: the figures are times, and the machine's cores are shared.
  for (const engine of engines) {
    const driver = await start(engine);
    try {
      const base = `http://127.0.0.1:${port}/`;
      const chosen = [
        ...(measures.includes('run') ? [hundredThousand] : []),
        ...(measures.includes('check') ? [requestFormCheck] : []),
        ...(measures.includes('stalls') ? [largeFileStalls] : []),
      ];
      for (const measure of chosen.flatMap((m) => Array<typeof m>(runs).fill(m))) {
        const tab = await driver.newTab(VIEWPORT);
        try {
          console.log(`${engine.padEnd(8)} ${await measure(tab, base)}`);
        } catch (e) {
          console.log(`${engine.padEnd(8)} ${measure.name} failed: ${e}`);
          process.exitCode = 1;
        } finally {
          await tab.close();
        }
      }
    } finally {
      await driver.close();
    }
  }
} finally {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
