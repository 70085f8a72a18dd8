/**
 * `npm run bench` (part two): the CLI as a process, file in and file out, at
 * auditor scale, beside a robots-parser loop on the same data in the same
 * run. Also runnable alone: `npx tsx bench/cli.ts`.
 *
 * - check: the ~500 KiB benchmark file, 1,000,000 and 10,000,000 URLs × 1
 *   crawler, --format jsonl and csv (and json, table on 1M), wall time and peak RSS (/usr/bin/time);
 * - diff: the benchmark file against a copy with every tenth line's
 *   Disallow made Allow, over the 1M list (which repeats URLs: each
 *   distinct one is compared once), --format jsonl and table;
 * - batch: 100,000 records (10,000 small files × 10 queries) in Google's
 *   harness format, run 5 times (the median is reported, with the range);
 * - the 1M list cut in two halves run as two processes at once, as GNU
 *   parallel or a Spark `pipe` would: what a second core gives.
 * Every run reports wall time and CPU time (user + system, from
 * /usr/bin/time): on a shared machine CPU time is the fairer figure.
 * Results also go to bench/out/cli.json.
 *
 * - google-batch: the same records through a batch driver built on Google's
 *   C++ library (robots.cc), when `GOOGLE_ROBOTS_BATCH` names its binary: it
 *   reads the same JSON Lines and writes the same lines as `batch` (the row
 *   says whether the bytes agree). Such a driver is not part of this
 *   repository, and the bench never builds or downloads one: without it the
 *   row is skipped with the reason.
 *
 * `CLI_BENCH_ROWS` runs some rows only, comma-separated, from: jsonl, csv,
 * json, table, diff, stdin, 10m, split, peer, batch, peer-batch, google-batch (e.g. `CLI_BENCH_ROWS=jsonl,csv
 * npx tsx bench/cli.ts`). `CLI_BENCH_CLI` names a CLI file to run instead of
 * bundling src/cli (e.g. lib/cli.mjs, or a saved copy to compare with).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, createReadStream, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import robotsParser from 'robots-parser';
import { bundleCli, machineLine } from './cliBundle';
import { generate, prng, ROBOTS_URL } from './generate';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'bench/out');
/** How many times the batch row runs (its median is reported). */
const BATCH_RUNS = 5;
/** robots-parser gets this much time on the big list; its rate is measured over what it got through. */
const PEER_BUDGET_MS = 8_000;

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The benchmark files, made once (same seed, same bytes). */
function makeData(): { robots: string; urls1m: string; urls10m: string; batch: string; halves: string[] } {
  const robots = join(out, 'cli-robots.txt');
  const halves = [join(out, 'cli-urls-1m-a.txt'), join(out, 'cli-urls-1m-b.txt')];
  const urls1m = join(out, 'cli-urls-1m.txt');
  const urls10m = join(out, 'cli-urls-10m.txt');
  const batch = join(out, 'cli-batch-100k.jsonl');
  if (!existsSync(urls10m) || !existsSync(batch)) {
    const data = generate(20240915, 1_000_000);
    writeFileSync(robots, data.robotsTxt);
    const list = `${data.urls.join('\n')}\n`;
    writeFileSync(urls1m, list);
    const fd = openSync(urls10m, 'w');
    for (let i = 0; i < 10; i++) writeFileSync(fd, list);
    closeSync(fd);
    writeFileSync(batch, batchRecords());
  }
  if (!existsSync(halves[1])) {
    const lines = readFileSync(urls1m, 'utf8').split('\n');
    const mid = Math.floor(lines.length / 2);
    writeFileSync(halves[0], `${lines.slice(0, mid).join('\n')}\n`);
    writeFileSync(halves[1], lines.slice(mid).join('\n'));
  }
  return { robots, urls1m, urls10m, batch, halves };
}

/** 10,000 small robots.txt files × 10 queries each, consecutive records sharing their file. */
function batchRecords(): string {
  const rand = prng(7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const words = ['shop', 'cart', 'admin', 'search', 'blog', 'img', 'api', 'user', 'tmp', 'news'];
  const agents = ['googlebot', 'bingbot', 'FooBot', '*'];
  const lines: string[] = [];
  for (let f = 0; f < 10_000; f++) {
    const rules: string[] = [];
    for (const agent of [pick(agents), '*']) {
      rules.push(`User-agent: ${agent}`);
      for (let r = 0, n = 2 + Math.floor(rand() * 6); r < n; r++) {
        const path = `/${pick(words)}${rand() < 0.3 ? '*' : '/'}${rand() < 0.3 ? `${pick(words)}$` : ''}`;
        rules.push(`${rand() < 0.25 ? 'Allow' : 'Disallow'}: ${path}`);
      }
      rules.push('');
    }
    const robotstxt = rules.join('\n');
    for (let q = 0; q < 10; q++) {
      const url = `https://site${f}.example/${pick(words)}/${pick(words)}${rand() < 0.3 ? '?q=1' : ''}`;
      lines.push(JSON.stringify({ robotstxt, useragent: pick(['googlebot', 'bingbot', 'FooBot', 'OtherBot']), url }));
    }
  }
  return `${lines.join('\n')}\n`;
}

interface Run {
  seconds: number;
  /** User + system CPU seconds of the CLI process (null without /usr/bin/time). */
  cpuSeconds: number | null;
  maxRssMiB: number | null;
  lines: number;
}

/** Runs the CLI with stdin and stdout on files; wall time and peak RSS from /usr/bin/time when present. */
function runCli(cli: string, args: string[], stdinFile: string | null, outFile: string): Run {
  return runProgram([process.execPath, cli, ...args], stdinFile, outFile);
}

/** Runs a program with stdin and stdout on files, measured as `runCli` says. */
function runProgram(command: string[], stdinFile: string | null, outFile: string): Run {
  const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
  const args = command.slice(1);
  const stdin = stdinFile ? openSync(stdinFile, 'r') : 'ignore';
  const stdout = openSync(outFile, 'w');
  const t0 = process.hrtime.bigint();
  const r = timeBin
    ? spawnSync(timeBin, ['-f', 'RSS_KB=%M CPU=%U+%S', ...command], { stdio: [stdin, stdout, 'pipe'] })
    : spawnSync(command[0], args, { stdio: [stdin, stdout, 'pipe'] });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  closeSync(stdout);
  if (typeof stdin === 'number') closeSync(stdin);
  const stderr = r.stderr.toString();
  const rss = /RSS_KB=(\d+)/.exec(stderr);
  const cpu = /CPU=([\d.]+)\+([\d.]+)/.exec(stderr);
  if (r.status !== 0) throw new Error(`${command.join(' ')} exited ${r.status}: ${stderr}`);
  return {
    seconds,
    cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : null,
    maxRssMiB: rss ? Number(rss[1]) / 1024 : null,
    lines: countLines(outFile),
  };
}

/** The halves of a list checked by two CLI processes at once: wall time of the pair. */
async function runSplit(cli: string, robots: string, halves: string[]): Promise<number> {
  const t0 = process.hrtime.bigint();
  await Promise.all(
    halves.map(
      (half, i) =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            [cli, 'check', robots, '-a', 'googlebot', '--urls', half, '--format', 'jsonl'],
            { stdio: ['ignore', openSync(join(out, `cli-half-${i}.jsonl`), 'w'), 'inherit'] },
          );
          child.on('error', reject);
          child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`half ${i} exited ${code}`))));
        }),
    ),
  );
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

function countLines(file: string): number {
  const r = spawnSync('wc', ['-l', file], { encoding: 'utf8' });
  return Number.parseInt(r.stdout, 10);
}

/** robots-parser over the list, file in and file out, until the time budget: URLs per second. */
async function peerCheck(robotsFile: string, listFile: string): Promise<{ rate: number; urls: number }> {
  const robots = robotsParser(ROBOTS_URL, readFileSync(robotsFile, 'utf8'));
  const lines = createInterface({ input: createReadStream(listFile), crlfDelay: Number.POSITIVE_INFINITY });
  const rows: string[] = [];
  const t0 = process.hrtime.bigint();
  let n = 0;
  let elapsed = 0;
  for await (const url of lines) {
    rows.push(JSON.stringify({ url, allowed: robots.isAllowed(url, 'googlebot') ?? null }));
    n++;
    if ((n & 1023) === 0 && (elapsed = Number(process.hrtime.bigint() - t0) / 1e6) > PEER_BUDGET_MS) break;
  }
  lines.close();
  writeFileSync(join(out, 'cli-peer.jsonl'), rows.join('\n'));
  elapsed = Number(process.hrtime.bigint() - t0) / 1e6;
  return { rate: n / (elapsed / 1000), urls: n };
}

/** robots-parser over the batch records, parsing a file only when it differs from the previous record's. */
function peerBatch(batchFile: string): number {
  const t0 = process.hrtime.bigint();
  const text = readFileSync(batchFile, 'utf8');
  let lastText: string | null = null;
  let robots: ReturnType<typeof robotsParser> | null = null;
  const rows: string[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const q = JSON.parse(line) as { robotstxt: string; useragent: string; url: string };
    if (q.robotstxt !== lastText || robots === null) {
      robots = robotsParser(new URL('/robots.txt', q.url).href, q.robotstxt);
      lastText = q.robotstxt;
    }
    rows.push(JSON.stringify({ allowed: robots.isAllowed(q.url, q.useragent) ?? null }));
  }
  writeFileSync(join(out, 'cli-peer-batch.jsonl'), rows.join('\n'));
  return Number(process.hrtime.bigint() - t0) / 1e9;
}

/** The rows `CLI_BENCH_ROWS` asks for (all when unset). */
function wanted(): (row: string) => boolean {
  const only = process.env.CLI_BENCH_ROWS?.split(',').map((r) => r.trim());
  return (row) => !only || only.includes(row);
}

/** Runs the CLI benchmarks; returns printable lines. */
export async function benchCli(): Promise<string[]> {
  mkdirSync(out, { recursive: true });
  const cli = process.env.CLI_BENCH_CLI ?? (await bundleCli(out));
  const data = makeData();
  const row = wanted();
  const result = (f: string) => join(out, f);
  const lines: string[] = [];
  const figures: Record<string, unknown> = {};
  const say = (label: string, r: Run, urls: number) => {
    const rate = urls / r.seconds;
    lines.push(
      `${label}: ${fmt(r.seconds, 2)} s wall, ${r.cpuSeconds === null ? 'n/a' : fmt(r.cpuSeconds, 2)} s CPU, ` +
        `${fmt(rate)} URLs/s (${r.cpuSeconds === null ? 'n/a' : fmt(urls / r.cpuSeconds)} per CPU second), ` +
        `peak RSS ${r.maxRssMiB === null ? 'n/a' : `${fmt(r.maxRssMiB)} MiB`} (${fmt(r.lines)} lines out)`,
    );
    figures[label] = { ...r, rate };
    return rate;
  };
  const check = (list: string, format: string) => [
    'check',
    data.robots,
    '-a',
    'googlebot',
    '--urls',
    list,
    '--format',
    format,
  ];
  let ours1m: number | null = null;
  if (row('jsonl'))
    ours1m = say('check 1M jsonl', runCli(cli, check(data.urls1m, 'jsonl'), null, result('cli-1m.jsonl')), 1e6);
  if (row('csv')) say('check 1M csv', runCli(cli, check(data.urls1m, 'csv'), null, result('cli-1m.csv')), 1e6);
  if (row('json')) say('check 1M json', runCli(cli, check(data.urls1m, 'json'), null, result('cli-1m.json')), 1e6);
  if (row('table')) say('check 1M table', runCli(cli, check(data.urls1m, 'table'), null, result('cli-1m.table')), 1e6);
  if (row('diff')) {
    const edited = result('cli-robots-edited.txt');
    const lines = readFileSync(data.robots, 'utf8').split('\n');
    writeFileSync(edited, lines.map((l, i) => (i % 10 === 3 ? l.replace(/^Disallow:/, 'Allow:') : l)).join('\n'));
    for (const format of ['jsonl', 'table']) {
      const args = ['diff', data.robots, edited, '-a', 'googlebot', '--urls', data.urls1m, '-f', format];
      say(`diff 1M ${format}`, runCli(cli, args, null, result(`cli-diff-1m.${format}`)), 1e6);
    }
  }
  if (row('stdin')) {
    say('check 1M jsonl from stdin', runCli(cli, check('-', 'jsonl'), data.urls1m, result('cli-1m-stdin.jsonl')), 1e6);
  }
  if (row('10m')) say('check 10M jsonl', runCli(cli, check(data.urls10m, 'jsonl'), null, result('cli-10m.jsonl')), 1e7);
  if (row('split')) {
    const split = await runSplit(cli, data.robots, data.halves);
    lines.push(`check 1M jsonl as two processes on halves: ${fmt(split, 2)} s wall, ${fmt(1e6 / split)} URLs/s`);
    figures.split = { seconds: split, rate: 1e6 / split };
  }
  if (row('peer')) {
    const peer = await peerCheck(data.robots, data.urls1m);
    const ratio = ours1m === null ? '' : `; robots-lab is ${fmt(ours1m / peer.rate, 1)}× faster`;
    lines.push(
      `robots-parser 3.0.1 loop, same list, file in/out: ${fmt(peer.rate)} URLs/s (over ${fmt(peer.urls)} URLs)${ratio}`,
    );
    figures.peerCheck = peer;
  }
  // A run of half a second is at the mercy of the machine: the median of
  // BATCH_RUNS runs (by wall time), with the range of wall and CPU times.
  const batchRows = (label: string, command: string[], outFile: string) => {
    const runs = Array.from({ length: BATCH_RUNS }, () => runProgram(command, data.batch, outFile)).sort(
      (a, b) => a.seconds - b.seconds,
    );
    say(`${label} (median of ${BATCH_RUNS})`, runs[Math.floor(BATCH_RUNS / 2)], 1e5);
    const cpus = runs.map((r) => r.cpuSeconds ?? Number.NaN).sort((a, b) => a - b);
    lines.push(
      `  runs: wall ${fmt(runs[0].seconds, 2)}–${fmt(runs[BATCH_RUNS - 1].seconds, 2)} s, ` +
        `CPU ${fmt(cpus[0], 2)}–${fmt(cpus[BATCH_RUNS - 1], 2)} s`,
    );
    return runs;
  };
  if (row('batch')) {
    figures.batchRuns = batchRows('batch 100k records', [process.execPath, cli, 'batch'], result('cli-batch.jsonl'));
  }
  if (row('google-batch')) {
    const google = process.env.GOOGLE_ROBOTS_BATCH;
    if (google === undefined || !existsSync(google)) {
      lines.push(
        `Google's C++ batch driver: skipped (${google === undefined ? 'GOOGLE_ROBOTS_BATCH is not set' : `no file ${google}`})`,
      );
    } else {
      const outFile = result('cli-google-batch.jsonl');
      figures.googleBatchRuns = batchRows("Google's C++ library, same 100k records", [google], outFile);
      const ours = result('cli-batch.jsonl');
      if (existsSync(ours)) {
        const same = readFileSync(ours).equals(readFileSync(outFile));
        lines.push(`  its output ${same ? 'is byte-identical to' : 'DIFFERS from'} robots-lab batch's`);
      }
    }
  }
  if (row('peer-batch')) {
    const peerSeconds = peerBatch(data.batch);
    lines.push(`robots-parser 3.0.1 loop over the same 100k records: ${fmt(peerSeconds, 2)} s`);
    figures.peerBatchSeconds = peerSeconds;
  }
  const machine = machineLine();
  lines.push(`machine: ${machine}`);
  writeFileSync(
    join(out, 'cli.json'),
    `${JSON.stringify({ date: new Date().toISOString(), machine, figures }, null, 2)}\n`,
  );
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const line of await benchCli()) console.log(line);
}
