/**
 * A robots.txt URL wherever a file is taken (check, diff, lint, is-allowed)
 * and many origins in one run (check --fetch, --robots-dir), against the
 * local server of test/fetch/server.ts. Expected verdicts are written by
 * hand from docs/behaviour.md §2 and the files the server serves.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { OriginLimiter } from '../../src/net/limiter';
import { bundleCli } from '../cli/bundle';
import { memoryIo } from '../cli/harness';
import { ETAG, type RobotsServer, startRobotsServer } from './server';

let server: RobotsServer;
let cli: string;
beforeAll(async () => {
  server = await startRobotsServer();
  cli = await bundleCli();
});
afterAll(() => server.close());

const connect = () => ['--connect-to', `::127.0.0.1:${server.port}`, '--timeout', '5000'];

async function cli_(argv: string[], files: Record<string, string> = {}) {
  const { io, output } = memoryIo(files);
  const code = await run(argv, io);
  return { code, ...output() };
}

const jsonl = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));

/** How many requests the server saw for a host. */
const requestsTo = (host: string) => server.seen.filter((s) => s.host === host).length;

describe('check ROBOTS as a URL applies the fetch outcome to every row', () => {
  it('a 503 blocks every URL, with the reason in each row', async () => {
    const r = await cli_([
      'check',
      'http://s503.test/robots.txt',
      '-a',
      'googlebot',
      '/',
      '/private',
      '-f',
      'jsonl',
      ...connect(),
    ]);
    expect(r.code).toBe(0);
    const rows = jsonl(r.stdout);
    expect(rows.map((x) => [x.url, x.status, x.line])).toEqual([
      ['/', 'blocked', null],
      ['/private', 'blocked', null],
    ]);
    for (const row of rows) {
      expect(row.note).toMatch(/^HTTP 503: .*server error/);
      expect([row.robotsOrigin, row.fetchStatus, row.fetchOutcome, row.sha256]).toEqual([
        'http://s503.test',
        503,
        '5xx: full disallow',
        null,
      ]);
    }
    expect(r.stderr).toContain('note: http://s503.test/robots.txt: 5xx: full disallow');
  });

  it('a 404 allows every URL, and a 429 blocks them', async () => {
    const allowed = jsonl(
      (await cli_(['check', 'http://s404.test', '-a', 'gptbot', '/private', '-f', 'jsonl', ...connect()])).stdout,
    );
    expect(allowed.map((x) => x.status)).toEqual(['allowed']);
    expect(allowed[0].note).toMatch(/^HTTP 404/);
    const blocked = jsonl(
      (await cli_(['check', 'http://s429.test', '-a', 'gptbot', '/', '-f', 'jsonl', ...connect()])).stdout,
    );
    expect(blocked.map((x) => x.status)).toEqual(['blocked']);
  });

  it('a 200 lets the file decide; a URL of another origin is out of scope; csv carries the fetch columns', async () => {
    const r = await cli_(
      [
        'check',
        'http://r1.test/robots.txt',
        '-a',
        'googlebot',
        '/private/x',
        '/open',
        'http://other.test/private',
        '-f',
        'csv',
      ].concat(connect()),
    );
    const lines = r.stdout.trim().split('\r\n');
    expect(lines[0]).toBe(
      'url,request_url,crawler,verdict,line,rule,note,expected,ok,robots_origin,fetch_status,fetch_outcome,sha256',
    );
    const sha = '38ee13a89fd0de18fe5f1f192cb4179a600acc093eefb277f5a7f77660033e8f';
    expect(lines[1]).toBe(
      `/private/x,/private/x,Googlebot,blocked,2,Disallow: /private,,,,http://r1.test,200,2xx: the file decides,${sha}`,
    );
    expect(lines[2]).toContain(',allowed,,,no rule of the * group (line 1) matches,');
    expect(lines[3]).toContain(',out-of-scope,');
  });

  it('a bare host names its https robots.txt', async () => {
    // The test server speaks plain HTTP, so an https fetch of it fails: the row says which URL was tried.
    const r = await cli_(['check', 'ok.test', '-a', 'googlebot', '/', '-f', 'jsonl', ...connect()]);
    const [row] = jsonl(r.stdout);
    expect([row.robotsOrigin, row.status, row.fetchStatus]).toEqual(['https://ok.test', 'blocked', 0]);
    expect(r.stderr).toContain('note: https://ok.test/robots.txt: unreachable');
  });

  it('a file named like a host is still read as a file', async () => {
    const r = await cli_(['check', 'example.com', '-a', 'googlebot', '/x', '-f', 'jsonl'], {
      'example.com': 'User-agent: *\nDisallow: /x\n',
    });
    expect(jsonl(r.stdout).map((x) => [x.status, x.robotsOrigin])).toEqual([['blocked', undefined]]);
  });

  it('an expectation fails when a 503 blocks what must be allowed', async () => {
    const r = await cli_(
      ['check', 'http://s503.test', '-a', 'googlebot', '--expect-allowed', 'must.txt', ...connect()],
      {
        'must.txt': '/\n',
      },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('expected ALLOWED, got BLOCKED (HTTP 503');
  });
});

describe('is-allowed, lint and diff take a URL too', () => {
  it('is-allowed: 0 allowed, 1 disallowed, from the file or the fetch outcome', async () => {
    const code = async (robots: string, url: string) => (await cli_(['is-allowed', robots, url, 'Googlebot'])).code;
    const base = `http://localhost:${server.port}`; // redirects to 127.0.0.1, which serves TARGET_RULES
    expect(await code(base, '/from-target')).toBe(1);
    expect(await code(base, '/elsewhere')).toBe(0);
    // A closed port is no answer: blocked, as for a 5xx.
    expect(await code('http://127.0.0.1:1/robots.txt', '/')).toBe(1);
  });

  it('lint: a file that came back is linted; a server error fails with its reason', async () => {
    const ok = await cli_(['lint', `http://localhost:${server.port}/robots.txt`]);
    expect([ok.code, ok.stdout]).toEqual([0, '0 errors, 0 warnings, 0 info\n']);
    const down = await cli_(['lint', 'http://127.0.0.1:1/robots.txt']);
    expect(down.code).toBe(1);
    expect(down.stderr).toContain('unreachable: full disallow');
  });

  it('diff: the live file against a local edit; a live server error is refused, not read as a file', async () => {
    const edited = 'User-agent: *\nDisallow: /from-target\nDisallow: /new\n';
    const r = await cli_(
      ['diff', `http://localhost:${server.port}`, 'new.txt', '-a', 'googlebot', '/new', '/from-target', '-f', 'jsonl'],
      {
        'new.txt': edited,
      },
    );
    expect(r.code).toBe(0);
    const flips = jsonl(r.stdout);
    expect(flips.map((f) => f.url)).toEqual(['/new']);
    const down = await cli_(['diff', 'http://127.0.0.1:1/robots.txt', 'new.txt', '-a', 'googlebot', '/'], {
      'new.txt': edited,
    });
    expect(down.code).toBe(2);
    expect(down.stderr).toContain('has no file to read: unreachable: full disallow');
  });
});

describe('check --fetch: each URL judged by its own origin', () => {
  const list = [
    'http://ok.test/private/a',
    'http://s503.test/open',
    'http://cross.test/from-target',
    'http://ok.test/open',
    'http://s404.test/private',
    'http://s503.test/private',
    'http://cross.test/private',
    '/no/host',
  ].join('\n');
  /** Hand-written: ok and cross serve their files; s503 blocks all; s404 allows all; a path has no origin. */
  const expected = [
    ['http://ok.test/private/a', 'blocked', 2, 200],
    ['http://s503.test/open', 'blocked', null, 503],
    ['http://cross.test/from-target', 'blocked', 2, 200],
    ['http://ok.test/open', 'allowed', null, 200],
    ['http://s404.test/private', 'allowed', null, 404],
    ['http://s503.test/private', 'blocked', null, 503],
    ['http://cross.test/private', 'allowed', null, 200],
    ['/no/host', 'out-of-scope', null, 0],
  ];

  it('judges each URL by its origin, fetched once, and sums up per origin on stderr', async () => {
    const before = requestsTo('ok.test');
    const r = await cli_(['check', '--fetch', '--urls', 'list.txt', '-a', 'googlebot', '-f', 'jsonl', ...connect()], {
      'list.txt': list,
    });
    expect(r.code).toBe(0);
    expect(jsonl(r.stdout).map((x) => [x.url, x.status, x.line, x.fetchStatus])).toEqual(expected);
    expect(requestsTo('ok.test') - before).toBe(1);
    expect(r.stderr).toContain('robots.txt of 4 origins:');
    expect(r.stderr).toContain('  http://s503.test  HTTP 503, 5xx: full disallow  2 URLs, 2 blocked');
    expect(r.stderr).toMatch(
      / {2}http:\/\/ok\.test {2}HTTP 200, 2xx: the file decides {2}sha256 38ee13a89fd0 {2}2 URLs, 1 blocked/,
    );
  });

  it('the same verdicts with a cache of one parsed file, read back from disk as origins return', async () => {
    const r = await cli_(
      ['check', '--fetch', '--cache-size', '1', '--urls', 'list.txt', '-a', 'googlebot', '-f', 'jsonl', ...connect()],
      {
        'list.txt': list,
      },
    );
    expect(jsonl(r.stdout).map((x) => [x.url, x.status, x.line, x.fetchStatus])).toEqual(expected);
  });

  it('keeps input order over a list longer than the lines it judges origin by origin at once', async () => {
    // 40,000 lines cycling through the hand-written list above: rows must come back in that cycle.
    const lines = list.split('\n');
    const n = 40_000;
    const long = Array.from({ length: n }, (_, i) => lines[i % lines.length]).join('\n');
    const r = await cli_(['check', '--fetch', '--urls', 'list.txt', '-a', 'googlebot', '-f', 'jsonl', ...connect()], {
      'list.txt': long,
    });
    const rows = jsonl(r.stdout).map((x) => [x.url, x.status, x.line, x.fetchStatus]);
    expect(rows).toHaveLength(n);
    for (let i = 0; i < n; i += 997) expect(rows[i]).toEqual(expected[i % expected.length]);
    expect(rows.slice(n - expected.length)).toEqual(
      Array.from({ length: expected.length }, (_, k) => expected[(n - expected.length + k) % expected.length]),
    );
  });

  it('--save, then --robots-dir judges offline with the same rows and no request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lab-saved-'));
    const files = { 'list.txt': list };
    const online = await cli_(
      ['check', '--fetch', '--save', dir, '--urls', 'list.txt', '-a', 'googlebot', '-f', 'jsonl', ...connect()],
      files,
    );
    const seen = server.seen.length;
    const offline = await cli_(
      ['check', '--robots-dir', dir, '--urls', 'list.txt', '-a', 'googlebot', '-f', 'jsonl'],
      files,
    );
    expect(server.seen.length).toBe(seen);
    expect(offline.stdout).toBe(online.stdout);
    const record = JSON.parse(readFileSync(join(dir, 'http_cross.test.json'), 'utf8'));
    expect([record.finalUrl, record.status]).toEqual(['http://target.test/robots.txt', 200]);
  });

  it('--robots-dir names an origin it has no record for in its rows, and refuses an edited body', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lab-saved-'));
    await cli_(['fetch', 'http://ok.test', '--save', dir, ...connect()]);
    const files = { 'list.txt': 'http://ok.test/private\nhttp://unknown.test/x\n' };
    const r = await cli_(['check', '--robots-dir', dir, '--urls', 'list.txt', '-a', 'googlebot', '-f', 'jsonl'], files);
    expect(jsonl(r.stdout).map((x) => [x.status, x.note])).toEqual([
      ['blocked', ''],
      ['out-of-scope', `no saved robots.txt record for http://unknown.test in ${dir}`],
    ]);
    writeFileSync(join(dir, 'http_ok.test.txt'), 'User-agent: *\nAllow: /\n');
    const edited = await cli_(['check', '--robots-dir', dir, '--urls', 'list.txt', '-a', 'googlebot'], files);
    expect(edited.code).toBe(2);
    expect(edited.stderr).toContain('its SHA-256 is not the one its record');
  });

  it('runs as a process too: the bundled CLI, csv', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lab-list-'));
    writeFileSync(join(dir, 'list.txt'), list);
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      cli,
      'check',
      '--fetch',
      '--urls',
      join(dir, 'list.txt'),
      '-a',
      'googlebot',
      '-f',
      'csv',
      ...connect(),
    ]);
    const rows = stdout.trim().split('\r\n').slice(1);
    expect(rows.map((l) => l.split(',')[3])).toEqual(expected.map((e) => e[1]));
    expect(stderr).toContain('robots.txt of 4 origins:');
  });
});

describe('fetch prints each origin as a block', () => {
  it('status, meaning, redirects and the body kept, with the cut marked', async () => {
    const r = await cli_(['fetch', 'http://r1.test', 'http://big.test', ...connect()]);
    expect(r.code).toBe(0);
    const [first, second] = r.stdout.split('\n\n');
    expect(first).toContain('\n  status        200\n');
    expect(first).toContain('\n  redirect      301 http://r1.test/robots.txt → http://r1.test/hop/1\n');
    expect(first.endsWith('  body\n  | User-agent: *\n  | Disallow: /private')).toBe(true);
    expect(second).toContain('\n  bytes         614400 (the first 512000 kept)\n');
    expect(second.trimEnd().split('\n').at(-1)).toBe(
      '  [cut here: Google reads only the first 512,000 of 614,400 bytes]',
    );
  });

  it('refuses an argument that names no robots.txt', async () => {
    const r = await cli_(['fetch', 'https://example.com/folder/robots.txt']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('a robots.txt is read only from /robots.txt at the root');
  });
});

describe('fetch --cache revalidates', () => {
  it('sends If-None-Match and keeps the cached body on a 304', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lab-cache-'));
    const first = jsonl(
      (await cli_(['fetch', 'http://etag.test', '--cache', dir, '-f', 'jsonl', ...connect()])).stdout,
    )[0];
    expect([first.status, first.revalidated, first.etag]).toEqual([200, false, ETAG]);
    const second = jsonl(
      (await cli_(['fetch', 'http://etag.test', '--cache', dir, '-f', 'jsonl', ...connect()])).stdout,
    )[0];
    expect(server.seen.at(-1)?.ifNoneMatch).toBe(ETAG);
    expect([second.status, second.revalidated, second.sha256, second.body]).toEqual([
      200,
      true,
      first.sha256,
      first.body,
    ]);
  });

  it('keeps the cached file when the origin stops answering', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lab-cache-'));
    await cli_(['fetch', 'http://ok.test', '--cache', dir, ...connect()]);
    const record = join(dir, 'http_ok.test.json');
    const cached = readFileSync(record, 'utf8');
    // ok.test's requests now go to a closed port: no answer.
    const down = await cli_([
      'fetch',
      'http://ok.test',
      '--cache',
      dir,
      '--connect-to',
      'ok.test:80:127.0.0.1:1',
      '-f',
      'jsonl',
    ]);
    expect(jsonl(down.stdout)[0].kind).toBe('unreachable');
    expect(readFileSync(record, 'utf8')).toBe(cached);
  });
});

describe('the per-origin limit', () => {
  it('runs at most N tasks per origin and M in all', async () => {
    const limiter = new OriginLimiter(3, 1);
    const running = new Map<string, number>();
    let all = 0;
    let peakAll = 0;
    let peakOne = 0;
    const task = (origin: string) =>
      limiter.run(origin, async () => {
        running.set(origin, (running.get(origin) ?? 0) + 1);
        all++;
        peakAll = Math.max(peakAll, all);
        peakOne = Math.max(peakOne, running.get(origin)!);
        await new Promise((r) => setTimeout(r, 5));
        running.set(origin, running.get(origin)! - 1);
        all--;
      });
    await Promise.all(['a', 'a', 'a', 'b', 'b', 'c', 'd', 'd'].map(task));
    expect([peakOne, peakAll]).toEqual([1, 3]);
  });
});
