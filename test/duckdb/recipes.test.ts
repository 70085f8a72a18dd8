/**
 * Every DuckDB recipe of docs/sql.md runs, as written, on tables made for
 * it; the expected rows are worked out by hand from the robots.txt files
 * below (line numbers in their comments).
 */
import { createHash } from 'node:crypto';
import type { DuckDBConnection } from '@duckdb/node-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, loadTable, rowsOf } from './db';
import { sqlBlocks } from './docs';

const EXAMPLE = [
  'User-agent: *', // 1
  'Disallow: /private', // 2
  '', // 3
  'User-agent: Googlebot', // 4
  'Disallow: /nogoogle', // 5
  'Allow: /private/ok', // 6
  '',
].join('\n');
const SHOP = 'User-agent: *\nDisallow: /cart\n'; // Disallow on line 2
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let db: DuckDBConnection;
const recipes = sqlBlocks();
const recipe = (name: string) => {
  const sql = recipes.get(`recipe: ${name}`);
  if (sql === undefined) throw new Error(`docs/sql.md has no recipe "${name}"`);
  return sql;
};

beforeAll(async () => {
  db = await connect();
  await loadTable(db, 'robots', [
    { host: 'example.com', body: EXAMPLE },
    { host: 'shop.example', body: SHOP },
  ]);
  await loadTable(db, 'sitemap_urls', [
    { host: 'example.com', url: 'https://example.com/' },
    { host: 'example.com', url: 'https://example.com/nogoogle/a' },
    // Googlebot obeys its own group, which has no /private rule.
    { host: 'example.com', url: 'https://example.com/private/x' },
    { host: 'shop.example', url: 'https://shop.example/cart/1' },
    { host: 'shop.example', url: 'https://shop.example/item' },
  ]);
  const log = (ts: string, host: string, path: string, user_agent: string) => ({ ts, host, path, user_agent });
  await loadTable(db, 'access_log', [
    // Last week, seen from Friday 2026-11-27: Monday 16 to Sunday 22 November.
    log('2026-11-17 10:00:00', 'example.com', '/private/a', GPTBOT),
    log('2026-11-18 11:00:00', 'example.com', '/nogoogle/x', GOOGLEBOT),
    log('2026-11-18 12:00:00', 'example.com', '/private/b', GPTBOT),
    log('2026-11-19 09:00:00', 'shop.example', '/item', GOOGLEBOT),
    log('2026-11-20 09:00:00', 'example.com', '/private/c', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0'),
    log('2026-11-24 09:00:00', 'example.com', '/private/d', GPTBOT), // this week
    // Around a change of robots.txt on 10 November at noon (robots_versions).
    log('2026-11-10 08:00:00', 'example.com', '/old/a', GPTBOT),
    log('2026-11-10 20:00:00', 'example.com', '/old/b', GPTBOT),
    log('2026-11-10 20:00:00', 'example.com', '/new/a', GPTBOT),
    log('2026-11-12 09:00:00', 'example.com', '/new/b', GPTBOT),
  ]);
  await db.run('alter table access_log alter ts type timestamp');
  await loadTable(db, 'robots_versions', [
    {
      host: 'example.com',
      valid_from: '2026-11-01 00:00:00',
      valid_to: '2026-11-10 12:00:00',
      body: 'User-agent: *\nDisallow: /old\n',
    },
    { host: 'example.com', valid_from: '2026-11-10 12:00:00', valid_to: null, body: 'User-agent: *\nDisallow: /new\n' },
  ]);
  await db.run('alter table robots_versions alter valid_from type timestamp');
  await db.run('alter table robots_versions alter valid_to type timestamp');
}, 60_000);

describe('the DuckDB recipes of docs/sql.md', () => {
  it('sitemap-blocked: lists the sitemap URLs Googlebot may not fetch, with the deciding line', async () => {
    expect(await rowsOf(db, recipe('sitemap-blocked'))).toEqual([
      { url: 'https://example.com/nogoogle/a', line: 5, rule: 'Disallow: /nogoogle' },
      { url: 'https://shop.example/cart/1', line: 2, rule: 'Disallow: /cart' },
    ]);
  });

  it('disallowed-fetches: counts last week\u2019s disallowed fetches per crawler, from full User-Agent strings', async () => {
    const rows = await rowsOf<Record<string, unknown>>(db, recipe('disallowed-fetches'));
    expect(rows.map((r) => ({ ...r, fetches: Number(r.fetches) }))).toEqual([
      { token: 'GPTBot', fetches: 2, example: '/private/a', line: 2 },
      { token: 'Googlebot', fetches: 1, example: '/nogoogle/x', line: 5 },
    ]);
  });

  it('as-of-grace: flags a request only when every version it could have obeyed disallows it', async () => {
    const rows = await rowsOf<Record<string, unknown>>(db, recipe('as-of-grace'));
    expect(rows.map((r) => ({ ...r, versions: Number(r.versions) }))).toEqual([
      // Before the change: only the old version, which blocks /old.
      {
        ts: '2026-11-10 08:00:00',
        host: 'example.com',
        path: '/old/a',
        token: 'GPTBot',
        versions: 1,
        blocking_line: 2,
      },
      // /old/b and /new/a at 20:00 fall in the 24 hours when either version may be obeyed: not flagged.
      // Two days on, only the new version, which blocks /new.
      {
        ts: '2026-11-12 09:00:00',
        host: 'example.com',
        path: '/new/b',
        token: 'GPTBot',
        versions: 1,
        blocking_line: 2,
      },
    ]);
  });

  it('stamps: gives each robots.txt its SHA-256 and the engine version', async () => {
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(await rowsOf(db, recipe('stamps'))).toEqual([
      { host: 'example.com', sha256: sha(EXAMPLE), engine: 'source' },
      { host: 'shop.example', sha256: sha(SHOP), engine: 'source' },
    ]);
  });

  it('covers every recipe the page documents', () => {
    expect([...recipes.keys()].filter((k) => k.startsWith('recipe: ')).sort()).toEqual([
      'recipe: as-of-grace',
      'recipe: disallowed-fetches',
      'recipe: sitemap-blocked',
      'recipe: stamps',
    ]);
  });
});
