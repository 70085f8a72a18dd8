/**
 * What makes the longest tasks while lines are typed one input event each
 * (the hostile bench's input-event rows): types TYPED_LINES lines (20,000
 * by default) into an empty editor, each in a task of its own, as the
 * hostile bench does, under a light Chromium trace (tasks and V8's garbage
 * collections only), then prints the collections (count, median, longest)
 * and the longest tasks on the page's main thread, each with the collection
 * time inside it. Not a benchmark: run it on the production build,
 *
 *   npx vite build && TRACE=1 npx playwright test -c playwright.bench.config.ts typed-lines
 *
 * (with TRACE set, the bench config runs the *.trace.ts files). The trace
 * goes to TRACE_OUT (or the test's output folder), for Perfetto.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { insertAsInputEvents } from '../../e2e/fixtures/hostile';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; type?: string };
}

/** How many of the longest tasks are listed. */
const LISTED = 10;

const ms = (us: number) => (us / 1000).toFixed(1);

/** Count, median and longest of some events' durations, as one line. */
function summary(label: string, events: TraceEvent[]): string {
  if (events.length === 0) return `${label}: none`;
  const sorted = events.map((e) => e.dur!).sort((a, b) => a - b);
  return `${label}: ${sorted.length}, median ${ms(sorted[sorted.length >> 1])} ms, longest ${ms(sorted[sorted.length - 1])} ms`;
}

test('the longest tasks while lines are typed one input event each', async ({ page, browser }, testInfo) => {
  const lines = Number(process.env.TYPED_LINES ?? 20_000);
  test.setTimeout(120_000 + lines * 30);
  await page.goto('./');
  await expect(page.getByTestId('run-status')).toContainText('evaluated');
  const editor = page.getByRole('textbox', { name: 'robots.txt', exact: true });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-v8.gc'] });
  await insertAsInputEvents(
    page,
    Array.from({ length: lines }, (_, i) => `Disallow: /typed-${i}\n`),
  );
  await page.waitForTimeout(1500);
  const trace = await browser.stopTracing();
  writeFileSync(process.env.TRACE_OUT ?? testInfo.outputPath('typed-lines-trace.json'), trace);

  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const mainThread = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  expect(mainThread, 'the page main thread is in the trace').toBeDefined();
  const onMain = events.filter(
    (e) => e.ph === 'X' && e.pid === mainThread!.pid && e.tid === mainThread!.tid && e.dur !== undefined,
  );
  const major = onMain.filter((e) => e.name === 'V8.GC_MARK_COMPACTOR');
  const minor = onMain.filter((e) => e.name === 'V8.GC_SCAVENGER');
  const gcs = [...major, ...minor];
  console.log(`${lines.toLocaleString('en-US')} lines typed`);
  console.log(summary('major collections', major));
  console.log(summary('minor collections', minor));
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask').sort((a, b) => b.dur! - a.dur!);
  console.log(`tasks over 50 ms: ${tasks.filter((t) => t.dur! > 50_000).length}; the ${LISTED} longest:`);
  for (const task of tasks.slice(0, LISTED)) {
    const end = task.ts + task.dur!;
    const inside = gcs.filter((g) => g.ts >= task.ts && g.ts + g.dur! <= end);
    const gcTime = inside.reduce((sum, g) => sum + g.dur!, 0);
    const kinds = inside.map((g) => (g.name === 'V8.GC_MARK_COMPACTOR' ? 'major' : 'minor')).join(', ');
    console.log(`  ${ms(task.dur!)} ms, of which garbage collection ${ms(gcTime)} ms${kinds ? ` (${kinds})` : ''}`);
  }
});
