/**
 * `npm run bench` (part four): the DuckDB functions over a 10,000,000-row
 * table, as a crawl study runs them: 10,000 sites, each with its robots.txt
 * (from bench/corpus.ts) and 1,000 URL × crawler rows, the rows of one site
 * together. Verdicts per second of `robots_allowed` and of `robots_check`
 * (the struct with the deciding line), wall time (DuckDB calls the
 * functions on the JavaScript thread). Also runnable alone:
 * `npx tsx bench/duckdb.ts` (`DUCKDB_BENCH_ROWS` sets the row count).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { registerRobotsFunctions } from '../src/duckdb/index';
import { generateCorpus } from './corpus';

const ROWS = Number(process.env.DUCKDB_BENCH_ROWS ?? 10_000_000);
/** Rows per site: its robots.txt, then that many URL × crawler cases. */
const ROWS_PER_SITE = 1_000;

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The rows of this part of the benchmark, as lines of text. */
export async function benchDuckDb(): Promise<string[]> {
  const instance = await DuckDBInstance.create(':memory:', {
    temp_directory: join(tmpdir(), 'robots-lab-duckdb-bench'),
  });
  const connection = await instance.connect();
  registerRobotsFunctions(connection);
  const sites = Math.ceil(ROWS / ROWS_PER_SITE);
  const files = generateCorpus(Math.min(sites, 3_000));
  await connection.run('create table sites (site integer, body varchar, urls varchar[], agents varchar[])');
  const appender = await connection.createAppender('sites');
  for (let s = 0; s < sites; s++) {
    const f = files[s % files.length];
    appender.appendInteger(s);
    appender.appendVarchar(f.robotsTxt);
    appender.appendVarchar(JSON.stringify(f.urls));
    appender.appendVarchar(JSON.stringify(f.agents));
    appender.endRow();
  }
  appender.closeSync();
  // One row per case, as a crawl log holds them: the site, the URL and the crawler; the body comes by a join.
  await connection.run(`
    create table cases as
    select s.site,
           (s.urls::json->>((i % 20)::integer)) as url,
           (s.agents::json->>((i // 20 % 5)::integer)) as agent
    from sites s, range(${ROWS_PER_SITE}) t(i)
    order by s.site
    limit ${ROWS}`);
  const out = [
    '',
    `DuckDB ${(await connection.runAndReadAll('select version()')).getRows()[0][0]}: ${fmt(ROWS)} rows, ${fmt(sites)} sites`,
  ];
  for (const [name, sql] of [
    [
      'robots_allowed',
      'select count(*) filter (where robots_allowed(body, url, agent)) from cases join sites using (site)',
    ],
    [
      'robots_check',
      'select count(*) filter (where robots_check(body, url, agent).allowed) from cases join sites using (site)',
    ],
  ]) {
    const t0 = performance.now();
    const allowed = (await connection.runAndReadAll(sql)).getRows()[0][0];
    const seconds = (performance.now() - t0) / 1000;
    out.push(
      `  ${name.padEnd(16)} ${fmt(ROWS / seconds).padStart(10)} verdicts/s (${fmt(seconds, 1)} s; ${allowed} allowed)`,
    );
  }
  connection.closeSync();
  instance.closeSync();
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const line of await benchDuckDb()) console.log(line);
}
