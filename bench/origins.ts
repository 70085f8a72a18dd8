/**
 * `check --fetch` over many origins, as a process: 1,000,000 URLs spread
 * over 1,000 origins (`http://oN.example`), each origin's robots.txt served
 * by one local server that answers by Host header (the CLI reaches it with
 * `--connect-to ::127.0.0.1:PORT`; nothing leaves the machine). Beside it,
 * in the same run: the same million URLs on one origin judged against a
 * file (the single-origin time), the same on one origin with --fetch, the
 * fetches alone (`robots-lab fetch` of the 1,000 origins), and the
 * many-origin run again offline from the saved records (--robots-dir).
 * Wall time, CPU time and peak RSS from /usr/bin/time.
 *
 * `npx tsx bench/origins.ts` (or the "origins" row of `npm run bench`).
 * `ORIGINS_BENCH_ORIGINS` / `ORIGINS_BENCH_URLS` change the sizes.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleCli, machineLine } from './cliBundle';
import { generate, ORIGIN, prng } from './generate';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'bench/out');
const ORIGINS = Number(process.env.ORIGINS_BENCH_ORIGINS ?? 1000);
const URLS = Number(process.env.ORIGINS_BENCH_URLS ?? 1_000_000);

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** What origin k answers for /robots.txt: most serve a file; a few 404, 503, or redirect to their www host. */
function answerOf(k: number): 'file' | 404 | 503 | 'www' {
  const r = k % 50;
  return r === 1 ? 404 : r === 2 ? 503 : r === 3 ? 'www' : 'file';
}

interface Data {
  files: string[];
  manyList: string;
  /** The same URLs grouped by origin, as a crawler's export host by host often comes. */
  groupedList: string;
  oneList: string;
  oneRobots: string;
}

/** Per origin a generated robots.txt (a few KiB) and its share of URLs, shuffled together. */
function makeData(): Data {
  const files: string[] = [];
  const urls: string[] = [];
  const perOrigin = Math.ceil(URLS / ORIGINS);
  for (let k = 0; k < ORIGINS; k++) {
    const data = generate(1000 + k, perOrigin, 40);
    files.push(data.robotsTxt);
    for (const url of data.urls) urls.push(`http://o${k}.example${url.slice(ORIGIN.length)}`);
  }
  urls.length = URLS;
  // Crawl exports mix their hosts: a seeded shuffle, so no origin's URLs come together.
  const rand = prng(42);
  for (let i = urls.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [urls[i], urls[j]] = [urls[j], urls[i]];
  }
  const manyList = join(out, 'origins-many.txt');
  const groupedList = join(out, 'origins-grouped.txt');
  const oneList = join(out, 'origins-one.txt');
  const oneRobots = join(out, 'origins-o0.txt');
  writeFileSync(manyList, `${urls.join('\n')}\n`);
  const host = (u: string) => Number(/^http:\/\/o(\d+)/.exec(u)![1]);
  writeFileSync(groupedList, `${[...urls].sort((a, b) => host(a) - host(b)).join('\n')}\n`);
  // The same URLs on one origin: the single-origin time.
  writeFileSync(oneList, `${urls.map((u) => u.replace(/^http:\/\/o\d+\.example/, 'http://o0.example')).join('\n')}\n`);
  writeFileSync(oneRobots, files[0]);
  return { files, manyList, groupedList, oneList, oneRobots };
}

/** One server for every origin, by Host header; counts the requests. */
async function serve(files: string[]): Promise<{ port: number; requests: () => number; close: () => void }> {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    const host = req.headers.host ?? '';
    const www = host.startsWith('www.');
    const k = Number(/^(?:www\.)?o(\d+)\.example/.exec(host)?.[1] ?? -1);
    const answer = k >= 0 && k < files.length ? answerOf(k) : 404;
    if (answer === 'www' && !www) {
      res.writeHead(301, { location: `http://www.o${k}.example/robots.txt` });
      res.end();
    } else if (answer === 404 || answer === 503) {
      res.writeHead(answer, { 'content-type': 'text/html' });
      res.end('<html><body>unavailable</body></html>');
    } else {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(files[k]);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests: () => requests,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

interface Run {
  seconds: number;
  cpuSeconds: number | null;
  maxRssMiB: number | null;
}

/** Runs the CLI (asynchronously: the server answers from this process) with stdout to a file. */
function runCli(cli: string, args: string[], outFile: string): Promise<Run> {
  const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
  const stdout = openSync(outFile, 'w');
  const t0 = process.hrtime.bigint();
  const argv = timeBin ? ['-f', 'RSS_KB=%M CPU=%U+%S', process.execPath, cli, ...args] : [cli, ...args];
  const child = spawn(timeBin ?? process.execPath, argv, { stdio: ['ignore', stdout, 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
    if (stderr.length > 1 << 20) stderr = stderr.slice(-4096);
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      closeSync(stdout);
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      if (code !== 0) return reject(new Error(`robots-lab ${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}`));
      const rss = /RSS_KB=(\d+)/.exec(stderr);
      const cpu = /CPU=([\d.]+)\+([\d.]+)/.exec(stderr);
      resolve({
        seconds,
        cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : null,
        maxRssMiB: rss ? Number(rss[1]) / 1024 : null,
      });
    });
  });
}

/** Runs the many-origins benchmark; returns printable lines. */
export async function benchOrigins(): Promise<string[]> {
  mkdirSync(out, { recursive: true });
  const cli = process.env.CLI_BENCH_CLI ?? (await bundleCli(out));
  const data = makeData();
  const server = await serve(data.files);
  const lines: string[] = [];
  const figures: Record<string, unknown> = {};
  const say = (label: string, r: Run) => {
    lines.push(
      `${label}: ${fmt(r.seconds, 2)} s wall, ${r.cpuSeconds === null ? 'n/a' : fmt(r.cpuSeconds, 2)} s CPU, ` +
        `peak RSS ${r.maxRssMiB === null ? 'n/a' : `${fmt(r.maxRssMiB)} MiB`}`,
    );
    figures[label] = r;
    return r;
  };
  const connect = ['--connect-to', `::127.0.0.1:${server.port}`, '--concurrency', '32'];
  const saved = join(out, 'origins-saved');
  rmSync(saved, { recursive: true, force: true });
  const n = `${fmt(URLS)} URLs`;
  try {
    const one = say(
      `check ${n}, 1 origin, from a file, jsonl`,
      await runCli(
        cli,
        ['check', data.oneRobots, '-a', 'googlebot', '--urls', data.oneList, '-f', 'jsonl'],
        join(out, 'origins-one-file.jsonl'),
      ),
    );
    say(
      `check --fetch ${n}, 1 origin, jsonl`,
      await runCli(
        cli,
        ['check', '--fetch', '-a', 'googlebot', '--urls', data.oneList, '-f', 'jsonl', ...connect],
        join(out, 'origins-one-fetch.jsonl'),
      ),
    );
    const hosts = data.files.map((_, k) => `http://o${k}.example`);
    const fetches = say(
      `fetch ${fmt(ORIGINS)} origins (no URLs), jsonl`,
      await runCli(cli, ['fetch', ...hosts, '-f', 'jsonl', ...connect], join(out, 'origins-fetch.jsonl')),
    );
    const before = server.requests();
    const many = say(
      `check --fetch ${n}, ${fmt(ORIGINS)} origins, jsonl`,
      await runCli(
        cli,
        ['check', '--fetch', '--save', saved, '-a', 'googlebot', '--urls', data.manyList, '-f', 'jsonl', ...connect],
        join(out, 'origins-many.jsonl'),
      ),
    );
    const requests = server.requests() - before;
    lines.push(`  requests to the server during that run: ${fmt(requests)} (one per origin, plus one per redirect)`);
    say(
      `check --robots-dir ${n}, ${fmt(ORIGINS)} origins, offline, jsonl`,
      await runCli(
        cli,
        ['check', '--robots-dir', saved, '-a', 'googlebot', '--urls', data.manyList, '-f', 'jsonl'],
        join(out, 'origins-offline.jsonl'),
      ),
    );
    say(
      `check --robots-dir ${n}, ${fmt(ORIGINS)} origins grouped host by host, offline, jsonl`,
      await runCli(
        cli,
        ['check', '--robots-dir', saved, '-a', 'googlebot', '--urls', data.groupedList, '-f', 'jsonl'],
        join(out, 'origins-grouped.jsonl'),
      ),
    );
    const budget = 2 * one.seconds + fetches.seconds;
    lines.push(
      `  target: within 2 × the single-origin time + the fetches = ${fmt(budget, 2)} s; ` +
        `many origins took ${fmt(many.seconds, 2)} s (${fmt(many.seconds / one.seconds, 2)} × the single-origin time)`,
    );
    figures.requests = requests;
  } finally {
    server.close();
  }
  const machine = machineLine();
  lines.push(`machine: ${machine}`);
  writeFileSync(
    join(out, 'origins.json'),
    `${JSON.stringify({ date: new Date().toISOString(), machine, figures }, null, 2)}\n`,
  );
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const line of await benchOrigins()) console.log(line);
}
