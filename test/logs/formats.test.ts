/**
 * `robots-lab logs` on the other log shapes: a CSV export with named
 * columns (Cloudflare Logpush's), JSON Lines with a field mapping, standard
 * input, a gzip log cut short. Expected counts are written by hand.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type CliIo, nodeIo } from '../../src/cli/io';
import { run } from '../../src/cli/main';

const ROBOTS = 'User-agent: *\nDisallow: /private\n\nUser-agent: ClaudeBot\nDisallow: /\n';

async function runIn(
  dir: string,
  argv: string[],
  stdin = '',
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    ...nodeIo(dir),
    stdin: (async function* () {
      yield new TextEncoder().encode(stdin);
    })(),
    stdout: {
      write: (t: string | Uint8Array) => {
        stdout += String(t);
        return true;
      },
    },
    stderr: { write: (t: string) => (stderr += t) },
  };
  return { code: await run(argv, io), stdout, stderr };
}

function site(): string {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lab-formats-'));
  writeFileSync(join(dir, 'robots.txt'), ROBOTS);
  return dir;
}

type Row = { crawler: string; requests: number; obeyed: number; violations: number };

describe('logs in other shapes', () => {
  it('reads a Cloudflare Logpush CSV export by its column names', async () => {
    const dir = site();
    writeFileSync(
      join(dir, 'logpush.csv'),
      [
        'EdgeStartTimestamp,ClientIP,ClientRequestHost,ClientRequestURI,ClientRequestUserAgent,EdgeResponseStatus',
        '2026-09-01T10:00:00Z,1.2.3.4,example.com,/private/a,"Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",200',
        '2026-09-01T10:01:00Z,1.2.3.4,example.com,/open,"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",200',
        '2026-09-01T10:02:00Z,1.2.3.4,example.com,/private/b,"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",200',
      ].join('\r\n'),
    );
    const r = await runIn(dir, ['logs', 'logpush.csv', '--robots', 'robots.txt', '-f', 'json']);
    expect(r.code).toBe(0);
    const rows = (JSON.parse(r.stdout) as Row[]).map((x) => [x.crawler, x.requests, x.obeyed, x.violations]);
    // ClaudeBot: / is disallowed for it (line 5); Bingbot: /open allowed, /private/b by line 2.
    expect(rows).toEqual([
      ['Bingbot', 2, 1, 1],
      ['ClaudeBot', 1, 0, 1],
    ]);
  });

  it('follows --field for JSON Lines read from standard input', async () => {
    const dir = site();
    const lines = [
      { at: 1788220800, u: '/private/x', agent: 'ClaudeBot/1.0' },
      { at: 1788224400, u: '/ok', agent: 'FooBot/1.0' },
    ].map((o) => JSON.stringify(o));
    const r = await runIn(
      dir,
      [
        'logs',
        '-',
        '--robots',
        'robots.txt',
        '--field',
        'time=at',
        '--field',
        'target=u',
        '--field',
        'userAgent=agent',
        '--violations',
        '-f',
        'jsonl',
      ],
      `${lines.join('\n')}\n`,
    );
    expect(r.code).toBe(0);
    const v = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { time: string; crawler: string; url: string; line: number; log: string });
    expect(v.map((x) => [x.time, x.crawler, x.url, x.line, x.log])).toEqual([
      ['2026-09-01T00:00:00Z', 'ClaudeBot', '/private/x', 5, '(stdin):1'],
    ]);
  });

  it('keeps what a gzip log cut short gave, says where it stopped, and goes on with the next log', async () => {
    const dir = site();
    const line = (i: number) =>
      `1.2.3.4 - - [01/Sep/2026:10:00:00 +0000] "GET /private/${i} HTTP/1.1" 200 1 "-" "Mozilla/5.0 (compatible; ClaudeBot/1.0)"`;
    const whole = gzipSync(`${Array.from({ length: 5000 }, (_, i) => line(i)).join('\n')}\n`);
    writeFileSync(join(dir, 'cut.log.gz'), whole.subarray(0, Math.floor(whole.length / 2)));
    writeFileSync(join(dir, 'next.log'), `${line(99_999)}\n`);
    const r = await runIn(dir, ['logs', 'cut.log.gz', 'next.log', '--robots', 'robots.txt', '-f', 'json']);
    expect(r.stderr).toMatch(/robots-lab: cut\.log\.gz: reading stopped after line \d+: unexpected end of file/);
    expect(r.stderr).toContain('1 log file(s) could not be read to the end');
    const [claude] = JSON.parse(r.stdout) as Row[];
    // Some lines of the cut file, and the one of next.log: all violations (ClaudeBot may fetch nothing).
    expect(claude.requests).toBeGreaterThan(1);
    expect(claude.requests).toBeLessThan(5001);
    expect(claude.violations).toBe(claude.requests);
    expect(r.code).toBe(0);
  });

  it('names a log file that is missing, keeps the others and closes the JSON array', async () => {
    const dir = site();
    writeFileSync(
      join(dir, 'a.log'),
      '1.2.3.4 - - [01/Sep/2026:10:00:00 +0000] "GET /private/x HTTP/1.1" 200 1 "-" "Mozilla/5.0 (compatible; ClaudeBot/1.0)"\n',
    );
    const r = await runIn(dir, ['logs', 'a.log', 'gone.log', '--robots', 'robots.txt', '--violations', '-f', 'json']);
    expect(r.stderr).toContain('robots-lab: cannot read log "gone.log": no such file');
    expect(r.stderr).toContain('1 log file(s) could not be read to the end');
    const v = JSON.parse(r.stdout) as { url: string; log: string }[];
    expect(v.map((x) => [x.url, x.log])).toEqual([['/private/x', 'a.log:1']]);
    expect(r.code).toBe(0);
  });

  it('refuses a range file whose crawler it cannot tell, and names the flag to use', async () => {
    const dir = site();
    writeFileSync(join(dir, 'ranges.json'), '{"prefixes":[{"ipv4Prefix":"1.2.3.0/24"}]}');
    writeFileSync(join(dir, 'a.log'), '');
    const r = await runIn(dir, ['logs', 'a.log', '--robots', 'robots.txt', '--verify-ips', 'ranges.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot tell which crawler ranges.json is for: write --verify-ips CRAWLER=ranges.json');
  });
});
