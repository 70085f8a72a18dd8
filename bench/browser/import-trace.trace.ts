/**
 * Finds what the page does after a 1,000,000-line file pick: records a
 * Chromium trace (with V8's sampling profiler) from the pick to a moment
 * after the last verdict, and prints every task over 50 ms on the page's
 * main thread and in the worker, with the trace events inside it (function
 * calls, GC, layout, paint) and the functions that took its time. Not a
 * benchmark: tracing slows the page down (TRACE=light leaves the sampling
 * profiler out, which slows it less). Build without minifying so that the
 * functions keep their names:
 *
 *   npx vite build --minify false && TRACE=1 npx playwright test -c playwright.bench.config.ts import-trace
 *
 * (with TRACE set, the bench config runs the *.trace.ts files instead of the benchmarks)
 *
 * The trace goes to TRACE_OUT (or the test's output folder), for
 * chrome://tracing or Perfetto.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { generate } from '../generate';
import { seed } from './seed';
import { printLongTasks, startTrace, stopTrace } from './traceTasks';

test('trace the main thread from a 1,000,000-line file pick to the last verdict', async ({
  page,
  browser,
}, testInfo) => {
  const data = generate(20240915, 1_000_000);
  await seed(page, data.robotsTxt, '/\n', ['googlebot']);
  await page.goto('./');
  const status = page.getByTestId('run-status');
  await expect(status).toContainText('1 URL × 1 crawler evaluated');
  const file = testInfo.outputPath('urls-1m.txt');
  writeFileSync(file, `${data.urls.join('\n')}\n`);

  await startTrace(browser, page);
  await page.evaluate(() => performance.mark('pick'));
  await page.getByTestId('url-file').setInputFiles(file);
  await expect(status).toContainText('1,000,000 URLs × 1 crawler evaluated in', { timeout: 120_000 });
  // Let a pending save finish inside the trace.
  await page.waitForTimeout(1500);
  const { buffer, events } = await stopTrace(browser);
  writeFileSync(process.env.TRACE_OUT ?? testInfo.outputPath('trace.json'), buffer);
  const pick = events.find((e) => e.name === 'pick' && e.cat.includes('user_timing'));
  printLongTasks(events, {
    threads: ['CrRendererMain', 'DedicatedWorker thread'],
    after: pick?.ts ?? 0,
    minMs: 50,
    innerMs: 5,
  });
});
