/**
 * The page on inputs people bring (Chromium, through Playwright), each at
 * normal speed and under Chromium's 4× CPU throttling
 * (Emulation.setCPUThrottlingRate): a robots.txt the size of eBay's (about
 * 1,600 lines) with 1,000 URLs × 5 crawlers, typed into; a 1,000,000-line
 * list imported, then the page reloaded with it; a 10 MB robots.txt file
 * opened. For each: the longest main-thread task (PerformanceObserver
 * 'longtask'; target none over 200 ms) and, for typing, keystroke → verdicts
 * (median; target ≤ 50 ms). Figures are reported, not asserted; they go to
 * docs/performance.md.
 *
 * Run: npm run bench:browser
 */
import { writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { longTasksSince, watchLongTasks } from '../../e2e/fixtures/longTasks';
import { generate } from '../generate';
import { seed } from './seed';

const SEED = 20240915;
const CRAWLERS = ['googlebot', 'bingbot', 'gptbot', 'applebot', 'ccbot'];

/** The longest task since `from` (page time), and how many were over 200 ms. */
async function longestSince(page: Page, from: number): Promise<string> {
  const since = await longTasksSince(page, from);
  const longest = since.length ? Math.max(...since) : 0;
  return `longest task ${longest.toFixed(0)} ms (${since.filter((d) => d > 200).length} over 200 ms)`;
}

async function throttle(page: Page, rate: number): Promise<void> {
  if (rate === 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
}

const now = (page: Page) => page.evaluate(() => performance.now());

for (const rate of [1, 4]) {
  const cpu = rate === 1 ? '' : ` (CPU ×${rate} slower)`;

  test(`typing in an eBay-sized file, 1,000 URLs × 5 crawlers${cpu}`, async ({ page }) => {
    const data = generate(SEED, 1_000, 1_600);
    await seed(page, data.robotsTxt, `${data.urls.join('\n')}\n`, CRAWLERS);
    await watchLongTasks(page);
    await page.goto('./');
    const status = page.getByTestId('run-status');
    await expect(status).toContainText('1,000 URLs × 5 crawlers evaluated');
    await throttle(page, rate);
    // The page marks each rendered run with its text version: time from keydown to that mark changing.
    await page.evaluate(() => {
      const w = window as unknown as { __keyAt: number; __latencies: number[] };
      w.__latencies = [];
      w.__keyAt = 0;
      addEventListener('keydown', () => (w.__keyAt = performance.now()), { capture: true });
      const el = document.querySelector('[data-testid=run-status]')!.parentElement!.parentElement!;
      let last = document.querySelector('[data-testid=run-status]')!.getAttribute('data-text-version');
      new MutationObserver(() => {
        const v = document.querySelector('[data-testid=run-status]')?.getAttribute('data-text-version') ?? null;
        if (v !== last && w.__keyAt > 0) {
          w.__latencies.push(performance.now() - w.__keyAt);
          w.__keyAt = 0;
        }
        last = v;
      }).observe(el, { subtree: true, attributes: true, childList: true, attributeFilter: ['data-text-version'] });
    });
    const editor = page.getByRole('textbox', { name: 'robots.txt', exact: true });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.press('End');
    const t0 = await now(page);
    const KEYS = 30;
    for (let i = 0; i < KEYS; i++) {
      await page.keyboard.press(i % 2 ? 'Backspace' : 'x');
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies.length))
        .toBe(i + 1);
    }
    const latencies = await page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies);
    console.log(
      `typing, ${data.robotsTxt.split('\n').length.toLocaleString('en')}-line file, 1,000 URLs × 5 crawlers${cpu}: ` +
        `keystroke → verdicts median ${median(latencies).toFixed(0)} ms; ${await longestSince(page, t0)}`,
    );
  });

  test(`a 1,000,000-line list imported, then the page reloaded with it${cpu}`, async ({ page }, testInfo) => {
    test.setTimeout(600_000);
    const data = generate(SEED, 1_000_000, 1_600);
    await seed(page, data.robotsTxt, '/\n', ['googlebot']);
    await watchLongTasks(page);
    await page.goto('./');
    const status = page.getByTestId('run-status');
    await expect(status).toContainText('1 URL × 1 crawler evaluated');
    const file = testInfo.outputPath('urls-1m.txt');
    writeFileSync(file, `${data.urls.join('\n')}\n`);
    await throttle(page, rate);
    const t0 = await now(page);
    await page.getByTestId('url-file').setInputFiles(file);
    await expect(status).toContainText('1,000,000 URLs × 1 crawler evaluated in', { timeout: 300_000 });
    const tDone = await now(page);
    await page.waitForTimeout(2000);
    console.log(
      `1,000,000-line import${cpu}: ${((tDone - t0) / 1000).toFixed(1)} s to all verdicts; ${await longestSince(page, t0)}`,
    );
    await page.reload();
    await throttle(page, rate);
    await expect(status).toContainText('1,000,000 URLs × 1 crawler evaluated in', { timeout: 300_000 });
    const tReload = await now(page);
    console.log(
      `reload with it${cpu}: ${(tReload / 1000).toFixed(1)} s to all verdicts; ${await longestSince(page, 0)}`,
    );
  });

  test(`a 10 MB robots.txt file opened${cpu}`, async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    const data = generate(SEED, 1_000, 1_600);
    await seed(page, data.robotsTxt, `${data.urls.join('\n')}\n`, CRAWLERS);
    await watchLongTasks(page);
    await page.goto('./');
    const status = page.getByTestId('run-status');
    await expect(status).toContainText('1,000 URLs × 5 crawlers evaluated');
    const parts = ['User-agent: *\n'];
    for (let i = 0, size = 0; size < 10_000_000; i++) {
      const line = `Disallow: /p${i}\n`;
      parts.push(line);
      size += line.length;
    }
    const file = testInfo.outputPath('ten-mb-robots.txt');
    writeFileSync(file, parts.join(''));
    await throttle(page, rate);
    const t0 = await now(page);
    await page.getByTestId('robots-file').setInputFiles(file);
    await expect(page.getByTestId('shown-part-note')).toBeVisible({ timeout: 120_000 });
    await expect(status).toContainText('1,000 URLs × 5 crawlers evaluated', { timeout: 120_000 });
    const tDone = await now(page);
    await page.waitForTimeout(2000);
    console.log(
      `10 MB file opened${cpu}: ${((tDone - t0) / 1000).toFixed(1)} s to verdicts; ${await longestSince(page, t0)}`,
    );
  });
}
