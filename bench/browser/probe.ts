/**
 * What a browser bench measures of the page besides its own answers:
 * Chromium's CPU throttling, the longest main-thread tasks (the shared
 * long-task recorder of the e2e stories) and peak memory, over one step.
 *
 * Peak memory is two figures:
 *  - the renderer's peak resident size: VmHWM of the renderer process that
 *    runs the page (its main thread, its worker, Blink, V8's heaps), from
 *    /proc/<pid>/status, with the high-water mark reset at the start of the
 *    step (writing 5 to /proc/<pid>/clear_refs), so it is the most the
 *    process held during the step, the page's baseline included (the
 *    main thread's garbage is collected first);
 *  - the page's JS heap: the main thread's V8 heap in use (CDP
 *    Performance.getMetrics, JSHeapUsedSize), sampled every 250 ms, so a
 *    peak shorter than that can be missed; the worker's heap is in the
 *    resident size only (CDP offers no metrics for a worker target).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { CDPSession, Page } from '@playwright/test';
import { longTasksSince } from '../../e2e/fixtures/longTasks';

/** What one measured step gave. */
export interface StepFigures {
  /** From the step's start to its answer on screen, ms. */
  ms: number;
  /** The longest main-thread task during the step (0 when none reached 50 ms), ms. */
  longestTaskMs: number;
  /** How many main-thread tasks took over 200 ms. */
  tasksOver200: number;
  peakRendererMiB: number;
  peakJsHeapMiB: number;
}

const MiB = 1024 * 1024;

/**
 * The Chromium renderer processes this bench process started (its
 * descendants with --type=renderer), with their resident memory in KiB.
 */
export function ourRenderers(): { pid: number; rssKiB: number }[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => {
      const [pid, ppid, rss, ...args] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), rssKiB: Number(rss), args: args.join(' ') };
    });
  const mine = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) {
      if (!mine.has(r.pid) && mine.has(r.ppid)) {
        mine.add(r.pid);
        grew = true;
      }
    }
  }
  return rows.filter((r) => mine.has(r.pid) && r.args.includes('--type=renderer'));
}

/** The one renderer running a dedicated worker: the page under test is the only one with a worker thread. */
function pageRendererPid(): number {
  const withWorker = ourRenderers().filter((r) => threadNames(r.pid).includes('DedicatedWorker'));
  if (withWorker.length !== 1) {
    throw new Error(`expected one renderer running a worker, found ${withWorker.length}`);
  }
  return withWorker[0].pid;
}

function threadNames(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map((t) => {
      try {
        return readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim();
      } catch {
        return '';
      }
    });
  } catch {
    return [];
  }
}

/** VmHWM of `pid` in bytes; 0 when the process is gone. */
function peakResident(pid: number): number {
  try {
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Measures steps of one page: attach once the page (and its worker) is up. */
export class PageProbe {
  private constructor(
    private readonly page: Page,
    private readonly cdp: CDPSession,
  ) {}

  static async attach(page: Page): Promise<PageProbe> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    return new PageProbe(page, cdp);
  }

  /**
   * Chromium's CPU throttling (Emulation.setCPUThrottlingRate; 1 is none).
   * It slows the page's main thread only: Chromium refuses it for worker
   * targets. It stays on through reloads.
   */
  async throttle(rate: number): Promise<void> {
    await this.cdp.send('Emulation.setCPUThrottlingRate', { rate });
  }

  /** The page's clock (performance.now()), to mark where a step starts. */
  now(): Promise<number> {
    return this.page.evaluate(() => performance.now());
  }

  /**
   * Runs `step` and measures it. `step` returns its duration in ms and the
   * page time from which its long tasks count (a reload starts the page's
   * clock again at 0).
   */
  async measure(step: () => Promise<{ ms: number; tasksFrom: number }>): Promise<StepFigures> {
    // What setting up left behind (a pasted list, a read of the browser's storage) is not the step's.
    await this.cdp.send('HeapProfiler.collectGarbage');
    const pid = pageRendererPid();
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    let heap = 0;
    const sample = async () => {
      try {
        const { metrics } = await this.cdp.send('Performance.getMetrics');
        heap = Math.max(heap, metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0);
      } catch {
        // Between documents (a reload) there is nothing to read.
      }
    };
    await sample();
    const sampler = setInterval(() => void sample(), 250);
    let result: { ms: number; tasksFrom: number };
    try {
      result = await step();
    } finally {
      clearInterval(sampler);
    }
    await sample();
    // A reload can move the page to a new renderer: then the new one's peak is that of its whole life.
    const now = pageRendererPid();
    const resident = Math.max(peakResident(pid), now === pid ? 0 : peakResident(now));
    const tasks = await longTasksSince(this.page, result.tasksFrom);
    return {
      ms: result.ms,
      longestTaskMs: Math.max(0, ...tasks),
      tasksOver200: tasks.filter((d) => d > 200).length,
      peakRendererMiB: resident / MiB,
      peakJsHeapMiB: heap / MiB,
    };
  }
}
