/**
 * Reading a Chromium trace for the trace tools (*.trace.ts): the long
 * tasks on a thread, the trace events inside each, and, when V8's sampling
 * profiler ran, each function's own time and its time with what it called.
 */
import type { Browser, Page } from '@playwright/test';

export interface TraceEvent {
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
 * Starts a trace of the page: tasks, layout, paint, V8's collections and,
 * unless TRACE=light, V8's sampling profiler (which slows the page down).
 */
export function startTrace(browser: Browser, page: Page): Promise<void> {
  return browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      ...(process.env.TRACE === 'light' ? [] : ['disabled-by-default-v8.cpu_profiler']),
      'v8',
      'v8.execute',
      'blink.user_timing',
      'toplevel',
      'disabled-by-default-v8.gc',
    ],
  });
}

/** Stops the trace begun by `startTrace` and reads its events. */
export async function stopTrace(browser: Browser): Promise<{ buffer: Buffer; events: TraceEvent[] }> {
  const buffer = await browser.stopTracing();
  return { buffer, events: (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents };
}

const frameName = (f: ProfileNode['callFrame']) =>
  `${f.functionName || '(anonymous)'} ${
    f.url
      ? `${f.url.split('/').pop()}:${(f.lineNumber ?? 0) + 1}:${(f.columnNumber ?? 0) + 1}`
      : `script ${f.scriptId ?? '?'}`
  }`;

/**
 * Per function, from the profiler's samples on one thread inside [from, to]
 * (µs): its own time, and its time with what it called (a function on the
 * stack twice counts once). A profile is announced on the thread it samples;
 * its chunks come from V8's profiler thread and carry the same id.
 */
export function functionTimes(
  events: TraceEvent[],
  pid: number,
  tid: number,
  from: number,
  to: number,
): { self: Map<string, number>; total: Map<string, number> } {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
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
        const span = deltas[i + 1] ?? 0;
        if (ts < from || ts > to) continue;
        const leaf = nodes.get(samples[i]);
        if (!leaf) continue;
        const own = frameName(leaf.callFrame);
        self.set(own, (self.get(own) ?? 0) + span);
        const seen = new Set<string>();
        for (let n: ProfileNode | undefined = leaf; n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
          const name = frameName(n.callFrame);
          if (seen.has(name)) continue;
          seen.add(name);
          total.set(name, (total.get(name) ?? 0) + span);
        }
      }
    }
  }
  return { self, total };
}

const ms = (us: number) => (us / 1000).toFixed(1);

function top(times: Map<string, number>, n: number): [string, number][] {
  return [...times].sort((a, b) => b[1] - a[1]).slice(0, n);
}

/**
 * Prints every task over `minMs` on the threads named `threads` that starts
 * at `after` or later (µs, trace time): the trace events over `innerMs` inside it
 * (calls, collections, layout, paint) and, from the profiler, the functions
 * that took its time.
 */
export function printLongTasks(
  events: TraceEvent[],
  options: { threads: string[]; after: number; minMs: number; innerMs?: number },
): void {
  const { threads, after, minMs, innerMs = 2 } = options;
  const named = new Map<string, string>();
  for (const e of events) if (e.name === 'thread_name') named.set(`${e.pid}:${e.tid}`, String(e.args?.name));
  for (const [key, name] of named) {
    if (!threads.includes(name)) continue;
    const [pid, tid] = key.split(':').map(Number);
    const mine = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
    const tasks = mine.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > minMs * 1000 && e.ts >= after);
    console.log(`${name}: ${tasks.length} tasks over ${minMs} ms`);
    for (const t of tasks) {
      const end = t.ts + (t.dur ?? 0);
      console.log(`  task at +${ms(t.ts - after)} ms: ${ms(t.dur ?? 0)} ms`);
      const inner = mine.filter(
        (e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) > innerMs * 1000,
      );
      for (const e of inner.slice(0, 25)) {
        const d = e.args?.data as { functionName?: string; url?: string; lineNumber?: number } | undefined;
        const what =
          e.name === 'FunctionCall' && d
            ? ` ${d.functionName || '(anonymous)'} ${(d.url ?? '').split('/').pop()}:${d.lineNumber}`
            : '';
        console.log(`    +${ms(e.ts - t.ts)} ms, ${ms(e.dur ?? 0)} ms: ${e.name}${what}`);
      }
      const { self, total } = functionTimes(events, pid, tid, t.ts, end);
      if (self.size === 0) continue;
      console.log('    own time:');
      for (const [fn, us] of top(self, 12)) console.log(`      ${ms(us)} ms  ${fn}`);
      console.log('    with what it called:');
      for (const [fn, us] of top(total, 25)) console.log(`      ${ms(us)} ms  ${fn}`);
    }
  }
}
