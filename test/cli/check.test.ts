import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main';
import type { ResultRow } from '../../src/cli/rows';
import { memoryIo, ROBOTS, runCli } from './harness';

const files = { 'robots.txt': ROBOTS };

async function json(argv: string[], extra: Record<string, string | Uint8Array> = {}): Promise<ResultRow[]> {
  const r = await runCli([...argv, '--format', 'json'], { ...files, ...extra });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as ResultRow[];
}

describe('check: verdicts per URL and crawler', () => {
  it('prints a table with the verdict, the deciding line number and its text', async () => {
    const r = await runCli(['check', 'robots.txt', '--agent', 'SomeBot', '/private/x', '/private/public/y'], files);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^URL\s+CRAWLER\s+VERDICT\s+LINE\s+RULE$/);
    expect(lines[1]).toMatch(/^\/private\/x\s+SomeBot\s+BLOCKED\s+2\s+Disallow: \/private$/);
    // The comment of the deciding line is not part of the rule text.
    expect(lines[2]).toMatch(/^\/private\/public\/y\s+SomeBot\s+ALLOWED\s+3\s+Allow: \/private\/public$/);
  });

  it('says why when no line decided', async () => {
    const r = await runCli(['check', 'robots.txt', '-a', 'googlebot', '/private/x'], files);
    expect(r.stdout).toContain('(no rule of the Googlebot group (line 5) matches)');
  });

  it('evaluates a profile through its fallback tokens (Googlebot-Image obeys the googlebot group, docs/behaviour.md §5)', async () => {
    const [row] = await json(['check', 'robots.txt', '-a', 'googlebot-image', '/nogoogle/a']);
    expect(row).toMatchObject({ crawler: 'Googlebot-Image', profile: 'googlebot-image', status: 'blocked', line: 6 });
    expect(row.tokens).toEqual(['Googlebot-Image', 'Googlebot']);
  });

  it('makes AdsBot-Google ignore the * group, while a bare token obeys it', async () => {
    const rows = await json(['check', 'robots.txt', '-a', 'AdsBot-Google,OtherBot', '/private/x']);
    expect(rows.map((r) => [r.crawler, r.status])).toEqual([
      ['AdsBot-Google', 'allowed'],
      ['OtherBot', 'blocked'],
    ]);
  });

  it('accepts any valid product token that is not a profile, and evaluates it with that token only', async () => {
    const [row] = await json(['check', 'robots.txt', '-a', 'my_crawler-x', '/private/x']);
    expect(row).toMatchObject({ crawler: 'my_crawler-x', profile: null, tokens: ['my_crawler-x'], status: 'blocked' });
  });

  it('normalises typed URLs to the request form and shows both (docs/behaviour.md §12 The URL)', async () => {
    const [row] = await json(['check', 'robots.txt', '-a', 'googlebot', 'https://example.com/ツ#top']);
    expect(row.requestUrl).toBe('https://example.com/%E3%83%84');
    expect(row).toMatchObject({ status: 'allowed', line: 7, lineText: 'Allow: /ツ' });
    expect(row.changes.length).toBeGreaterThan(0);
    const table = await runCli(['check', 'robots.txt', '-a', 'googlebot', 'https://example.com/ツ'], files);
    expect(table.stdout).toContain('https://example.com/ツ → https://example.com/%E3%83%84');
  });

  it('with --raw evaluates the URL byte-exact: a raw /ツ does not match Allow: /ツ', async () => {
    const [row] = await json(['check', 'robots.txt', '-a', 'googlebot', '--raw', '/ツ']);
    expect(row.requestUrl).toBe('/ツ');
    expect(row.line).toBeNull();
  });

  it('writes CSV with a header and quotes cells that need it', async () => {
    const r = await runCli(['check', 'robots.txt', '-a', 'SomeBot', '-f', 'csv', '/private/a,b'], files);
    const lines = r.stdout.split('\r\n');
    expect(lines[0]).toBe('url,request_url,crawler,verdict,line,rule,note,expected,ok');
    expect(lines[1]).toBe('"/private/a,b","/private/a,b",SomeBot,blocked,2,Disallow: /private,,,');
    const open = await runCli(['check', 'robots.txt', '-a', 'googlebot', '-f', 'csv', '/open'], files);
    expect(open.stdout.split('\r\n')[1]).toBe(
      '/open,/open,Googlebot,allowed,,,no rule of the Googlebot group (line 5) matches,,',
    );
  });

  it('writes one JSON object a line with --format jsonl', async () => {
    const r = await runCli(['check', 'robots.txt', '-a', 'googlebot,SomeBot', '-f', 'jsonl', '/a', '/b'], files);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines.map((l) => (JSON.parse(l) as ResultRow).url)).toEqual(['/a', '/a', '/b', '/b']);
  });

  it('writes list rows in jsonl and csv with the same fields as the json array, whatever the URL and list name', async () => {
    // Request-form URLs (a comma, a name starting with a dot, /robots.txt
    // itself) take the cached-fragment path; the others are normalised.
    const list =
      'https://example.com/private/x,y\n/robots.txt\n/.well-known/a\nhttps://example.com/ツ\n/private/public\n';
    const all = { ...files, 'liste-é.txt': list };
    const argv = ['check', 'robots.txt', '-a', 'googlebot,SomeBot', '--urls', 'liste-é.txt'];
    const json = JSON.parse((await runCli([...argv, '-f', 'json'], all)).stdout) as ResultRow[];
    const jsonl = (await runCli([...argv, '-f', 'jsonl'], all)).stdout.trimEnd().split('\n');
    expect(jsonl.map((l) => JSON.parse(l))).toEqual(json);
    expect(json).toHaveLength(10);
    expect(json[1]).toMatchObject({
      url: 'https://example.com/private/x,y',
      origin: 'liste-é.txt:1',
      status: 'blocked',
    });
    expect(json[1].line).toBe(2);
    expect(json[2]).toMatchObject({ url: '/robots.txt', note: '/robots.txt is always allowed' });
    const csv = (await runCli([...argv, '-f', 'csv'], all)).stdout.split('\r\n');
    expect(csv[1]).toBe(
      '"https://example.com/private/x,y","https://example.com/private/x,y",Googlebot,allowed,,,' +
        'no rule of the Googlebot group (line 5) matches,,',
    );
    expect(csv[3]).toBe('/robots.txt,/robots.txt,Googlebot,allowed,,,/robots.txt is always allowed,,');
  });

  it('reads URLs from a text list, skipping blank lines and # comments', async () => {
    const rows = await json(['check', 'robots.txt', '-a', 'SomeBot', '--urls', 'list.txt'], {
      'list.txt': '# urls\n/private/1\n\n  /open  \n',
    });
    expect(rows.map((r) => [r.url, r.status, r.origin])).toEqual([
      ['/private/1', 'blocked', 'list.txt:2'],
      ['/open', 'allowed', 'list.txt:4'],
    ]);
  });

  it('reads URLs from standard input with --urls -', async () => {
    const r = await runCli(
      ['check', 'robots.txt', '-a', 'SomeBot', '--urls', '-', '-f', 'jsonl'],
      files,
      '/private/x\n/y\n',
    );
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => (JSON.parse(l) as ResultRow).status),
    ).toEqual(['blocked', 'allowed']);
  });

  it("reads a sitemap's <loc> elements, decoding XML entities", async () => {
    const sitemap =
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      '<url><loc>https://example.com/private/a?x=1&amp;y=2</loc></url>\n<url><loc> https://example.com/b </loc></url>\n</urlset>\n';
    const rows = await json(['check', 'robots.txt', '-a', 'SomeBot', '--urls', 'sitemap.xml'], {
      'sitemap.xml': sitemap,
    });
    expect(rows.map((r) => [r.requestUrl, r.status])).toEqual([
      ['https://example.com/private/a?x=1&y=2', 'blocked'],
      ['https://example.com/b', 'allowed'],
    ]);
  });

  it('reads a gzipped sitemap', async () => {
    const xml = '<?xml version="1.0"?><urlset><url><loc>https://example.com/private/z</loc></url></urlset>';
    const rows = await json(['check', 'robots.txt', '-a', 'SomeBot', '--urls', 'sitemap.xml.gz'], {
      'sitemap.xml.gz': gzipSync(xml),
    });
    expect(rows.map((r) => [r.url, r.status])).toEqual([['https://example.com/private/z', 'blocked']]);
  });

  it('reads the robots.txt from standard input when its path is -', async () => {
    const r = await runCli(['check', '-', '-a', 'x', '-f', 'jsonl', '/d'], {}, 'User-agent: *\nDisallow: /d\n');
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'blocked', line: 2 });
  });

  it('refuses to read standard input twice', async () => {
    const r = await runCli(['check', '-', '-a', 'x', '--urls', '-'], {}, '');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/standard input \("-"\) can be used for only one file/);
  });

  it('adds the reason and every matching rule, longest first, only with --explain (docs/behaviour.md §8)', async () => {
    const [row] = await json(['check', 'robots.txt', '-a', 'SomeBot', '--explain', '/private/public/x']);
    expect(row.matches).toEqual([
      { kind: 'allow', line: 3, pattern: '/private/public', length: 15 },
      { kind: 'disallow', line: 2, pattern: '/private', length: 8 },
    ]);
    expect(row.reason).toMatch(/^Allowed by line 3/);
    const plain = await json(['check', 'robots.txt', '-a', 'SomeBot', '/private/public/x']);
    expect(plain[0].reason).toBeUndefined();
    expect(plain[0].matches).toBeUndefined();
    const csv = await runCli(['check', 'robots.txt', '-a', 'SomeBot', '--explain', '-f', 'csv', '/private/x'], files);
    expect(csv.stdout.split('\r\n')[0]).toBe('url,request_url,crawler,verdict,line,rule,note,expected,ok,reason');
    expect(csv.stdout.split('\r\n')[1]).toMatch(/,"Blocked by line 2 ""Disallow: \/private"": /);
    const table = await runCli(['check', 'robots.txt', '-a', 'SomeBot', '--explain', '/x'], files);
    expect(table).toMatchObject({ code: 2, stderr: 'robots-lab: --explain needs --format csv, json or jsonl\n' });
  });

  it('reads the first URL-looking column of a CSV, or the one named by --column', async () => {
    const csv = 'title,address,canonical\n"Home, sweet",/private/a,/x\nAbout,/about,/y\n';
    const auto = await json(['check', 'robots.txt', '-a', 'SomeBot', '--urls', 'crawl.csv'], { 'crawl.csv': csv });
    expect(auto.map((r) => r.url)).toEqual(['/private/a', '/about']);
    const named = await json(['check', 'robots.txt', '-a', 'SomeBot', '--urls', 'crawl.csv', '--column', 'Canonical'], {
      'crawl.csv': csv,
    });
    expect(named.map((r) => r.url)).toEqual(['/x', '/y']);
  });

  it('marks URLs outside the --robots-url origin as out of scope instead of judging them (docs/behaviour.md §1)', async () => {
    const rows = await json([
      'check',
      'robots.txt',
      '-a',
      'SomeBot',
      '--robots-url',
      'https://example.com/robots.txt',
      'https://example.com/private/x',
      'http://example.com/private/x',
      'https://example.com:443/private/y',
      '/private/z',
    ]);
    expect(rows.map((r) => r.status)).toEqual(['blocked', 'out-of-scope', 'blocked', 'blocked']);
    expect(rows[1].allowed).toBeNull();
    expect(rows[1].note).toMatch(/scheme/);
  });

  it("applies Google's 500 KiB cap by default, says so on stderr, and --no-size-limit reads everything", async () => {
    const filler = `# ${'x'.repeat(1000)}\n`;
    const big = `User-agent: *\n${filler.repeat(520)}Disallow: /late\n`;
    const capped = await runCli(['check', 'big.txt', '-a', 'SomeBot', '-f', 'jsonl', '/late'], { 'big.txt': big });
    expect(capped.code).toBe(0);
    expect(capped.stderr).toMatch(
      /^note: big\.txt is 521,\d{3} bytes; Google reads only the first 512,000 bytes, so it stops in line 512/,
    );
    expect((JSON.parse(capped.stdout) as ResultRow).status).toBe('allowed');
    const full = await runCli(['check', 'big.txt', '-a', 'SomeBot', '-f', 'jsonl', '--no-size-limit', '/late'], {
      'big.txt': big,
    });
    expect(full.stderr).toBe('');
    expect(JSON.parse(full.stdout) as ResultRow).toMatchObject({ status: 'blocked', line: 522 });
  });

  it('reads the robots.txt as bytes: a BOM is skipped, and invalid UTF-8 gets a note but does not stop it', async () => {
    const bytes = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('User-agent: *\nDisallow: /a\n'),
      0xff,
      0xfe,
      0x0a,
    ]);
    const r = await runCli(['check', 'bin.txt', '-a', 'SomeBot', '-f', 'jsonl', '/a'], { 'bin.txt': bytes });
    expect(JSON.parse(r.stdout)).toMatchObject({ status: 'blocked', line: 2 });
    expect(r.stderr).toBe('note: bin.txt is not valid UTF-8; crawlers may read the broken characters differently\n');
    const clean = await runCli(['check', 'bin.txt', '-a', 'SomeBot', '/a'], { 'bin.txt': bytes.slice(0, -3) });
    expect(clean.stderr).toBe('');
  });
});

describe('check: expectations as a CI guard', () => {
  const lists = {
    'allowed.txt': '/private/public/ok\n/shop\n',
    'blocked.txt': '/private/secret\n',
  };

  it('exits 0 and reports success when every expectation holds for every agent', async () => {
    const r = await runCli(
      [
        'check',
        'robots.txt',
        '-a',
        'SomeBot',
        '-a',
        'OtherBot',
        '--expect-allowed',
        'allowed.txt',
        '--expect-blocked',
        'blocked.txt',
      ],
      { ...files, ...lists },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('all 6 expectations met\n');
    expect(r.stdout).toMatch(/EXPECTED/);
  });

  it('exits 1 and names the URL, the crawler and the deciding line when an expected-allowed URL is blocked', async () => {
    const r = await runCli(['check', 'robots.txt', '-a', 'googlebot,SomeBot', '--expect-allowed', 'allowed.txt'], {
      ...files,
      'allowed.txt': '/private/x\n/open\n',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      '1 of 4 expectations failed:\n' +
        '  /private/x (allowed.txt:1) for SomeBot: expected ALLOWED, got BLOCKED by line 2: Disallow: /private\n',
    );
    expect(r.stdout).toMatch(/allowed ✗ FAIL/);
  });

  it('exits 1 when an expected-blocked URL is allowed', async () => {
    const r = await runCli(['check', 'robots.txt', '-a', 'AdsBot-Google', '--expect-blocked', 'b.txt'], {
      ...files,
      'b.txt': '/private/secret\n',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('/private/secret (b.txt:1) for AdsBot-Google: expected BLOCKED, got ALLOWED');
  });

  it('counts an expected URL outside the robots.txt scope as a failure, since it was not judged', async () => {
    const r = await runCli(
      [
        'check',
        'robots.txt',
        '-a',
        'SomeBot',
        '--robots-url',
        'https://example.com/robots.txt',
        '--expect-blocked',
        'b.txt',
      ],
      { ...files, 'b.txt': 'https://other.example/private\n' },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('got out of scope, not judged');
  });

  it('marks failures in JSON output with ok: false', async () => {
    const r = await runCli(['check', 'robots.txt', '-a', 'SomeBot', '--expect-allowed', 'a.txt', '-f', 'json'], {
      ...files,
      'a.txt': '/private/x\n',
    });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject([{ expected: 'allowed', ok: false, status: 'blocked' }]);
  });
});

describe('check: bad input is one line on stderr and exit 2', () => {
  const cases: [string, string[], RegExp, usage?: true][] = [
    [
      'a missing robots.txt',
      ['check', 'missing.txt', '-a', 'googlebot', '/'],
      /^robots-lab: cannot read robots\.txt "missing\.txt": no such file$/,
    ],
    [
      'a missing URL list',
      ['check', 'robots.txt', '-a', 'googlebot', '--urls', 'nope.txt'],
      /cannot read URL list "nope\.txt": no such file/,
    ],
    ['an invalid agent', ['check', 'robots.txt', '-a', 'Googlebot/2.1', '/'], /invalid agent "Googlebot\/2\.1"/],
    ['no agent', ['check', 'robots.txt', '/'], /at least one --agent/, true],
    ['no URLs', ['check', 'robots.txt', '-a', 'googlebot'], /no URLs to check/],
    ['an unknown flag', ['check', 'robots.txt', '--frobnicate'], /unknown option --frobnicate/, true],
    [
      'a misspelt flag',
      ['check', 'robots.txt', '--agnet', 'x'],
      /unknown option --agnet; did you mean --agent\?/,
      true,
    ],
    [
      'a flag of another command',
      ['check', 'robots.txt', '--fail-on', 'any'],
      /check takes no --fail-on \(it is an option of diff and lint and logs\)/,
      true,
    ],
    [
      'an unknown format',
      ['check', 'robots.txt', '-a', 'x', '-f', 'jsn', '/'],
      /--format takes table, csv, json, jsonl, not "jsn"; did you mean json\?/,
      true,
    ],
    ['a flag without its value', ['check', 'robots.txt', '-a'], /option --agent needs a value/, true],
    [
      'a robots URL that is not at /robots.txt',
      ['check', 'robots.txt', '-a', 'x', '--robots-url', 'https://e.com/a/robots.txt', '/'],
      /invalid --robots-url/,
    ],
    [
      'a CSV column that does not exist',
      ['check', 'robots.txt', '-a', 'x', '--urls', 'l.csv', '--column', 'nope'],
      /no column "nope" in "l\.csv"; its columns are: name, url/,
    ],
    ['an unknown command', ['frobnicate'], /unknown command "frobnicate"/, true],
    ['a misspelt command', ['chek'], /unknown command "chek"; did you mean check\?/, true],
  ];
  for (const [what, argv, message, usage] of cases) {
    it(`rejects ${what}${usage ? ', with the usage' : ''}`, async () => {
      const r = await runCli(argv, { ...files, 'l.csv': 'name,url\na,/b\n' });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      const [first, ...rest] = r.stderr.trimEnd().split('\n');
      expect(first).toMatch(message);
      if (!usage) expect(rest).toEqual([]);
      else
        expect(rest.join('\n')).toMatch(
          /^(usage: robots-lab \S+ .*\n\(robots-lab help \S+ for more\)|\(robots-lab help for the commands\))$/,
        );
    });
  }
});

describe('help, version and agents', () => {
  it('prints help with exit 0 for --help, and with exit 2 when no command is given', async () => {
    expect(await runCli(['--help'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^ {2}check {7}one verdict per URL and crawler/m),
    });
    expect((await runCli([])).code).toBe(2);
  });

  it('prints the package version', async () => {
    const r = await runCli(['--version']);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('lists the built-in crawler profiles with their tokens', async () => {
    const r = await runCli(['agents']);
    expect(r.stdout).toMatch(/^googlebot-image\s+Googlebot-Image → Googlebot /m);
    expect(r.stdout).toMatch(/^adsbot-google\s+AdsBot-Google, ignores \*/m);
  });
});

describe('check: a positional argument that names a file', () => {
  it('reads it as a URL list, never judges its name as a host', async () => {
    const r = await runCli(['check', 'robots.txt', 'urls.txt', '-a', 'googlebot', '-f', 'jsonl'], {
      'robots.txt': ROBOTS,
      'urls.txt': '/nogoogle\n/open\n',
    });
    expect(r.code).toBe(0);
    const rows = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((row) => [row.url, row.status, row.origin])).toEqual([
      ['/nogoogle', 'blocked', 'urls.txt:1'],
      ['/open', 'allowed', 'urls.txt:2'],
    ]);
  });

  it('judges an argument with :// as a URL even when no such file exists', async () => {
    const r = await runCli(['check', 'robots.txt', 'https://urls.txt/nogoogle', '-a', 'googlebot', '-f', 'jsonl'], {
      'robots.txt': ROBOTS,
    });
    expect(JSON.parse(r.stdout)).toMatchObject({ url: 'https://urls.txt/nogoogle', status: 'blocked' });
  });
});

describe('check --stamp: rows a study can reproduce', () => {
  const sha = createHash('sha256').update(ROBOTS).digest('hex');
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

  it('puts the engine version and the SHA-256 of the robots.txt bytes on every JSON row', async () => {
    const rows = await json(['check', 'robots.txt', '-a', 'googlebot,SomeBot', '/private/x', '/a', '--stamp']);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.engineVersion).toBe(`robots-lab ${pkg.version}`);
      expect(row.robotsSha256).toBe(sha);
    }
  });

  it('adds two CSV columns, on rows written whole and on the quick path alike', async () => {
    const r = await runCli(
      ['check', 'robots.txt', '-a', 'SomeBot', '/private/x', '/private/y', '-f', 'csv', '--stamp'],
      files,
    );
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\r\n');
    expect(lines[0]).toBe('url,request_url,crawler,verdict,line,rule,note,expected,ok,engine_version,robots_sha256');
    expect(lines.slice(1)).toEqual([
      `/private/x,/private/x,SomeBot,blocked,2,Disallow: /private,,,,robots-lab ${pkg.version},${sha}`,
      `/private/y,/private/y,SomeBot,blocked,2,Disallow: /private,,,,robots-lab ${pkg.version},${sha}`,
    ]);
  });

  it('refuses the table, where a stamp has no column', async () => {
    const r = await runCli(['check', 'robots.txt', '-a', 'SomeBot', '/x', '--stamp'], files);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--stamp needs --format csv, json or jsonl');
  });
});

describe('check: progress on a terminal', () => {
  const files = {
    'r.txt': 'User-agent: *\nDisallow: /b\n',
    // 70,000 URLs, every other one blocked.
    'l.txt': Array.from({ length: 70_000 }, (_, i) => (i % 2 ? '/b' : '/a')).join('\n'),
  };

  it('rewrites a running count in place and ends with the final count', async () => {
    const { io, output } = memoryIo(files);
    io.stderrIsTTY = true;
    const code = await run(['check', 'r.txt', '-a', 'googlebot,FooBot', '-u', 'l.txt', '-f', 'csv'], io);
    expect(code).toBe(0);
    expect(output().stderr).toMatch(
      /^\r[\d,]+ rows…(\r[\d,]+ rows…)*\r140,000 rows \(2 crawlers each\): 70,000 allowed, 70,000 blocked\n$/,
    );
  });

  it('says nothing when standard error is no terminal, or under --quiet', async () => {
    const pipe = memoryIo(files);
    expect(await run(['check', 'r.txt', '-a', 'googlebot', '-u', 'l.txt', '-f', 'csv'], pipe.io)).toBe(0);
    expect(pipe.output().stderr).toBe('');
    const quiet = memoryIo(files);
    quiet.io.stderrIsTTY = true;
    expect(await run(['check', 'r.txt', '-a', 'googlebot', '-u', 'l.txt', '-f', 'csv', '-q'], quiet.io)).toBe(0);
    expect(quiet.output().stderr).toBe('');
  });
});
