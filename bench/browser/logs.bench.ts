/**
 * The Logs tab on logs people bring (Chromium, through Playwright, the
 * production build): a gzipped log of over 1 GiB decompressed, generated
 * here, dropped in the page; and bench/logs.ts's 10,000,000-line combined
 * log (2.1 GB) with its history of three versions and a 503 period, beside
 * a plain loop of robots-parser over the same File in the same browser.
 * For each: lines per second (the audit runs in one worker: one core),
 * the longest main-thread task (target none over 200 ms) and the peak
 * resident memory of the page's renderer process (flat memory: it should
 * not grow with the log). Figures are reported, not asserted; they go to
 * docs/performance.md and bench/out/logs-browser.json.
 *
 * Run: BENCH=logs npm run bench:browser
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { build } from 'esbuild';
import { writeRepeatedLog } from '../../e2e/fixtures/accessLog';
import { longestTaskSince, watchLongTasks } from '../../e2e/fixtures/longTasks';
import { writeHistory, writeLog } from '../logs';
import { ourRenderers } from './probe';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = join(root, 'bench/out');
const LINES = Number(process.env.LOGS_BENCH_LINES ?? 10_000_000);
/** robots-parser gets this much time in the browser; its rate is over what it got through. */
const PEER_BUDGET_MS = 10_000;
const figures: Record<string, unknown> = {};

/** The resident memory (MiB) of this test's Chromium renderers. */
function rendererRssMiB(): number {
  return ourRenderers().reduce((n, r) => n + r.rssKiB, 0) / 1024;
}

/** Drops `logs` on the Logs tab (with the history `files`, or the editor's file) and waits for the report. */
async function judge(page: Page, logs: string[], files: string[]) {
  await page.goto('./');
  await page.getByTestId('dock-logs').click();
  if (files.length > 0) {
    await page.getByTestId('logs-remove-editor').click();
    await page.getByTestId('logs-history-files').setInputFiles(files);
  }
  const from = await page.evaluate(() => performance.now());
  const before = rendererRssMiB();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rendererRssMiB());
  }, 500);
  const t0 = Date.now();
  await page.getByTestId('logs-file').setInputFiles(logs);
  try {
    await expect(page.getByTestId('logs-report')).toBeVisible({ timeout: 1_200_000 });
  } finally {
    clearInterval(sampler);
  }
  const seconds = (Date.now() - t0) / 1000;
  const summary = (await page.getByTestId('logs-summary').textContent()) ?? '';
  const lines = Number(/^([\d,]+) log lines/.exec(summary)?.[1].replaceAll(',', '') ?? Number.NaN);
  return {
    seconds,
    lines,
    linesPerSecond: Math.round(lines / seconds),
    longestTaskMs: await longestTaskSince(page, from),
    peakRendererMiB: Math.round(peak),
    rendererBeforeMiB: Math.round(before),
    summary,
  };
}

test.describe.configure({ timeout: 1_800_000 });

test('a gzipped log of over 1 GiB decompressed, dropped in the page', async ({ page }) => {
  await watchLongTasks(page);
  const dir = mkdtempSync(join(tmpdir(), 'robots-lab-biglog-'));
  try {
    const path = join(dir, 'access.log.gz');
    // 2,989 copies of the 359,334-byte block: 1,074,049,326 bytes of log, 5,978,000 lines.
    await writeRepeatedLog(path, 2989);
    const r = await judge(page, [path], []);
    figures.gz1GiB = { ...r, gzBytes: statSync(path).size };
    console.log(`1 GiB .gz: ${JSON.stringify(figures.gz1GiB)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test(`a ${LINES.toLocaleString('en-US')}-line log in the page, beside robots-parser in the same browser`, async ({
  page,
}) => {
  await watchLongTasks(page);
  mkdirSync(out, { recursive: true });
  const history = join(out, 'logs-history');
  const texts = writeHistory(history);
  const log = join(out, `logs-${LINES}.log`);
  if (!existsSync(log)) writeLog(log, LINES);
  const r = await judge(
    page,
    [log],
    readdirSync(history).map((n) => join(history, n)),
  );
  // The peer: robots-parser bundled for the browser, in a blank page (no policy to refuse its script), on the same File.
  const bundle = await build({
    entryPoints: [join(root, 'bench/browser/peerLoop.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'peer',
    platform: 'browser',
  });
  await page.goto('about:blank');
  await page.setContent('<input type="file" id="f">');
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  await page.locator('#f').setInputFiles(log);
  const peer = await page.evaluate(
    ([t, budget]) => {
      const file = (document.getElementById('f') as HTMLInputElement).files![0];
      return (window as unknown as { peer: typeof import('./peerLoop') }).peer.runPeer(file, t, budget);
    },
    [texts, PEER_BUDGET_MS] as const,
  );
  figures.page10M = r;
  figures.robotsParser = { ...peer, linesPerSecond: Math.round(peer.lines / (peer.ms / 1000)) };
  console.log(`page: ${JSON.stringify(r)}\nrobots-parser loop: ${JSON.stringify(figures.robotsParser)}`);
  writeFileSync(join(out, 'logs-browser.json'), `${JSON.stringify(figures, null, 2)}\n`);
});
