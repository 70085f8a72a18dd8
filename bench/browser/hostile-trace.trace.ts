/**
 * What the page does in the hostile bench's slowest rows, as a trace (the
 * tenth session found the paste rows' last long tasks with it): a paste
 * (PASTE: groups, the 5,000 user-agent groups, the default; line, one line
 * of 1 MB; identical, 100,000 identical rules; ten, the 10 MB paste), or a
 * reload with a saved 1,000,000-line list. Prints every task over MIN_MS
 * (25 by default) on the page's main thread from the paste or the reload
 * on, with the trace events inside it and the functions that took its time
 * (traceTasks.ts). Not a benchmark: the sampling profiler slows the page
 * down (TRACE=light leaves it out). Build without minifying, so that the
 * functions keep their names:
 *
 *   npx vite build --minify false && TRACE=1 npx playwright test -c playwright.bench.config.ts hostile-trace -g paste
 *   npx vite build --minify false && TRACE=light npx playwright test -c playwright.bench.config.ts hostile-trace -g reload
 *
 * The trace goes to TRACE_OUT (or the test's output folder), for Perfetto.
 */
import { writeFileSync } from 'node:fs';
import { expect, type TestInfo, test } from '@playwright/test';
import { identicalRules, manyGroups, oneMegabyteLine, tenMegabytes } from '../../e2e/fixtures/hostile';
import { MILLION_DONE, reloadUntil, stagePaste, writeMillionLineList } from './hostileSteps';
import { printLongTasks, startTrace, stopTrace, type TraceEvent } from './traceTasks';

const PASTES: Record<string, () => string> = {
  groups: () => manyGroups(),
  line: oneMegabyteLine,
  identical: () => identicalRules(),
  ten: () => tenMegabytes().text,
};

const minMs = Number(process.env.MIN_MS ?? 25);

function report(events: TraceEvent[], buffer: Buffer, testInfo: TestInfo): void {
  writeFileSync(process.env.TRACE_OUT ?? testInfo.outputPath('trace.json'), buffer);
  const start = events.find((e) => e.name === 'start' && e.cat.includes('user_timing'));
  printLongTasks(events, { threads: ['CrRendererMain'], after: start?.ts ?? 0, minMs });
}

test('trace a hostile paste, to a few seconds after it', async ({ page, browser }, testInfo) => {
  const name = process.env.PASTE ?? 'groups';
  const make = PASTES[name];
  if (!make) throw new Error(`PASTE=${name}: use one of ${Object.keys(PASTES).join(', ')}`);
  await page.goto('./');
  await expect(page.getByTestId('run-status')).toContainText('evaluated');
  const fire = await stagePaste(page, make());
  await startTrace(browser, page);
  await page.evaluate(() => performance.mark('start'));
  await fire();
  // The paste, its parse, the run and the editor's marks: a 10 MB paste needs about three seconds.
  await page.waitForTimeout(6000);
  const { buffer, events } = await stopTrace(browser);
  report(events, buffer, testInfo);
});

test('trace a reload with a saved 1,000,000-line list', async ({ page, browser }, testInfo) => {
  test.setTimeout(300_000);
  const file = writeMillionLineList(testInfo);
  await page.goto('./');
  const status = page.getByTestId('run-status');
  await expect(status).toContainText('evaluated');
  await page.getByTestId('url-file').setInputFiles(file);
  await expect(status).toContainText(MILLION_DONE, { timeout: 180_000 });
  await page.waitForTimeout(3000); // the save (in the worker) after the run
  await startTrace(browser, page);
  await page.evaluate(() => performance.mark('start'));
  await reloadUntil(page, MILLION_DONE);
  await page.waitForTimeout(1500);
  const { buffer, events } = await stopTrace(browser);
  report(events, buffer, testInfo);
});
