/**
 * docs/behaviour.md §2 "Fetching the file": every row of the outcome table
 * written there by hand is fetched from a local server (test/fetch/server.ts)
 * through the library and through the bundled CLI as a process, and its
 * status, redirects, bytes kept, kind and verdicts must be the table's.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RobotsFetcher } from '../../src/net/fetcher';
import { bundleCli } from '../cli/bundle';
import { BIG, type RobotsServer, RULES, startRobotsServer, TARGET_RULES } from './server';

const run = promisify(execFile);
/** The deadline of every fetch here: the silent site's answer, long enough that a busy machine answers the others. */
const DEADLINE_MS = 1500;

interface Row {
  site: string;
  status: number;
  hops: number;
  kept: number;
  kind: string;
  mode: string;
}

const MODES: Record<string, string> = {
  'the file decides': 'rules',
  'everything allowed': 'allow-all',
  'everything disallowed': 'disallow-all',
};

/** The table between the fetch-outcomes markers of docs/behaviour.md. */
function outcomeTable(): Row[] {
  const doc = readFileSync(fileURLToPath(new URL('../../docs/behaviour.md', import.meta.url)), 'utf8');
  const block = doc.slice(doc.indexOf('<!-- fetch-outcomes:start -->'), doc.indexOf('<!-- fetch-outcomes:end -->'));
  const rows = block
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .map((l) => l.split('|').map((c) => c.trim()));
  return rows.map((c) => ({
    site: c[1].replace(/`/g, ''),
    status: c[3] === 'none' ? 0 : Number(c[3]),
    hops: Number(c[4]),
    kept: Number(c[5]),
    kind: c[6],
    mode: MODES[c[7]],
  }));
}

const table = outcomeTable();
let server: RobotsServer;
let cli: string;

beforeAll(async () => {
  server = await startRobotsServer();
  cli = await bundleCli();
});
afterAll(() => server.close());

const settings = () => ({
  userAgent: 'robots-lab-test/1',
  timeoutMs: DEADLINE_MS,
  concurrency: 8,
  perOrigin: 1,
  connectTo: [{ from: '', host: '127.0.0.1', port: server.port }],
  cacheDir: null,
  saveDir: null,
});

describe('docs/behaviour.md §2: the fetch outcomes table', () => {
  it('lists every scenario the issue names', () => {
    expect(table.map((r) => r.site)).toEqual(
      expect.arrayContaining(['r1', 'r5', 'r6', 'loop', 'cross', 's401', 's403', 's404', 's429', 's500', 's503']),
    );
    expect(table.map((r) => r.site)).toEqual(expect.arrayContaining(['slow', 'big', 'html', 'empty', 'gzip']));
    for (const row of table) expect(row.mode, row.site).toBeDefined();
  });

  for (const row of table) {
    it(`${row.site}: the library reads it as ${row.kind}, ${row.mode}`, async () => {
      const origin = `http://${row.site}.test`;
      const { record, body } = await new RobotsFetcher(settings()).fetch(origin, `${origin}/robots.txt`);
      expect({
        status: record.status,
        hops: record.redirects.length,
        kept: record.kept,
        kind: record.kind,
        mode: record.mode,
      }).toEqual({ status: row.status, hops: row.hops, kept: row.kept, kind: row.kind, mode: row.mode });
      expect(body.length).toBe(row.kept);
      expect(record.origin).toBe(origin);
    });
  }

  it('every row holds through the CLI as a process (robots-lab fetch --format jsonl)', async () => {
    const args = [cli, 'fetch', ...table.map((r) => `http://${r.site}.test`), '--format', 'jsonl'];
    args.push('--connect-to', `::127.0.0.1:${server.port}`, '--timeout', String(DEADLINE_MS));
    const { stdout } = await run(process.execPath, args);
    const records = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(records.map((r) => r.origin)).toEqual(table.map((r) => `http://${r.site}.test`));
    for (const [i, row] of table.entries()) {
      const r = records[i];
      expect([r.status, r.redirects.length, r.kept, r.kind, r.mode], row.site).toEqual([
        row.status,
        row.hops,
        row.kept,
        row.kind,
        row.mode,
      ]);
    }
  });
});

describe('what a fetch record says beyond the outcome', () => {
  const fetchSite = (site: string) =>
    new RobotsFetcher(settings()).fetch(`http://${site}.test`, `http://${site}.test/robots.txt`);

  it('a file past 500 KiB keeps the first 512,000 bytes and counts them all', async () => {
    const { record, body } = await fetchSite('big');
    expect(record.bytes).toBe(600 * 1024);
    expect(record.truncated).toBe(true);
    expect(new TextDecoder().decode(body)).toBe(BIG.slice(0, 512_000));
  });

  it('a gzip body is decoded before it is read', async () => {
    const { record, body } = await fetchSite('gzip');
    expect(record.contentEncoding).toBe('gzip');
    expect(new TextDecoder().decode(body)).toBe(RULES);
  });

  it('a redirect to another origin uses the file there for the origin asked for', async () => {
    const { record, body } = await fetchSite('cross');
    expect(record.origin).toBe('http://cross.test');
    expect(record.finalUrl).toBe('http://target.test/robots.txt');
    expect(record.redirects).toEqual([
      { from: 'http://cross.test/robots.txt', status: 301, to: 'http://target.test/robots.txt' },
    ]);
    expect(new TextDecoder().decode(body)).toBe(TARGET_RULES);
  });

  it('localhost and 127.0.0.1 are two origins: a redirect between them is followed with no --connect-to', async () => {
    const origin = `http://localhost:${server.port}`;
    const { record } = await new RobotsFetcher({ ...settings(), connectTo: [] }).fetch(origin, `${origin}/robots.txt`);
    expect(record.redirects[0].to).toBe(`http://127.0.0.1:${server.port}/robots.txt`);
    expect([record.status, record.kind]).toEqual([200, 'file']);
  });

  it('the SHA-256 is that of the bytes kept (sha256sum of the file)', async () => {
    const { record } = await fetchSite('ok');
    // sha256 of "User-agent: *\nDisallow: /private\n", computed with sha256sum.
    expect(record.sha256).toBe('38ee13a89fd0de18fe5f1f192cb4179a600acc093eefb277f5a7f77660033e8f');
  });

  it('a refused connection is no answer, with its cause', async () => {
    // Port 1 on 127.0.0.1: nothing listens there.
    const { record } = await new RobotsFetcher({ ...settings(), connectTo: [] }).fetch(
      'http://127.0.0.1:1',
      'http://127.0.0.1:1/robots.txt',
    );
    expect([record.status, record.kind, record.mode]).toEqual([0, 'unreachable', 'disallow-all']);
    expect(record.error).toMatch(/ECONNREFUSED/);
    expect(record.reason).toMatch(/read as a server error/);
  });

  it('sends the User-Agent it is given, and by default one naming the tool and its version', async () => {
    await fetchSite('ok');
    expect(server.seen.at(-1)?.userAgent).toBe('robots-lab-test/1');
    const version = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'))
      .version as string;
    await run(process.execPath, [cli, 'fetch', 'http://ok.test', '--connect-to', `::127.0.0.1:${server.port}`]);
    expect(server.seen.at(-1)?.userAgent).toMatch(new RegExp(`^robots-lab/${version.replace(/\./g, '\\.')} `));
  });
});
