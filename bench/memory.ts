/**
 * Speed and peak memory of one way of checking URLs on one workload, measured
 * alone in a fresh process (bench/run.ts starts one per pair), because a
 * process's peak RSS only ever grows: measured in the main run, every row
 * would report the worst one before it.
 *
 * Workloads: `large`, the ~500 KiB file and its 100,000 URLs; `small`, 1,000
 * files of about 8 KiB (~250 rules) with 100 URLs each (parse, then check, per file).
 * Ways: `evaluate` (the plain call, reading `allowed`), `explained`
 * (evaluate, reading `reason` as well), `checker` (createChecker), `peer`
 * (robots-parser).
 */
import v8 from 'node:v8';
import robotsParser from 'robots-parser';
import { createChecker, evaluate, parseRobotsTxt } from '../src/core/index';
import { generate, NAMED_CRAWLER, ROBOTS_URL } from './generate';

export const WORKLOADS = ['large', 'small'] as const;
export const WAYS = ['checker', 'evaluate', 'explained', 'peer'] as const;
export type Workload = (typeof WORKLOADS)[number];
export type Way = (typeof WAYS)[number];

/** What one isolated run reports. */
export interface MemoryResult {
  workload: Workload;
  way: Way;
  verdicts: number;
  /** Per second of CPU time (user + system) of this process: on a shared machine, waiting for a core does not count. */
  verdictsPerCpuSecond: number;
  /** Peak resident set size of the whole process (data generation included). */
  maxRssBytes: number;
  /** Highest V8 heap in use seen while checking (sampled every 1,024 verdicts). */
  heapHighWaterBytes: number;
}

/** Files and URLs of a workload: one large file, or many small ones. */
function workload(name: Workload): { text: string; urls: string[] }[] {
  if (name === 'large') {
    const d = generate();
    return [{ text: d.robotsTxt, urls: d.urls }];
  }
  return Array.from({ length: 1_000 }, (_, i) => {
    const d = generate(1_000 + i, 100, 200);
    return { text: d.robotsTxt, urls: d.urls };
  });
}

/** A function that parses a file and returns its URL check. */
function wayOf(way: Way): (text: string) => (url: string) => boolean {
  switch (way) {
    case 'checker':
      return (text) => {
        const c = createChecker(parseRobotsTxt(text), { tokens: [NAMED_CRAWLER] });
        return (url) => c.check(url);
      };
    case 'evaluate':
      return (text) => {
        const p = parseRobotsTxt(text);
        return (url) => evaluate(p, url, NAMED_CRAWLER).allowed;
      };
    case 'explained':
      return (text) => {
        const p = parseRobotsTxt(text);
        return (url) => evaluate(p, url, NAMED_CRAWLER).reason.length > 0;
      };
    case 'peer':
      return (text) => {
        const r = robotsParser(ROBOTS_URL, text);
        return (url) => r.isAllowed(url, NAMED_CRAWLER) === true;
      };
  }
}

/** Runs one workload one way (`explained` and `peer` on the first 20,000 URLs: they are slow). */
export function measure(name: Workload, way: Way): MemoryResult {
  const files = workload(name);
  const limit = way === 'explained' || way === 'peer' ? 20_000 : Number.POSITIVE_INFINITY;
  const open = wayOf(way);
  let heapHigh = v8.getHeapStatistics().used_heap_size;
  let verdicts = 0;
  let allowed = 0;
  const cpu0 = process.cpuUsage();
  for (const f of files) {
    if (verdicts >= limit) break;
    const check = open(f.text);
    for (const url of f.urls) {
      if (check(url)) allowed++;
      if ((++verdicts & 1023) === 0) heapHigh = Math.max(heapHigh, v8.getHeapStatistics().used_heap_size);
      if (verdicts >= limit) break;
    }
  }
  const cpu = process.cpuUsage(cpu0);
  const seconds = (cpu.user + cpu.system) / 1e6;
  heapHigh = Math.max(heapHigh, v8.getHeapStatistics().used_heap_size);
  if (allowed < 0) throw new Error('unreachable'); // keeps the verdicts alive
  return {
    workload: name,
    way,
    verdicts,
    verdictsPerCpuSecond: verdicts / seconds,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    heapHighWaterBytes: heapHigh,
  };
}
