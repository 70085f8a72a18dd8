/**
 * `robots-lab diff OLD NEW`: the flips, their causes, the formats and the
 * --fail-on exit codes, through the CLI's main with in-memory files.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import { memoryIo, runCli } from './harness';

const bin = fileURLToPath(new URL('../../bin/robots-lab.mjs', import.meta.url));

const OLD = [
  'User-agent: *',
  'Disallow: /admin',
  'Disallow: /shop',
  '',
  'User-agent: bingbot',
  'Disallow: /b',
  '',
].join('\n');
// Line 3 made longer (/shop → /shop/), line 8 added: a new bingbot group merged with the first (§5).
const NEW = [
  'User-agent: *',
  'Disallow: /admin',
  'Disallow: /shop/',
  '',
  'User-agent: bingbot',
  'Disallow: /b',
  '',
  'User-agent: bingbot',
  'Disallow: /news',
  '',
].join('\n');
const URLS = ['/shop.html', '/shop/cart', '/news/1', '/admin', '/b/x'].join('\n');
const files = { 'old.txt': OLD, 'new.txt': NEW, 'urls.txt': URLS };

describe('robots-lab diff', () => {
  it('prints a table of flips with both deciding lines and the causing edit, and a summary', async () => {
    const r = await runCli(['diff', 'old.txt', 'new.txt', '-a', 'OtherBot', '--urls', 'urls.txt'], files);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^URL\s+CRAWLER\s+BEFORE\s+AFTER\s+CAUSE$/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^\/shop\.html\s+OtherBot\s+BLOCKED by line 3 \(Disallow: \/shop\)\s+ALLOWED \(no rule\)\s+line 3→3 changed: Disallow: \/shop → Disallow: \/shop\/$/,
    );
    expect(r.stderr).toBe(
      'this deploy would block 0 URLs that are allowed today, and allow 1 URL that is blocked today (5 URLs × 1 crawler compared)\n',
    );
  });

  it('exits 1 with --fail-on blocked when a URL is newly blocked, naming URL, crawler, old and new lines', async () => {
    const r = await runCli(
      ['diff', 'old.txt', 'new.txt', '-a', 'bingbot', '--urls', 'urls.txt', '--fail-on', 'blocked'],
      files,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('this deploy would block 1 URL that is allowed today');
    expect(r.stderr).toContain(
      '  /news/1 for Bingbot: ALLOWED (no rule) → BLOCKED by line 9 (Disallow: /news); cause: line 8 added: User-agent: bingbot; line 9 added: Disallow: /news',
    );
  });

  it('--fail-on allowed ignores newly blocked URLs, and --fail-on any counts both', async () => {
    const args = ['diff', 'old.txt', 'new.txt', '-a', 'bingbot', '--urls', 'urls.txt'];
    expect((await runCli([...args, '--fail-on', 'allowed'], files)).code).toBe(0);
    expect((await runCli([...args, '--fail-on', 'any'], files)).code).toBe(1);
    expect((await runCli([...args, '-a', 'OtherBot', '--fail-on', 'allowed'], files)).code).toBe(1);
    // Without --fail-on, flips are reported but never fail the run.
    expect((await runCli(args, files)).code).toBe(0);
  });

  it('writes JSON with counts per crawler and per kind', async () => {
    const r = await runCli(
      ['diff', 'old.txt', 'new.txt', '-a', 'bingbot,OtherBot', '--urls', 'urls.txt', '-f', 'json'],
      files,
    );
    const doc = JSON.parse(r.stdout);
    expect(doc.counts).toEqual({
      checked: 10,
      allowedToBlocked: 1,
      blockedToAllowed: 1,
      byCrawler: {
        Bingbot: { allowedToBlocked: 1, blockedToAllowed: 0 },
        OtherBot: { allowedToBlocked: 0, blockedToAllowed: 1 },
      },
    });
    expect(doc.flips.map((f: { url: string; crawler: string; kind: string }) => [f.url, f.crawler, f.kind])).toEqual([
      ['/shop.html', 'OtherBot', 'blocked-to-allowed'],
      ['/news/1', 'Bingbot', 'allowed-to-blocked'],
    ]);
    expect(r.stderr).toContain('  Bingbot: 1 newly blocked, 0 newly allowed');
  });

  it('streams JSON Lines and CSV, one flip per line', async () => {
    const args = ['diff', 'old.txt', 'new.txt', '-a', 'OtherBot', '/shop.html', 'https://example.com/shop'];
    const jsonl = await runCli([...args, '-f', 'jsonl'], files);
    const rows = jsonl.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((x) => [x.url, x.requestUrl, x.oldLine.line, x.newLine])).toEqual([
      ['/shop.html', '/shop.html', 3, null],
      ['https://example.com/shop', 'https://example.com/shop', 3, null],
    ]);
    expect(rows[0].causes).toEqual([
      { kind: 'changed', oldLine: 3, newLine: 3, oldText: 'Disallow: /shop', newText: 'Disallow: /shop/' },
    ]);
    const csv = await runCli([...args, '-f', 'csv'], files);
    expect(csv.stdout.split('\r\n').slice(0, 2)).toEqual([
      'url,request_url,crawler,flip,old_line,old_rule,new_line,new_rule,causes',
      '/shop.html,/shop.html,OtherBot,blocked-to-allowed,3,Disallow: /shop,,,line 3→3 changed: Disallow: /shop → Disallow: /shop/',
    ]);
  });

  it('says so when nothing flips', async () => {
    const r = await runCli(['diff', 'old.txt', 'old.txt', '-a', 'googlebot', '/admin', '--fail-on', 'any'], files);
    expect(r).toMatchObject({ code: 0, stdout: 'no verdict flips\n' });
  });

  it('puts typed URLs in request form first, as check does', async () => {
    const before = 'User-agent: *\nDisallow: /ツ\n';
    const r = await runCli(['diff', 'a.txt', 'b.txt', '-a', 'x', 'https://example.com/ツ', '-f', 'jsonl'], {
      'a.txt': before,
      'b.txt': 'User-agent: *\n',
    });
    expect(JSON.parse(r.stdout)).toMatchObject({
      url: 'https://example.com/ツ',
      requestUrl: 'https://example.com/%E3%83%84',
      kind: 'blocked-to-allowed',
    });
  });

  it('rejects bad usage with exit 2 and one line', async () => {
    const cases: [string[], string][] = [
      [['diff', 'old.txt'], 'diff needs two files'],
      [['diff', 'old.txt', 'new.txt', '/x'], 'at least one --agent'],
      [['diff', 'old.txt', 'new.txt', '-a', 'x'], 'no URLs to compare'],
      [
        ['diff', 'old.txt', 'new.txt', '-a', 'x', '/x', '--fail-on', 'never'],
        '--fail-on takes blocked, allowed, any, not "never"',
      ],
      [['diff', 'old.txt', 'missing.txt', '-a', 'x', '/x'], 'cannot read robots.txt "missing.txt": no such file'],
    ];
    for (const [argv, message] of cases) {
      const r = await runCli(argv, files);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(message);
    }
  });
});

describe('robots-lab diff as a CI step (the real executable)', () => {
  it('fails the step when the deploy would block URLs allowed today', () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lab-diff-'));
    writeFileSync(join(dir, 'live.txt'), 'User-agent: *\nDisallow: /admin\n');
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /admin\nDisallow: /blog\n');
    writeFileSync(join(dir, 'urls.txt'), '/\n/blog/post-1\n/blog/post-2\n/admin\n');
    const args = [
      'diff',
      'live.txt',
      'robots.txt',
      '--agent',
      'googlebot',
      '--urls',
      'urls.txt',
      '--fail-on',
      'blocked',
    ];
    const r = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('this deploy would block 2 URLs that are allowed today');
    expect(r.stderr).toContain('/blog/post-1 for Googlebot: ALLOWED (no rule) → BLOCKED by line 3 (Disallow: /blog)');
    const same = spawnSync(
      process.execPath,
      [bin, 'diff', 'live.txt', 'live.txt', '-a', 'googlebot', '-u', 'urls.txt', '--fail-on', 'any'],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    expect(same.status).toBe(0);
  });
});

describe('diff: URL lists', () => {
  it('compares a URL met twice, in one list or two, once', async () => {
    const files = {
      'old.txt': 'User-agent: *\nDisallow: /a\n',
      'new.txt': 'User-agent: *\nDisallow: /b\n',
      'one.txt': '/a\n/b\n/b\n',
      'two.txt': '/a\n/c\n/%62\n',
    };
    const r = await runCli(['diff', 'old.txt', 'new.txt', '-a', 'FooBot', 'one.txt', 'two.txt', '-f', 'jsonl'], files);
    expect(r.code).toBe(0);
    const flips = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(flips.map((f) => [f.url, f.kind])).toEqual([
      ['/a', 'blocked-to-allowed'],
      ['/b', 'allowed-to-blocked'],
    ]);
    expect(r.stderr).toContain('(4 URLs × 1 crawler compared)');
  });

  it("names a sitemap index's child sitemaps on standard error and compares none of them as pages", async () => {
    const files = {
      'old.txt': 'User-agent: *\nDisallow: /s\n',
      'new.txt': 'User-agent: *\n',
      'index.xml':
        '<?xml version="1.0"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<sitemap><loc>https://e.com/s1.xml</loc></sitemap>\n</sitemapindex>\n',
    };
    const alone = await runCli(['diff', 'old.txt', 'new.txt', '-a', 'x', 'index.xml', '-f', 'jsonl'], files);
    expect(alone).toMatchObject({ code: 2, stdout: '' });
    expect(alone.stderr).toBe(
      'note: index.xml is a sitemap index; its child sitemaps are listed, not tested as pages:\n' +
        '  sitemap index: child sitemap https://e.com/s1.xml (index.xml:3)\n' +
        'robots-lab: no URLs to compare: the lists given hold only child sitemaps; compare the pages they list\n',
    );
    const mixed = await runCli(['diff', 'old.txt', 'new.txt', '-a', 'x', '/s/p', 'index.xml', '-f', 'jsonl'], files);
    expect(mixed.code).toBe(0);
    expect(
      mixed.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).url),
    ).toEqual(['/s/p']);
  });
});

describe('diff: every format streams', () => {
  const files = { 'old.txt': 'User-agent: *\nDisallow: /a\n', 'new.txt': 'User-agent: *\nDisallow: /b\n' };
  /** Lines that each flip (allowed before, blocked after): enough for more than a megabyte of output. */
  const flipping = (from: number, n: number) => Array.from({ length: n }, (_, i) => `/b/${from + i}`).join('\n');

  for (const format of ['table', 'csv', 'json', 'jsonl'] as const) {
    it(`writes flips while the list is still being read (${format}), and the whole document at the end`, async () => {
      const { io, output } = memoryIo(files);
      let writtenBeforeEnd = 0;
      io.stdin = (async function* () {
        yield new TextEncoder().encode(`${flipping(0, 20_000)}\n`);
        // The rest of the list comes only once output has started, or after a second.
        for (let i = 0; i < 1000 && output().stdout.length === 0; i++) await new Promise((r) => setTimeout(r, 1));
        writtenBeforeEnd = output().stdout.length;
        yield new TextEncoder().encode(flipping(20_000, 10));
      })();
      const code = await run(['diff', 'old.txt', 'new.txt', '-a', 'FooBot', '--urls', '-', '-f', format], io);
      expect(code).toBe(0);
      expect(writtenBeforeEnd).toBeGreaterThan(0);
      const { stdout } = output();
      if (format === 'json') {
        const doc = JSON.parse(stdout);
        expect(doc.flips).toHaveLength(20_010);
        expect(doc.counts).toMatchObject({ checked: 20_010, allowedToBlocked: 20_010, blockedToAllowed: 0 });
      } else {
        const header = format === 'jsonl' ? 0 : 1;
        const lines = stdout.trimEnd().split(/\r?\n/);
        expect(lines).toHaveLength(20_010 + header);
        expect(lines.at(-1)).toContain('/b/20009');
      }
    });
  }

  it('closes the JSON document when a list breaks mid-run, with the flips found before', async () => {
    const r = await runCli(
      ['diff', 'old.txt', 'new.txt', '-a', 'FooBot', '-u', 'l.csv', '-u', 'bad.csv', '--column', 'url', '-f', 'json'],
      { ...files, 'l.csv': 'url\n/a\n/b\n', 'bad.csv': 'name,page\nx,/y\n' },
    );
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual({
      flips: [
        expect.objectContaining({ url: '/a', kind: 'blocked-to-allowed' }),
        expect.objectContaining({ url: '/b', kind: 'allowed-to-blocked' }),
      ],
      counts: { checked: 2, allowedToBlocked: 1, blockedToAllowed: 1, byCrawler: expect.any(Object) },
    });
  });

  it('sizes the table from its first screenful; a wider URL later overflows its cell', async () => {
    const urls = [...Array.from({ length: 60 }, (_, i) => `/b/${i}`), `/b/${'x'.repeat(40)}`];
    const r = await runCli(['diff', 'old.txt', 'new.txt', '-a', 'FooBot', ...urls], files);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(62);
    // Written by hand: "/b/49" is the widest of the 50 URLs the table is sized from, "URL" padded to 5.
    expect(lines[0]).toBe('URL    CRAWLER  BEFORE             AFTER                             CAUSE');
    expect(lines[1]).toBe(
      '/b/0   FooBot   ALLOWED (no rule)  BLOCKED by line 2 (Disallow: /b)  line 2→2 changed: Disallow: /a → Disallow: /b',
    );
    expect(lines[61].startsWith(`/b/${'x'.repeat(40)}  FooBot   ALLOWED (no rule)  `)).toBe(true);
  });
});
