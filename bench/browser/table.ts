/**
 * A Playwright reporter for the browser bench: every run of a row attaches
 * its figures (`attachFigures`); at the end this prints one table, a row per
 * input and CPU rate, and writes it to bench/out/page-browser.md (and the
 * runs to page-browser.json). Rows whose runs failed say so.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import type { TestInfo } from '@playwright/test';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import type { StepFigures } from './probe';

/** One run of one row. */
export interface RunFigures extends StepFigures {
  /** The input, as the table names it. */
  input: string;
  /** Chromium's CPU throttling rate (1: none). */
  cpu: number;
  /** What `ms` is the time to. */
  timeTo: string;
  /** Keystroke → verdicts of each key typed, ms (typing rows only). */
  keystrokes?: number[];
}

/** What the reporter gets: a run's figures and the machine's load average (1 minute) as it ended. */
interface Attached extends RunFigures {
  load: number;
}

const NAME = 'bench-figures';

/** Hands one run's figures to the reporter. */
export async function attachFigures(testInfo: TestInfo, figures: RunFigures): Promise<void> {
  const attached: Attached = { ...figures, load: loadavg()[0] };
  await testInfo.attach(NAME, { body: JSON.stringify(attached), contentType: 'application/json' });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x: number) => `${Math.round(x).toLocaleString('en')} ms`;
const s = (x: number) => `${(x / 1000).toFixed(1)} s`;
const range = (xs: number[]) => {
  const [lo, hi] = [Math.min(...xs), Math.max(...xs)].map((x) => x.toFixed(1));
  return lo === hi ? lo : `${lo}–${hi}`;
};
const mib = (x: number) => `${Math.round(x).toLocaleString('en')} MiB`;

/** The table (Markdown) of the runs: the inputs in the order they first ran, each at every CPU rate. */
function table(runs: Attached[], failed: { input: string; cpu: number; error: string }[]): string {
  const all = [...runs, ...failed];
  const inputs = [...new Set(all.map((r) => r.input))];
  const key = (r: { input: string; cpu: number }) => `${r.input}\u0000${r.cpu}`;
  const keys = [...new Set(all.map(key))].sort((a, b) => {
    const [ia, ca] = a.split('\u0000');
    const [ib, cb] = b.split('\u0000');
    return inputs.indexOf(ia) - inputs.indexOf(ib) || Number(ca) - Number(cb);
  });
  const header = [
    'input',
    'CPU',
    'runs',
    'time (median, range)',
    'keystroke → verdicts, median',
    'longest main-thread task (worst run)',
    'peak renderer RSS',
    'peak page JS heap',
    'targets',
    'load average',
  ];
  const rows = keys.map((k) => {
    const mine = runs.filter((r) => key(r) === k);
    const errors = failed.filter((f) => key(f) === k);
    const [input, cpu] = k.split('\u0000');
    const runsCell = `${mine.length}${errors.length ? ` (+${errors.length} failed)` : ''}`;
    if (mine.length === 0) return [input, `${cpu}×`, runsCell, 'failed', '', '', '', '', errors[0].error, ''];
    const times = mine.map((r) => r.ms);
    const keys = mine.flatMap((r) => r.keystrokes ?? []);
    const longest = Math.max(...mine.map((r) => r.longestTaskMs));
    const over = mine.reduce((n, r) => n + r.tasksOver200, 0);
    const keyMedian = keys.length ? median(keys) : null;
    const missed = [
      ...(longest > 200 ? [`${over} task${over === 1 ? '' : 's'} over 200 ms`] : []),
      ...(keyMedian !== null && keyMedian > 50 ? ['median over 50 ms'] : []),
    ];
    return [
      input,
      `${cpu}×`,
      runsCell,
      mine[0].timeTo
        ? `${s(median(times))} (${s(Math.min(...times))}–${s(Math.max(...times))}) to ${mine[0].timeTo}`
        : '—',
      keyMedian === null ? '—' : `${ms(keyMedian)} (${keys.length} keys)`,
      longest === 0 ? 'none over 50 ms' : ms(longest),
      mib(Math.max(...mine.map((r) => r.peakRendererMiB))),
      mib(Math.max(...mine.map((r) => r.peakJsHeapMiB))),
      missed.length ? `missed: ${missed.join(', ')}` : 'met',
      range(mine.map((r) => r.load)),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

/** Collects the runs' figures and prints the table when the bench ends. */
export default class TableReporter implements Reporter {
  private readonly runs: Attached[] = [];
  private readonly failed: { input: string; cpu: number; error: string }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const mine = result.attachments
      .filter((a) => a.name === NAME && a.body)
      .map((a) => JSON.parse(a.body!.toString()) as Attached);
    this.runs.push(...mine);
    // A row the test names but gave no figures for failed (an import that failed leaves its reload unrun too).
    for (const a of test.annotations) {
      if (a.type !== NAME || !a.description) continue;
      const [input, cpu] = a.description.split('\u0000');
      if (mine.some((r) => r.input === input && r.cpu === Number(cpu))) continue;
      // The first line of the error, without its terminal colours.
      const error = stripVTControlCharacters(result.error?.message ?? result.status)
        .split('\n')[0]
        .slice(0, 120);
      this.failed.push({ input, cpu: Number(cpu), error });
    }
  }

  onEnd(): void {
    if (this.runs.length === 0 && this.failed.length === 0) return;
    const text = table(this.runs, this.failed);
    console.log(`\n${text}\n`);
    const out = fileURLToPath(new URL('../out', import.meta.url));
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'page-browser.md'), `${text}\n`);
    writeFileSync(join(out, 'page-browser.json'), `${JSON.stringify(this.runs, null, 2)}\n`);
  }
}

/** The annotation that names a test's row, so that a failed run shows in the table. */
export function rowAnnotation(input: string, cpu: number): { type: string; description: string } {
  return { type: NAME, description: `${input}\u0000${cpu}` };
}
