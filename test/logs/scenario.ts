/**
 * A generated site history and access logs whose every count is known by
 * construction (written by hand below, not computed by the engine): a
 * robots.txt that changes twice with a 503 period between the changes, and
 * requests from an obeying crawler (Googlebot), a disobeying one (GPTBot),
 * impersonators of both, a user-triggered fetcher (ChatGPT-User), an
 * unknown bot (FooBot) and browsers, around each change.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** V1, live from 2026-09-01T00:00Z (a dated file). */
const V1 = ['User-agent: *', 'Disallow: /private', ''].join('\n');
/** V2, live from 2026-09-10T00:00Z (a dated file): /shop closed, GPTBot shut out. */
const V2 = ['User-agent: *', 'Disallow: /private', 'Disallow: /shop', '', 'User-agent: GPTBot', 'Disallow: /', ''].join(
  '\n',
);
/** V3, fetched 2026-09-22T00:00Z with 200 (a fetch record); a 503 record from 2026-09-20T00:00Z before it. */
const V3 = ['User-agent: *', 'Disallow: /private', '', 'User-agent: GPTBot', 'Disallow: /', 'Allow: /blog', ''].join(
  '\n',
);

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot';
const CHATGPT_USER =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const FOOBOT = 'FooBot/2.0 (+https://foo.example/bot)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const GOOGLE_IP = '66.249.66.12';
const OPENAI_IP = '20.15.240.70';
const FAKE_IP = '203.0.113.9';

/** One request of the scenario, with what it must come out as (for the reader of this file). */
interface Row {
  time: string;
  ip: string;
  ua: string;
  path: string;
  why: string;
}

/** Every request, in time order. */
export const REQUESTS: Row[] = [
  {
    time: '2026-08-30T00:00:00Z',
    ip: OPENAI_IP,
    ua: GPTBOT,
    path: '/early',
    why: 'before the first version: not judged',
  },
  { time: '2026-09-01T12:00:00Z', ip: '192.0.2.50', ua: FOOBOT, path: '/private/a', why: 'V1 line 2: violation' },
  { time: '2026-09-02T00:00:00Z', ip: OPENAI_IP, ua: GPTBOT, path: '/shop/a', why: 'V1 allows: obeyed' },
  { time: '2026-09-05T12:00:00Z', ip: GOOGLE_IP, ua: GOOGLEBOT, path: '/shop/a', why: 'V1 allows: obeyed' },
  { time: '2026-09-06T08:00:00Z', ip: '198.51.100.20', ua: BROWSER, path: '/', why: 'a browser' },
  {
    time: '2026-09-10T06:00:00Z',
    ip: GOOGLE_IP,
    ua: GOOGLEBOT,
    path: '/shop/b',
    why: 'V2 line 3, V1 allows within 24 h: obeyed in grace',
  },
  {
    time: '2026-09-10T12:00:00Z',
    ip: OPENAI_IP,
    ua: GPTBOT,
    path: '/blog/x',
    why: 'V2 line 6, V1 allows within 24 h: obeyed in grace',
  },
  {
    time: '2026-09-11T03:00:00Z',
    ip: '23.98.142.180',
    ua: CHATGPT_USER,
    path: '/shop/item',
    why: 'user-triggered, V2 line 3 disallows',
  },
  {
    time: '2026-09-11T12:00:00Z',
    ip: OPENAI_IP,
    ua: GPTBOT,
    path: '/blog/y',
    why: 'V2 line 6 after the grace: violation',
  },
  { time: '2026-09-12T00:00:00Z', ip: GOOGLE_IP, ua: GOOGLEBOT, path: '/public', why: 'V2 allows: obeyed' },
  {
    time: '2026-09-12T00:00:00Z',
    ip: FAKE_IP,
    ua: GOOGLEBOT,
    path: '/private/secret',
    why: 'Googlebot from outside its ranges: impersonation',
  },
  { time: '2026-09-13T00:00:00Z', ip: '192.0.2.50', ua: FOOBOT, path: '/shop/q', why: 'V2 line 3: violation' },
  {
    time: '2026-09-15T00:00:00Z',
    ip: '198.51.100.7',
    ua: GPTBOT,
    path: '/x',
    why: 'GPTBot from outside its ranges: impersonation',
  },
  { time: '2026-09-16T09:30:00Z', ip: '198.51.100.21', ua: BROWSER, path: '/shop', why: 'a browser' },
  {
    time: '2026-09-20T06:00:00Z',
    ip: '23.98.142.180',
    ua: CHATGPT_USER,
    path: '/page',
    why: 'user-triggered, 503 but V2 allows within 24 h',
  },
  {
    time: '2026-09-20T12:00:00Z',
    ip: GOOGLE_IP,
    ua: GOOGLEBOT,
    path: '/index.html',
    why: '503, V2 allows within 24 h: obeyed in grace',
  },
  {
    time: '2026-09-21T01:00:00Z',
    ip: OPENAI_IP,
    ua: GPTBOT,
    path: '/blog/z',
    why: '503 after the grace: violation by the status',
  },
  {
    time: '2026-09-21T06:00:00Z',
    ip: GOOGLE_IP,
    ua: GOOGLEBOT,
    path: '/robots.txt',
    why: '/robots.txt is always allowed: obeyed',
  },
  { time: '2026-09-22T06:00:00Z', ip: OPENAI_IP, ua: GPTBOT, path: '/blog/w', why: 'V3 line 6 allows: obeyed' },
  {
    time: '2026-09-22T12:00:00Z',
    ip: OPENAI_IP,
    ua: GPTBOT,
    path: '/about',
    why: 'V3 line 5, the 503 before it allows nothing: violation',
  },
  { time: '2026-09-23T00:00:00Z', ip: GOOGLE_IP, ua: GOOGLEBOT, path: '/shop/d', why: 'V3 allows: obeyed' },
  { time: '2026-09-23T00:00:00Z', ip: FAKE_IP, ua: GOOGLEBOT, path: '/private/more', why: 'impersonation' },
  {
    time: '2026-09-24T00:00:00Z',
    ip: '23.98.142.180',
    ua: CHATGPT_USER,
    path: '/private/doc',
    why: 'user-triggered, V3 line 2 disallows',
  },
  {
    time: '2026-09-25T00:00:00Z',
    ip: OPENAI_IP,
    ua: GPTBOT,
    path: '/private/x',
    why: 'V3 line 5 (GPTBot ignores *): violation',
  },
  { time: '2026-09-25T10:00:00Z', ip: '198.51.100.22', ua: BROWSER, path: '/blog', why: 'a browser' },
];

/** Requests written to the first log (combined format); the rest go to the second (JSON Lines, gzip). */
export const FIRST_LOG_REQUESTS = 13;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-09-05T12:00:00Z` as the common log format writes it, in UTC+2 (the offset must be applied). */
function clfTime(iso: string): string {
  const d = new Date(Date.parse(iso) + 2 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0200`;
}

function combinedLine(r: Row): string {
  return `${r.ip} - - [${clfTime(r.time)}] "GET ${r.path} HTTP/1.1" 200 512 "-" "${r.ua}"`;
}

function jsonLine(r: Row): string {
  // Cloudflare Logpush's names; the time in nanoseconds, as Logpush writes it by default.
  return JSON.stringify({
    EdgeStartTimestamp: Date.parse(r.time) * 1e6,
    ClientIP: r.ip,
    ClientRequestURI: r.path,
    EdgeResponseStatus: 200,
    ClientRequestUserAgent: r.ua,
  });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface Site {
  dir: string;
  history: string;
  logs: string[];
  googleRanges: string;
  openaiRanges: string;
}

/** Writes the history, the two logs (with two unreadable lines in the first) and two range files into a new directory. */
export function writeSite(): Site {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lab-logs-'));
  const history = join(dir, 'history');
  mkdirSync(history);
  writeFileSync(join(history, '2026-09-01T00:00Z.txt'), V1);
  writeFileSync(join(history, '2026-09-10T00-00Z.txt'), V2);
  writeFileSync(join(history, 'fetch-1.json'), JSON.stringify({ fetchedAt: '2026-09-20T00:00:00Z', status: 503 }));
  writeFileSync(join(history, 'body-2.txt'), V3);
  writeFileSync(
    join(history, 'fetch-2.json'),
    JSON.stringify({ fetchedAt: '2026-09-22T00:00:00Z', status: 200, sha256: sha256(V3), bodyFile: 'body-2.txt' }),
  );
  const first = REQUESTS.slice(0, FIRST_LOG_REQUESTS).map(combinedLine);
  first.splice(3, 0, 'this line is no request');
  first.splice(8, 0, '10.0.0.1 - - [31/Nov/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "x"');
  const logs = [join(dir, 'access.log'), join(dir, 'access-2.jsonl.gz')];
  writeFileSync(logs[0], `${first.join('\n')}\n`);
  writeFileSync(logs[1], gzipSync(`${REQUESTS.slice(FIRST_LOG_REQUESTS).map(jsonLine).join('\n')}\n`));
  const googleRanges = join(dir, 'googlebot.json');
  writeFileSync(
    googleRanges,
    JSON.stringify({
      creationTime: '2026-09-01T00:00:00.000000',
      prefixes: [{ ipv6Prefix: '2001:4860:4801:10::/64' }, { ipv4Prefix: '66.249.66.0/27' }],
    }),
  );
  const openaiRanges = join(dir, 'openai-gptbot.json');
  writeFileSync(
    openaiRanges,
    JSON.stringify({ creationTime: '2026-09-01T00:00:00Z', prefixes: [{ ipv4Prefix: '20.15.240.64/28' }] }),
  );
  return { dir, history, logs, googleRanges, openaiRanges };
}
