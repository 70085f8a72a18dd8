/**
 * `robots-lab logs` on a generated history and logs (test/logs/scenario.ts):
 * every count of the report is written here by hand from how the scenario
 * was made, then checked in-process and through the bundled CLI as a
 * process.
 */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CliIo, nodeIo } from '../../src/cli/io';
import { run } from '../../src/cli/main';
import { bundleCli } from '../cli/bundle';
import { type Site, writeSite } from './scenario';

let site: Site;
let cli: string;

beforeAll(async () => {
  site = writeSite();
  cli = await bundleCli();
}, 60_000);

/** The scenario's arguments: both logs, the history, both range files (one named by file, one by CRAWLER=). */
function args(...more: string[]): string[] {
  return [
    'logs',
    ...site.logs,
    '--robots',
    site.history,
    '--verify-ips',
    site.googleRanges,
    '--verify-ips',
    `gptbot=${site.openaiRanges}`,
    ...more,
  ];
}

async function inProcess(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    ...nodeIo(),
    stdout: {
      write: (t: string | Uint8Array) => {
        stdout += typeof t === 'string' ? t : Buffer.from(t).toString();
        return true;
      },
    },
    stderr: { write: (t: string) => (stderr += t) },
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

function asProcess(argv: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...argv], { encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** The report every way of running must give, written by hand from scenario.ts. */
function expectReport(stdout: string): void {
  const rows = JSON.parse(stdout) as Record<string, unknown>[];
  expect(rows.map((r) => r.crawler)).toEqual(['GPTBot', 'FooBot', 'Googlebot', 'ChatGPT-User']);
  const [gptbot, foobot, googlebot, chatgptUser] = rows;
  expect(gptbot).toMatchObject({
    key: 'gptbot',
    operator: 'OpenAI',
    robots: 'judged',
    requests: 8,
    paths: 8,
    obeyed: 3,
    obeyedInGrace: 1,
    violations: 4,
    userTriggered: 0,
    impersonations: 1,
    beforeHistory: 1,
    firstSeen: '2026-08-30T00:00:00Z',
    lastSeen: '2026-09-25T00:00:00Z',
  });
  expect(gptbot.violationsBy).toEqual([
    { version: 'fetch-2.json', versionFrom: '2026-09-22T00:00:00Z', line: 5, rule: 'Disallow: /', count: 2 },
    { version: '2026-09-10T00-00Z.txt', versionFrom: '2026-09-10T00:00:00Z', line: 6, rule: 'Disallow: /', count: 1 },
    {
      version: 'fetch-1.json',
      versionFrom: '2026-09-20T00:00:00Z',
      line: null,
      rule: 'HTTP 503: everything disallowed',
      count: 1,
    },
  ]);
  expect(foobot).toMatchObject({
    key: 'token:foobot',
    operator: null,
    category: 'unknown',
    requests: 2,
    obeyed: 0,
    violations: 2,
    impersonations: 0,
  });
  expect(googlebot).toMatchObject({
    requests: 6,
    paths: 6,
    obeyed: 6,
    obeyedInGrace: 2,
    violations: 0,
    impersonations: 2,
    beforeHistory: 0,
    firstSeen: '2026-09-05T12:00:00Z',
    lastSeen: '2026-09-23T00:00:00Z',
  });
  expect(chatgptUser).toMatchObject({
    purpose: 'Pages fetched for a ChatGPT user request',
    category: 'user-fetch',
    operatorSaysObeys: 'partly',
    robots: 'user-triggered',
    requests: 3,
    obeyed: 0,
    violations: 0,
    userTriggered: 3,
    userTriggeredDisallowed: 2,
    impersonations: 0,
  });
}

/** The totals line and the unreadable lines, named with file and line. */
function expectSummary(stderr: string): void {
  expect(stderr).toContain('access.log:4: cannot read this line as combined log format');
  expect(stderr).toContain('access.log:9: cannot read this line as combined log format: unreadable time');
  expect(stderr).toContain(
    '27 log lines, 25 requests read: 22 by crawlers, 3 by browsers; 6 violations, 3 user-triggered fetches, 3 impersonations',
  );
  expect(stderr).toContain('2 lines could not be read');
  expect(stderr).toContain('1 crawler requests came before the first known version');
  expect(stderr).toContain('What a log cannot show');
}

describe('logs on a generated history with two changes and a 503 period', () => {
  it('reports every crawler with the counts the scenario was built to give (in-process)', async () => {
    const r = await inProcess(args('-f', 'json'));
    expect(r.code).toBe(0);
    expectReport(r.stdout);
    expectSummary(r.stderr);
  });

  it('gives the same report through the bundled CLI as a process', () => {
    const r = asProcess(args('-f', 'json'));
    expect(r.stderr).not.toContain('internal error');
    expect(r.code).toBe(0);
    expectReport(r.stdout);
    expectSummary(r.stderr);
  });

  it('lists each violating request with its time, crawler, url, deciding line and version', () => {
    const r = asProcess(args('--violations', '-f', 'jsonl'));
    const got = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .map((v) => [v.time, v.crawler, v.url, v.line, v.version, v.versionDate, v.log]);
    expect(got).toEqual([
      [
        '2026-09-01T12:00:00Z',
        'FooBot',
        '/private/a',
        2,
        '2026-09-01T00:00Z.txt',
        '2026-09-01T00:00:00Z',
        `${site.logs[0]}:2`,
      ],
      [
        '2026-09-11T12:00:00Z',
        'GPTBot',
        '/blog/y',
        6,
        '2026-09-10T00-00Z.txt',
        '2026-09-10T00:00:00Z',
        `${site.logs[0]}:11`,
      ],
      [
        '2026-09-13T00:00:00Z',
        'FooBot',
        '/shop/q',
        3,
        '2026-09-10T00-00Z.txt',
        '2026-09-10T00:00:00Z',
        `${site.logs[0]}:14`,
      ],
      ['2026-09-21T01:00:00Z', 'GPTBot', '/blog/z', null, 'fetch-1.json', '2026-09-20T00:00:00Z', `${site.logs[1]}:4`],
      ['2026-09-22T12:00:00Z', 'GPTBot', '/about', 5, 'fetch-2.json', '2026-09-22T00:00:00Z', `${site.logs[1]}:7`],
      ['2026-09-25T00:00:00Z', 'GPTBot', '/private/x', 5, 'fetch-2.json', '2026-09-22T00:00:00Z', `${site.logs[1]}:11`],
    ]);
  });

  it('prints a table with the deciding lines and the line on what a log cannot show', async () => {
    const r = await inProcess(args());
    const rows = r.stdout.split('\n').map((l) => l.split(/\s{2,}/));
    expect(rows[0]).toEqual([
      'CRAWLER',
      'OPERATOR',
      'REQUESTS',
      'PATHS',
      'OBEYED',
      'VIOLATIONS',
      'USER-TRIGGERED',
      'IMPERSONATIONS',
      'FIRST SEEN',
      'LAST SEEN',
    ]);
    expect(rows[1]).toEqual([
      'GPTBot',
      'OpenAI',
      '8',
      '8',
      '3',
      '4',
      '-',
      '1',
      '2026-08-30T00:00:00Z',
      '2026-09-25T00:00:00Z',
    ]);
    expect(rows[4]).toEqual([
      'ChatGPT-User',
      'OpenAI',
      '3',
      '3',
      '-',
      '-',
      '3 (2 disallowed)',
      '0',
      '2026-09-11T03:00:00Z',
      '2026-09-24T00:00:00Z',
    ]);
    expect(r.stdout).toContain(
      '  GPTBot: 1 by the fetch status (HTTP 503: everything disallowed) of fetch-1.json, live from 2026-09-20T00:00:00Z',
    );
    expect(r.stdout).toContain(
      "What a log cannot show: a crawler that never sent a request here is not in it, and one that fetched with a browser's user agent is counted as a browser",
    );
  });

  it('exits 1 with --fail-on violation, and 0 without', async () => {
    expect((await inProcess(args('--fail-on', 'violation', '-f', 'csv'))).code).toBe(1);
    expect((await inProcess(args('-f', 'csv'))).code).toBe(0);
  });

  it('without the range files takes every user agent at its word: impersonators count as the crawler', async () => {
    const r = await inProcess(['logs', ...site.logs, '--robots', site.history, '-f', 'json']);
    const rows = JSON.parse(r.stdout) as {
      crawler: string;
      requests: number;
      violations: number;
      impersonations: number;
    }[];
    const googlebot = rows.find((x) => x.crawler === 'Googlebot')!;
    // The two fake Googlebot requests (/private/secret on 12 Sep, /private/more on 23 Sep) are now Googlebot's violations.
    expect([googlebot.requests, googlebot.violations, googlebot.impersonations]).toEqual([8, 2, 0]);
    const gptbot = rows.find((x) => x.crawler === 'GPTBot')!;
    // The fake GPTBot request (/x on 15 Sep, V2 disallows all for GPTBot) is a violation too.
    expect([gptbot.requests, gptbot.violations, gptbot.impersonations]).toEqual([9, 5, 0]);
  });

  it('with no grace window, the requests obeyed in grace become violations', async () => {
    const r = await inProcess(args('--grace', '0', '-f', 'json'));
    const rows = JSON.parse(r.stdout) as { crawler: string; obeyed: number; violations: number }[];
    // Googlebot: /shop/b (V2 line 3) and /index.html (503); GPTBot: /blog/x (V2 line 6).
    expect(rows.find((x) => x.crawler === 'Googlebot')).toMatchObject({ obeyed: 4, violations: 2 });
    expect(rows.find((x) => x.crawler === 'GPTBot')).toMatchObject({ obeyed: 2, violations: 5 });
  });
});
