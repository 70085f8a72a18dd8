/**
 * `npm run bench` (part three): many small files, as a crawl study or a SQL
 * table brings them. A per-file loop over a generated corpus (bench/corpus.ts:
 * 3,000 files, 100 URL × crawler cases each; parse once per file, then
 * decide each case), robots-lab beside robots-parser in turns in the same
 * run; the UDF file in a bare node:vm context beside the library on the same
 * cases, row by row as a warehouse calls it. Also runnable alone:
 * `npx tsx bench/smallFiles.ts`.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import robotsParser from 'robots-parser';
import { buildUdf } from '../bin/udf.mjs';
import { evaluate, parseRobotsTxt } from '../src/core/index';
import { type CorpusFile, generateCorpus } from './corpus';
import { ROBOTS_URL } from './generate';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Each way runs this many passes, in turns; the median and the best are reported. */
const PASSES = 7;
/** The target: the per-file loop at least this many times robots-parser's speed. */
const TARGET_RATIO = 3;

let sink = 0;

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Process CPU seconds (user + system): on a shared machine, waiting for a core does not count. */
function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

function ours(files: CorpusFile[]): void {
  for (const f of files) {
    const p = parseRobotsTxt(f.robotsTxt);
    for (const url of f.urls) for (const agent of f.agents) if (evaluate(p, url, agent).allowed) sink++;
  }
}

function peer(files: CorpusFile[]): void {
  for (const f of files) {
    const p = robotsParser(ROBOTS_URL, f.robotsTxt);
    for (const url of f.urls) for (const agent of f.agents) if (p.isAllowed(url, agent)) sink++;
  }
}

/** The UDF file in a context with ECMAScript's globals only, called once per case as a SQL engine calls it. */
async function udfLoop(): Promise<(files: CorpusFile[]) => void> {
  const outfile = join(mkdtempSync(join(tmpdir(), 'robots-lab-udf-bench-')), 'robots-lab-udf.js');
  await buildUdf(root, outfile, 'bench');
  const context = createContext({});
  runInContext('delete globalThis.console', context);
  runInContext(readFileSync(outfile, 'utf8'), context);
  const loop = runInContext(
    `(function (files) {
      let n = 0;
      for (const f of files) for (const url of f.urls) for (const agent of f.agents)
        if (robotsLab.check(f.robotsTxt, url, agent).allowed) n++;
      return n;
    })`,
    context,
  ) as (files: CorpusFile[]) => number;
  return (files) => {
    sink += loop(files);
  };
}

/** The library called the same way (check per case, the text each time): the UDF's baseline. */
async function libraryRowLoop(): Promise<(files: CorpusFile[]) => void> {
  const { check } = await import('../src/udf/functions');
  return (files) => {
    for (const f of files)
      for (const url of f.urls) for (const agent of f.agents) if (check(f.robotsTxt, url, agent).allowed) sink++;
  };
}

/** Cases per CPU second of each way, measured in turns over `PASSES` passes after a warm-up pass. */
function inTurns(ways: ((files: CorpusFile[]) => void)[], files: CorpusFile[], cases: number) {
  const rates: number[][] = ways.map(() => []);
  for (let pass = -1; pass < PASSES; pass++) {
    ways.forEach((way, i) => {
      const t0 = cpuSeconds();
      way(files);
      if (pass >= 0) rates[i].push(cases / (cpuSeconds() - t0));
    });
  }
  return rates.map((r) => ({ median: median(r), best: Math.max(...r) }));
}

/** The corpus's shape, for the report: sizes and rules per file. */
function shape(files: CorpusFile[]): string {
  const sizes = files.map((f) => f.robotsTxt.length).sort((a, b) => a - b);
  const rules = files
    .map((f) => parseRobotsTxt(f.robotsTxt).groups.reduce((n, g) => n + g.rules.length, 0))
    .sort((a, b) => a - b);
  const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))];
  const under10k = sizes.filter((s) => s < 10_240).length / sizes.length;
  return (
    `corpus: ${fmt(files.length)} files, ${fmt(files[0].urls.length * files[0].agents.length)} cases each; ` +
    `bytes median ${fmt(q(sizes, 0.5))}, p90 ${fmt(q(sizes, 0.9))}, max ${fmt(sizes.at(-1)!)} (${fmt(under10k * 100, 1)} % under 10 KiB); ` +
    `rules median ${fmt(q(rules, 0.5))}, p90 ${fmt(q(rules, 0.9))}, max ${fmt(rules.at(-1)!)}`
  );
}

/** The rows of this part of the benchmark, as lines of text. */
export async function benchSmallFiles(): Promise<string[]> {
  const files = generateCorpus();
  const cases = files.reduce((n, f) => n + f.urls.length * f.agents.length, 0);
  const [lab, parser] = inTurns([ours, peer], files, cases);
  const udfFiles = files.slice(0, 1_000);
  const udfCases = udfFiles.reduce((n, f) => n + f.urls.length * f.agents.length, 0);
  const [udf, library] = inTurns([await udfLoop(), await libraryRowLoop()], udfFiles, udfCases);
  const ratio = lab.median / parser.median;
  return [
    '',
    'many small files: parse once per file, then every URL × crawler case (cases per CPU second, in turns)',
    shape(files),
    `  robots-lab  parse + evaluate()        median ${fmt(lab.median).padStart(10)}  best ${fmt(lab.best).padStart(10)}`,
    `  robots-parser  parse + isAllowed()    median ${fmt(parser.median).padStart(10)}  best ${fmt(parser.best).padStart(10)}`,
    `  ratio ${fmt(ratio, 2)}× (target ≥ ${TARGET_RATIO}×: ${ratio >= TARGET_RATIO ? 'PASS' : 'MISS'})`,
    'the UDF file, one call per row with the robots.txt text (first 1,000 files):',
    `  lib/robots-lab-udf.js in a bare node:vm context  median ${fmt(udf.median).padStart(10)}  best ${fmt(udf.best).padStart(10)}`,
    `  the library's check() in the main context      median ${fmt(library.median).padStart(10)}  best ${fmt(library.best).padStart(10)}`,
    `(sink ${sink % 7})`,
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const line of await benchSmallFiles()) console.log(line);
}
