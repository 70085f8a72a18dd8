/**
 * The DuckDB functions, through real SQL on an in-memory database, give the
 * verdicts and deciding lines of every conformance vector (test/conformance,
 * produced by Google's reference parser), and agree with the engine run
 * beside them.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, parseRobotsTxt } from '../../src/core';
import { differential, googleVectors, seedExamples, specTest } from '../conformance/load';
import { connect, loadTable, rowsOf } from './db';

let db: DuckDBConnection;

interface Verdict {
  i: number;
  allowed: boolean | null;
  line: number | null;
  error: string | null;
}

beforeAll(async () => {
  db = await connect();
  const text = [
    ...differential().flatMap((f) => f.cases.map((c) => ({ body: f.robotstxt, ...c }))),
    ...googleVectors().map((v) => ({ body: v.robotstxt, useragent: v.useragent, url: v.url, allowed: v.allowed })),
    ...seedExamples().map((v) => ({ body: v.robotstxt, useragent: v.useragent, url: v.url, allowed: v.allowed })),
  ];
  await loadTable(
    db,
    'text_cases',
    text.map((c, i) => ({ i, body: c.body, url: c.url, agent: c.useragent })),
  );
  await loadTable(
    db,
    'byte_cases',
    specTest().map((c, i) => ({ i, b64: c.robotstxt_b64, url: c.url, agent: c.useragent })),
  );
}, 60_000);

const verdicts = (table: string, body: string, options = '') =>
  rowsOf<Verdict>(
    db,
    `select i, v.allowed, v.line, v.error from (select i, robots_check(${body}, url, agent${options}) as v from ${table}) order by i`,
  );

describe('robots_check in DuckDB', () => {
  it('agrees with every differential vector, every reference unit test and every worked example', async () => {
    const rows = await verdicts('text_cases', 'body');
    const cases = [
      ...differential().flatMap((f) => f.cases.map((c) => ({ body: f.robotstxt, ...c }))),
      ...googleVectors().map((v) => ({ body: v.robotstxt, useragent: v.useragent, url: v.url, allowed: v.allowed })),
      ...seedExamples().map((v) => ({ body: v.robotstxt, useragent: v.useragent, url: v.url, allowed: v.allowed })),
    ];
    expect(rows).toHaveLength(cases.length);
    cases.forEach((c, i) => {
      const engine = evaluate(parseRobotsTxt(c.body), c.url, c.useragent);
      const ctx = `${c.useragent} ${c.url} in\n${c.body}`;
      expect(rows[i].error, ctx).toBeNull();
      expect(rows[i].allowed, ctx).toBe(c.allowed);
      if ('line' in c) expect(rows[i].line ?? 0, ctx).toBe(c.line);
      expect(rows[i].allowed, ctx).toBe(engine.allowed);
      expect(rows[i].line ?? 0, ctx).toBe(engine.rule?.line ?? 0);
    });
  });

  it('agrees with the 400 spec-test expectations, the robots.txt passed as a BLOB of its bytes', async () => {
    // The suite judges /robots.txt like any path, as the library does when told to.
    const rows = await verdicts('byte_cases', 'from_base64(b64)', `, '{"robotsTxtAlwaysAllowed": false}'`);
    const cases = specTest();
    expect(rows).toHaveLength(400);
    cases.forEach((c, i) => {
      const bytes = new Uint8Array(Buffer.from(c.robotstxt_b64, 'base64'));
      const engine = evaluate(parseRobotsTxt(bytes), c.url, c.useragent, { robotsTxtAlwaysAllowed: false });
      const ctx = `${c.file} ${c.useragent} ${c.url}`;
      expect(rows[i].error, ctx).toBeNull();
      expect(rows[i].allowed, ctx).toBe(c.expected === 'ALLOWED');
      expect(rows[i].allowed, ctx).toBe(engine.allowed);
      expect(rows[i].line ?? 0, ctx).toBe(engine.rule?.line ?? 0);
    });
  });

  it('robots_allowed gives the same verdicts as robots_check', async () => {
    const [row] = await rowsOf<{ differ: number; n: number }>(
      db,
      `select count(*) filter (where robots_allowed(body, url, agent) is distinct from robots_check(body, url, agent).allowed) as differ, count(*) as n from text_cases`,
    );
    expect(Number(row.differ)).toBe(0);
    expect(Number(row.n)).toBeGreaterThan(3_000);
  });
});
