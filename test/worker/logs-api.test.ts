/**
 * The logs worker's API served through rpc.ts, on the generated scenario
 * (test/logs/scenario.ts): with the operators' IP ranges opened, requests
 * naming Googlebot or GPTBot from elsewhere are impersonations, counted as
 * the CLI counts them (test/logs/generated.test.ts); progress streams.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
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
