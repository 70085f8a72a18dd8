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
 *   npx vite build --minify false && TRACE=1 npx playwright test -c playwright.bench.config.ts
 *
 * (with TRACE set, the bench config runs this file instead of the benchmarks)
 *
 * The trace goes to TRACE_OUT (or the test's output folder), for
 * chrome://tracing or Perfetto.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { generate } from '../generate';
import { seed } from './seed';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
  id?: string;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url?: string; scriptId?: number; lineNumber?: number; columnNumber?: number };
  parent?: number;
}

/**
 * Self time per function from the trace's V8 CPU profile samples inside
 * [from, to] (µs). A profile is announced on the thread it samples; its
 * chunks come from V8's profiler thread and carry the same id.
 */
function selfTimes(events: TraceEvent[], pid: number, tid: number, from: number, to: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of events) {
    if (p.name !== 'Profile' || p.pid !== pid || p.tid !== tid) continue;
    const nodes = new Map<number, ProfileNode>();
    let ts = (p.args?.data as { startTime: number } | undefined)?.startTime ?? 0;
    for (const e of events) {
      if (e.name !== 'ProfileChunk' || e.pid !== pid || e.id !== p.id) continue;
      const data = e.args?.data as {
        cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
        timeDeltas?: number[];
      };
      for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
      const samples = data.cpuProfile?.samples ?? [];
      const deltas = data.timeDeltas ?? [];
      for (let i = 0; i < samples.length; i++) {
        ts += deltas[i] ?? 0;
        const next = ts + (deltas[i + 1] ?? 0);
        if (ts < from || ts > to) continue;
        const f = nodes.get(samples[i])?.callFrame;
        if (!f) continue;
        const where = f.url
          ? `${f.url.split('/').pop()}:${(f.lineNumber ?? 0) + 1}:${(f.columnNumber ?? 0) + 1}`
          : `script ${f.scriptId ?? '?'}`;
        const key = `${f.functionName || '(anonymous)'} ${where}`;
        out.set(key, (out.get(key) ?? 0) + (next - ts));
      }
    }
  }
  return out;
}

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

  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      // TRACE=light leaves out the sampling profiler (it slows the page down).
      ...(process.env.TRACE === 'light' ? [] : ['disabled-by-default-v8.cpu_profiler']),
      'v8',
      'v8.execute',
      'blink.user_timing',
      'toplevel',
      'disabled-by-default-v8.gc',
    ],
  });
  await page.evaluate(() => performance.mark('pick'));
  await page.getByTestId('url-file').setInputFiles(file);
  await expect(status).toContainText('1,000,000 URLs × 1 crawler evaluated in', { timeout: 120_000 });
  // Let a pending save finish inside the trace.
  await page.waitForTimeout(1500);
  const buf = await browser.stopTracing();
  const out = process.env.TRACE_OUT ?? testInfo.outputPath('trace.json');
  writeFileSync(out, buf);
  const events = (JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] }).traceEvents;

  const threads = new Map<string, string>();
  for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, String(e.args?.name));
  const pick = events.find((e) => e.name === 'pick' && e.cat.includes('user_timing'));
  const t0 = pick?.ts ?? 0;
  for (const [key, name] of threads) {
    if (name !== 'CrRendererMain' && name !== 'DedicatedWorker thread') continue;
    const [pid, tid] = key.split(':').map(Number);
    const tasks = events.filter(
      (e) =>
        e.pid === pid &&
        e.tid === tid &&
        e.name === 'RunTask' &&
        e.ph === 'X' &&
        (e.dur ?? 0) > 50_000 &&
        e.ts + (e.dur ?? 0) > t0,
    );
    console.log(`${name}: ${tasks.length} tasks over 50 ms after the pick`);
    for (const t of tasks) {
      console.log(`  task at +${((t.ts - t0) / 1000).toFixed(0)} ms: ${((t.dur ?? 0) / 1000).toFixed(0)} ms`);
      const inner = events.filter(
        (e) =>
          e.pid === pid &&
          e.tid === tid &&
          e.ph === 'X' &&
          e.ts >= t.ts &&
          e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0) &&
          e !== t &&
          (e.dur ?? 0) > 5_000,
      );
      for (const e of inner.slice(0, 25)) {
        const d = e.args?.data as { functionName?: string; url?: string; lineNumber?: number } | undefined;
        const what =
          e.name === 'FunctionCall' && d
            ? ` ${d.functionName || '(anonymous)'} ${(d.url ?? '').split('/').pop()}:${d.lineNumber}`
            : '';
        console.log(
          `    +${((e.ts - t.ts) / 1000).toFixed(1)} ms, ${((e.dur ?? 0) / 1000).toFixed(1)} ms: ${e.name}${what}`,
        );
      }
      const self = [...selfTimes(events, pid, tid, t.ts, t.ts + (t.dur ?? 0))].sort((a, b) => b[1] - a[1]).slice(0, 12);
      for (const [fn, us] of self) console.log(`      ${(us / 1000).toFixed(1)} ms  ${fn}`);
    }
  }
});
