/**
 * The logs worker's API served through rpc.ts, on the generated scenario
 * (test/logs/scenario.ts): with the operators' IP ranges opened, requests
 * naming Googlebot or GPTBot from elsewhere are impersonations, counted as
 * the CLI counts them (test/logs/generated.test.ts); progress streams.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogsProgress } from '../../src/model/logs';
import { LogsApi } from '../../src/worker/logsApi';
import { Connection, type Port, serve } from '../../src/worker/rpc';
import { type Site, writeSite } from '../logs/scenario';

let site: Site;
beforeAll(() => {
  site = writeSite();
});
afterAll(() => rmSync(site.dir, { recursive: true, force: true }));

const fileOf = (path: string) => new File([readFileSync(path)], basename(path));

/** The page's end and the worker's, joined in this process. */
function connect(): Connection<LogsApi> {
  const page: Port = {
    onmessage: null,
    postMessage: (m) => queueMicrotask(() => worker.onmessage?.({ data: m } as MessageEvent)),
  };
  const worker: Port = {
    onmessage: null,
    postMessage: (m) => queueMicrotask(() => page.onmessage?.({ data: m } as MessageEvent)),
  };
  serve(new LogsApi(), worker);
  return new Connection<LogsApi>(page, () => 0);
}

function job(ranges: { path: string; crawler: string }[]) {
  return {
    logs: site.logs.map(fileOf),
    texts: [],
    files: readdirSync(site.history).map((n) => fileOf(join(site.history, n))),
    ranges: ranges.map((r) => ({ file: fileOf(r.path), crawler: r.crawler })),
  };
}

describe('the logs worker, called through the typed RPC', () => {
  it('counts requests naming a crawler from outside its opened ranges as impersonations, not as the crawler', async () => {
    const progress: LogsProgress[] = [];
    const result = await connect().stream(
      'run',
      job([
        { path: site.googleRanges, crawler: 'googlebot' },
        { path: site.openaiRanges, crawler: 'gptbot' },
      ]),
      (p) => progress.push(p),
      new AbortController().signal,
    );
    expect(result.verified).toBe(true);
    const rows = result.rows.map((r) => [r.crawler, r.requests, r.violations, r.impersonations]);
    expect(rows).toEqual([
      ['GPTBot', 8, 4, 1],
      ['FooBot', 2, 2, 0],
      ['Googlebot', 6, 0, 2],
      ['ChatGPT-User', 3, 0, 0],
    ]);
    expect(result.summary[0]).toContain(
      '25 requests read: 22 by crawlers, 3 by browsers; 6 violations, 3 user-triggered fetches, 3 impersonations',
    );
    expect(progress.at(-1)).toMatchObject({ lines: 27, violations: 6 });
  });

  it('without ranges takes every user agent at its word', async () => {
    const result = await connect().stream('run', job([]), () => {}, new AbortController().signal);
    expect(result.verified).toBe(false);
    expect(result.rows.find((r) => r.crawler === 'Googlebot')).toMatchObject({ requests: 8, impersonations: 0 });
  });

  it('reads a version file as its bytes: a rule with a byte that is not UTF-8 matches that byte, as Google does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lab-logs-bytes-'));
    try {
      // Disallow: /caf<E9> (Latin-1, not UTF-8): Google's matcher escapes the byte to %E9.
      const robots = Buffer.concat([
        Buffer.from('User-agent: GPTBot\nDisallow: /caf'),
        Buffer.of(0xe9),
        Buffer.from('\n'),
      ]);
      writeFileSync(join(dir, '2026-09-01T00:00Z.txt'), robots);
      const request = (path: string) =>
        `1.2.3.4 - - [02/Sep/2026:10:00:00 +0000] "GET ${path} HTTP/1.1" 200 1 "-" "Mozilla/5.0 (compatible; GPTBot/1.2)"`;
      writeFileSync(join(dir, 'access.log'), `${request('/caf%E9')}\n${request('/caf%C3%A9')}\n`);
      const result = await connect().stream(
        'run',
        {
          logs: [fileOf(join(dir, 'access.log'))],
          texts: [],
          files: [fileOf(join(dir, '2026-09-01T00:00Z.txt'))],
          ranges: [],
        },
        () => {},
        new AbortController().signal,
      );
      // Written by hand: /caf%E9 is the blocked path; /caf%C3%A9 (é in UTF-8) is another.
      expect(result.rows.find((r) => r.crawler === 'GPTBot')).toMatchObject({ requests: 2, violations: 1 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the file whose crawler is no crawler or operator of the catalogue', async () => {
    const call = connect().stream(
      'run',
      job([{ path: site.openaiRanges, crawler: 'openai-gptbot' }]),
      () => {},
      new AbortController().signal,
    );
    await expect(call).rejects.toThrow(
      'openai-gptbot.json: "openai-gptbot" is no crawler or operator of the catalogue',
    );
  });
});
