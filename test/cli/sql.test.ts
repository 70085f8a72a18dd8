/**
 * `robots-lab sql`: a query over CSV, Parquet and JSON Lines files with the
 * engine's functions, run in-process on real files and a real DuckDB. The
 * expected verdicts are written by hand from the robots.txt below.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './harness';

const dir = mkdtempSync(join(tmpdir(), 'robots-lab-sql-'));
const robots = 'User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nDisallow: /\n';
const files = {
  robots: join(dir, 'robots.jsonl'),
  log: join(dir, 'log.csv'),
  urls: join(dir, 'urls.parquet'),
};

beforeAll(async () => {
  writeFileSync(files.robots, `${JSON.stringify({ host: 'example.com', body: robots })}\n`);
  writeFileSync(
    files.log,
    'host,path,agent\nexample.com,/private/a,Googlebot\nexample.com,/blog,Googlebot\nexample.com,/blog,GPTBot\n',
  );
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  await connection.run(`copy (select '/private/x' as path union all select '/ok') to '${files.urls}' (format parquet)`);
  connection.closeSync();
});

describe('robots-lab sql', () => {
  it('joins a CSV log with a JSON Lines robots table and gives each row its verdict and line, as CSV', async () => {
    const r = await runCli([
      'sql',
      'select l.path, l.agent, robots_check(r.body, l.path, l.agent).allowed as allowed, robots_check(r.body, l.path, l.agent).line as line from log l join robots r using (host) order by all',
      '--table',
      `log=${files.log}`,
      '-t',
      `robots=${files.robots}`,
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'path,agent,allowed,line\r\n/blog,GPTBot,false,5\r\n/blog,Googlebot,true,\r\n/private/a,Googlebot,false,2\r\n',
    );
  });

  it('reads Parquet, and writes JSON Lines with structs as objects', async () => {
    const r = await runCli([
      'sql',
      `select path, robots_check('${robots.replace(/\n/g, "' || chr(10) || '")}', path, 'bingbot') as v from urls order by path`,
      '--table',
      `urls=${files.urls}`,
      '--format',
      'jsonl',
    ]);
    expect(r.stderr).toBe('');
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([
      { path: '/ok', v: { allowed: true, line: null, rule: null, group_line: 1, error: null } },
      { path: '/private/x', v: { allowed: false, line: 2, rule: 'Disallow: /private', group_line: 1, error: null } },
    ]);
  });

  it('stamps rows with the engine version and the SHA-256 of the robots.txt', async () => {
    const r = await runCli([
      'sql',
      'select robots_lab_version() as version, robots_sha256(body) as sha256 from robots',
      '-t',
      `robots=${files.robots}`,
    ]);
    const sha = (await import('node:crypto')).createHash('sha256').update(robots).digest('hex');
    expect(r.stdout).toBe(`version,sha256\r\nsource,${sha}\r\n`);
  });

  it.each([
    [['sql'], 'sql takes one query'],
    [['sql', 'select 1', '--table', 'bad name=x.csv'], '--table takes NAME=FILE'],
    [['sql', 'select 1', '--table', `t=${join(dir, 'x.xlsx')}`], 'cannot tell the format'],
    [['sql', 'select 1', '-f', 'table'], '--format takes csv, jsonl'],
    [['sql', 'selec nonsense'], 'syntax error'],
    [['sql', 'select 1', '--table', `t=${join(dir, 'missing.csv')}`], '--table t='],
  ])('%j is a usage error naming the problem', async (argv, message) => {
    const r = await runCli(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
  });
});
