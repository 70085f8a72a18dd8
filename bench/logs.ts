/**
 * `npm run bench` (part three): `robots-lab logs` as a process on a
 * 10,000,000-line combined access log (a month of a busy site: browsers and
 * fifteen crawlers, 50,000 distinct paths, a robots.txt history of three
 * versions and a 503 period), beside a plain loop of robots-parser over the
 * same lines (read, split, one isAllowed each against the version live at
 * the line's time) in the same run. Also a 1,000,000-line gzip log, and the
 * 1M plain log for the memory comparison (flat memory: the peak should not
 * grow with the log). Also runnable alone: `npx tsx bench/logs.ts`;
 * `LOGS_BENCH_LINES` sets the big log's size. Results go to bench/out/logs.json.
 */
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import robotsParser from 'robots-parser';
import { bundleCli } from './cliBundle';
import { prng } from './generate';
import { ORIGIN, peerToken, START, V_TIMES } from './logPeer';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'bench/out');
const BIG = Number(process.env.LOGS_BENCH_LINES ?? 10_000_000);
const SMALL = 1_000_000;
/** robots-parser gets this much time; its rate is measured over what it got through. */
const PEER_BUDGET_MS = 10_000;
const MONTH_MS = 30 * 86_400_000;

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** User agents as they appear in logs, with their share of requests (the rest are browsers). */
const AGENTS: [string, number][] = [
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.6778.204 Safari/537.36',
    0.09,
  ],
  ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 0.04],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot', 0.05],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot', 0.02],
  ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', 0.04],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
    0.02,
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36',
    0.02,
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    0.02,
  ],
  ['meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)', 0.02],
  [
    'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
    0.03,
  ],
  ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', 0.03],
  ['Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)', 0.02],
  ['Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)', 0.01],
  ['python-requests/2.32.3', 0.01],
  ['curl/8.5.0', 0.01],
];
const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
];
const SECTIONS = ['shop', 'blog', 'news', 'search', 'account', 'cart', 'api', 'private', 'static', 'help'];

/** Three versions of a realistic file (a shop with AI crawler groups), changed twice. */
function versions(): string[] {
  const common = [
    'Disallow: /cart',
    'Disallow: /account',
    'Disallow: /search?*',
    'Disallow: /*?sessionid=',
    'Allow: /static/',
  ];
  const v1 = [
    'User-agent: *',
    ...common,
    'Disallow: /private/',
    '',
    'Sitemap: https://www.example.com/sitemap.xml',
    '',
  ];
  const v2 = [
    'User-agent: *',
    ...common,
    'Disallow: /private/',
    'Disallow: /api/',
    '',
    'User-agent: GPTBot',
    'User-agent: ClaudeBot',
    'User-agent: Bytespider',
    'Disallow: /',
    'Allow: /blog/',
    '',
  ];
  const v3 = [
    ...v2,
    'User-agent: PerplexityBot',
    'User-agent: meta-externalagent',
    'Disallow: /news/',
    'Disallow: /shop/*.json$',
    '',
  ];
  return [v1, v2, v3].map((v) => v.join('\n'));
}

/** When each version went live, and the 503 period between the second and the third. */
const OUTAGE = START + 20 * 86_400_000;

export function writeHistory(dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const texts = versions();
  const iso = (t: number) => new Date(t).toISOString().slice(0, 16).replace(':', '-');
  writeFileSync(join(dir, `${iso(V_TIMES[0])}Z.txt`), texts[0]);
  writeFileSync(join(dir, `${iso(V_TIMES[1])}Z.txt`), texts[1]);
  writeFileSync(join(dir, 'outage.json'), JSON.stringify({ fetchedAt: new Date(OUTAGE).toISOString(), status: 503 }));
  writeFileSync(join(dir, 'v3.txt'), texts[2]);
  writeFileSync(
    join(dir, 'v3.json'),
    JSON.stringify({ fetchedAt: new Date(V_TIMES[2]).toISOString(), status: 200, bodyFile: 'v3.txt' }),
  );
  return texts;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A month of combined log lines, `n` of them, in time order, written in pieces. */
export function writeLog(file: string, n: number): void {
  const rand = prng(20261127);
  const paths: string[] = [];
  for (let i = 0; i < 50_000; i++) {
    const s = SECTIONS[Math.floor(rand() * SECTIONS.length)];
    const q = rand() < 0.15 ? `?page=${Math.floor(rand() * 20)}` : rand() < 0.03 ? '?sessionid=abc' : '';
    paths.push(`/${s}/${Math.floor(rand() * 5000)}${rand() < 0.1 ? '.json' : '.html'}${q}`);
  }
  const cumulative: number[] = [];
  let sum = 0;
  for (const [, share] of AGENTS) cumulative.push((sum += share));
  const fd = openSync(file, 'w');
  const p = (x: number) => String(x).padStart(2, '0');
  let piece: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = START + Math.floor((i / n) * MONTH_MS);
    const d = new Date(t);
    const time = `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
    const r = rand();
    let ua = BROWSERS[Math.floor(rand() * BROWSERS.length)];
    for (let a = 0; a < AGENTS.length; a++) {
      if (r < cumulative[a]) {
        ua = AGENTS[a][0];
        break;
      }
    }
    const ip = `${20 + Math.floor(rand() * 200)}.${Math.floor(rand() * 256)}.${Math.floor(rand() * 256)}.${Math.floor(rand() * 256)}`;
    const path = paths[Math.floor(rand() * rand() * paths.length)];
    piece.push(`${ip} - - [${time}] "GET ${path} HTTP/1.1" 200 ${1000 + Math.floor(rand() * 50_000)} "-" "${ua}"`);
    if (piece.length === 100_000) {
      writeSync(fd, `${piece.join('\n')}\n`);
      piece = [];
    }
  }
  if (piece.length > 0) writeSync(fd, `${piece.join('\n')}\n`);
  closeSync(fd);
}

interface Run {
  seconds: number;
  cpuSeconds: number | null;
  maxRssMiB: number | null;
  stderr: string;
}

/** The CLI as a process, output to a file; wall time, CPU time and peak RSS (/usr/bin/time). */
function runCli(cli: string, args: string[], outFile: string): Run {
  const timeBin = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
  const stdout = openSync(outFile, 'w');
  const t0 = process.hrtime.bigint();
  const r = timeBin
    ? spawnSync(timeBin, ['-f', 'RSS_KB=%M CPU=%U+%S', process.execPath, cli, ...args], {
        stdio: ['ignore', stdout, 'pipe'],
      })
    : spawnSync(process.execPath, [cli, ...args], { stdio: ['ignore', stdout, 'pipe'] });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  closeSync(stdout);
  const stderr = r.stderr.toString();
  if (r.status !== 0) throw new Error(`robots-lab ${args.join(' ')} exited ${r.status}: ${stderr}`);
  const rss = /RSS_KB=(\d+)/.exec(stderr);
  const cpu = /CPU=([\d.]+)\+([\d.]+)/.exec(stderr);
  return {
    seconds,
    cpuSeconds: cpu ? Number(cpu[1]) + Number(cpu[2]) : null,
    maxRssMiB: rss ? Number(rss[1]) / 1024 : null,
    stderr,
  };
}

/**
 * robots-parser in a plain loop over the same log: each line split with a
 * regular expression, the version live at its time chosen, one isAllowed
 * call. No grace window, no crawler catalogue: the least a loop must do.
 */
async function peerLoop(file: string, texts: string[]): Promise<{ rate: number; cpuRate: number; lines: number }> {
  const parsers = texts.map((t) => robotsParser(`${ORIGIN}/robots.txt`, t));
  const line = /^(\S+) \S+ \S+ \[([^\]]+)\] "\S+ (\S+)[^"]*" \d+ \S+ "[^"]*" "([^"]*)"/;
  const input = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  let n = 0;
  let blocked = 0;
  for await (const l of input) {
    const m = line.exec(l);
    if (m) {
      const t = Date.parse(m[2].replace(':', ' '));
      const v = t >= V_TIMES[2] ? 2 : t >= V_TIMES[1] ? 1 : 0;
      if (parsers[v].isAllowed(`${ORIGIN}${m[3]}`, peerToken(m[4])) === false) blocked++;
    }
    if (++n % 10_000 === 0 && Number(process.hrtime.bigint() - t0) / 1e6 > PEER_BUDGET_MS) break;
  }
  input.close();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  if (blocked < 0) console.log(blocked);
  return { rate: n / seconds, cpuRate: n / ((cpu.user + cpu.system) / 1e6), lines: n };
}

/** Runs the logs rows; returns the lines to print. */
export async function benchLogs(): Promise<string[]> {
  mkdirSync(out, { recursive: true });
  const history = join(out, 'logs-history');
  const texts = writeHistory(history);
  const big = join(out, `logs-${BIG}.log`);
  const small = join(out, `logs-${SMALL}.log`);
  const gz = join(out, `logs-${SMALL}.log.gz`);
  if (!existsSync(big)) writeLog(big, BIG);
  if (!existsSync(small)) writeLog(small, SMALL);
  if (!existsSync(gz)) writeFileSync(gz, gzipSync(readFileSync(small)));
  const cli = process.env.CLI_BENCH_CLI ?? (await bundleCli(out));
  const rows: { name: string; lines: number; run: Run }[] = [];
  for (const [name, file, lines, report] of [
    [`${fmt(BIG)} lines`, big, BIG, 'logs-report.jsonl'],
    [`${fmt(SMALL)} lines`, small, SMALL, 'logs-report-1m.jsonl'],
    [`${fmt(SMALL)} lines .gz`, gz, SMALL, 'logs-report-1m-gz.jsonl'],
  ] as const) {
    rows.push({ name, lines, run: runCli(cli, ['logs', file, '--robots', history, '-f', 'jsonl'], join(out, report)) });
  }
  const peer = await peerLoop(big, texts);
  const lines = [
    '',
    `robots-lab logs (bundled CLI as a process; combined log format; history of 3 versions and a 503 period; report as jsonl):`,
  ];
  for (const r of rows) {
    const rate = r.lines / r.run.seconds;
    const cpu = r.run.cpuSeconds ? `, ${fmt(r.lines / r.run.cpuSeconds)} lines per CPU second` : '';
    const rss = r.run.maxRssMiB ? `, peak RSS ${fmt(r.run.maxRssMiB)} MiB` : '';
    lines.push(`  ${r.name.padEnd(20)} ${fmt(r.run.seconds, 1)} s: ${fmt(rate)} lines/s${cpu}${rss}`);
  }
  lines.push(
    `  robots-parser 3.0.1, plain loop over the ${fmt(BIG)}-line log (readline, a regex, one isAllowed a line; ` +
      `${fmt(peer.lines)} lines in ${PEER_BUDGET_MS / 1000} s): ${fmt(peer.rate)} lines/s, ${fmt(peer.cpuRate)} lines per CPU second`,
  );
  lines.push(
    '  target: ≥ 300,000 lines/s per core in the CLI (lines per CPU second is the fair figure on a shared machine); ' +
      'the report of the big run is bench/out/logs-report.jsonl',
  );
  writeFileSync(
    join(out, 'logs.json'),
    JSON.stringify(
      { rows: rows.map((r) => ({ name: r.name, lines: r.lines, ...r.run, stderr: undefined })), peer },
      null,
      2,
    ),
  );
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const line of await benchLogs()) console.log(line);
}
