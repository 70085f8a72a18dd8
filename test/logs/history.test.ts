/**
 * Where the robots.txt history comes from: dated file names, fetch records
 * and a git repository's commits (a real repository made in a temporary
 * directory, commit times set by hand).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliIo, nodeIo } from '../../src/cli/io';
import { loadHistory } from '../../src/cli/logHistory';
import { run } from '../../src/cli/main';
import { parseRobotsTxt } from '../../src/core';
import { historyFromFiles } from '../../src/core/logs/index';

function quietIo(): CliIo & { out: () => string; err: () => string } {
  let stdout = '';
  let stderr = '';
  return {
    ...nodeIo(),
    stdout: {
      write: (t: string | Uint8Array) => {
        stdout += String(t);
        return true;
      },
    },
    stderr: { write: (t: string) => (stderr += t) },
    out: () => stdout,
    err: () => stderr,
  };
}

describe('dated file names', () => {
  it('reads a day, a minute or a second, with Z, an offset, or - for :', async () => {
    const names = [
      '2026-09-01.txt',
      '2026-09-02T00:00Z.txt',
      '2026-09-03T13-05-07Z-robots.txt',
      '2026-09-04T12:00+02:00.txt',
      'robots.txt',
    ];
    const history = await historyFromFiles({
      label: 'the opened files',
      names,
      where: (name) => name,
      read: async () => new TextEncoder().encode('User-agent: *\nDisallow: /a\n'),
      parse: (_where, bytes) => parseRobotsTxt(new TextDecoder().decode(bytes)),
      sha256: async () => '',
    });
    expect(Object.fromEntries(history.versions.map((v) => [v.label, v.from]))).toEqual({
      '2026-09-01.txt': Date.UTC(2026, 8, 1),
      '2026-09-02T00:00Z.txt': Date.UTC(2026, 8, 2),
      '2026-09-03T13-05-07Z-robots.txt': Date.UTC(2026, 8, 3, 13, 5, 7),
      '2026-09-04T12:00+02:00.txt': Date.UTC(2026, 8, 4, 10),
    });
    expect(history.ignored).toEqual(['robots.txt']);
  });
});

describe('a git repository as the history', () => {
  it('judges each request against the commit of the file live at its time', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'robots-lab-git-'));
    const git = (args: string[], date?: string) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
        cwd: repo,
        env: { ...process.env, ...(date ? { GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date } : {}) },
      });
    git(['init', '-q']);
    writeFileSync(join(repo, 'robots.txt'), 'User-agent: *\nDisallow: /a\n');
    git(['add', 'robots.txt']);
    git(['commit', '-q', '-m', 'one'], '2026-09-01T00:00:00Z');
    writeFileSync(join(repo, 'other.txt'), 'not robots');
    git(['add', 'other.txt']);
    git(['commit', '-q', '-m', 'unrelated'], '2026-09-03T00:00:00Z');
    writeFileSync(join(repo, 'robots.txt'), 'User-agent: *\nDisallow: /b\n');
    git(['commit', '-q', '-am', 'two'], '2026-09-05T00:00:00Z');

    const io = quietIo();
    const versions = await loadHistory(io, `git:${join(repo, 'robots.txt')}`, true);
    // Two commits changed the file (the unrelated one did not).
    expect(versions.map((v) => v.from).sort()).toEqual([Date.UTC(2026, 8, 1), Date.UTC(2026, 8, 5)]);

    const log = [
      '1.1.1.1 - - [02/Sep/2026:00:00:00 +0000] "GET /a HTTP/1.1" 200 1 "-" "FooBot/1.0"',
      '1.1.1.1 - - [02/Sep/2026:00:00:00 +0000] "GET /b HTTP/1.1" 200 1 "-" "FooBot/1.0"',
      '1.1.1.1 - - [07/Sep/2026:00:00:00 +0000] "GET /a HTTP/1.1" 200 1 "-" "FooBot/1.0"',
      '1.1.1.1 - - [07/Sep/2026:00:00:00 +0000] "GET /b HTTP/1.1" 200 1 "-" "FooBot/1.0"',
    ].join('\n');
    writeFileSync(join(repo, 'access.log'), log);
    const code = await run(
      ['logs', join(repo, 'access.log'), '--robots', `git:${join(repo, 'robots.txt')}`, '--violations', '-f', 'jsonl'],
      io,
    );
    expect(code).toBe(0);
    const got = io
      .out()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { url: string; time: string; line: number });
    // /a on 2 Sep (first commit's line 2) and /b on 7 Sep (second commit's line 2).
    expect(got.map((v) => [v.time, v.url, v.line])).toEqual([
      ['2026-09-02T00:00:00Z', '/a', 2],
      ['2026-09-07T00:00:00Z', '/b', 2],
    ]);
  });

  it('says so when the path has no git history', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lab-nogit-'));
    writeFileSync(join(dir, 'access.log'), '');
    const io = quietIo();
    const code = await run(['logs', join(dir, 'access.log'), '--robots', `git:${join(dir, 'robots.txt')}`], io);
    expect(code).toBe(2);
    expect(io.err()).toMatch(/cannot read the git history of .*robots\.txt|has no commits in its git history/);
  });
});

describe('a directory of versions', () => {
  it('refuses a fetch record without the fields it needs, naming the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lab-rec-'));
    writeFileSync(join(dir, 'r.json'), JSON.stringify({ status: 200 }));
    writeFileSync(join(dir, 'access.log'), '');
    const io = quietIo();
    expect(await run(['logs', join(dir, 'access.log'), '--robots', dir], io)).toBe(2);
    expect(io.err()).toContain(
      `fetch record ${join(dir, 'r.json')} needs "fetchedAt" (a date) and "status" (a number)`,
    );
  });
});

describe('fetch records as robots-lab fetch --save writes them', () => {
  const record = (over: Record<string, unknown>) =>
    JSON.stringify({
      format: 'robots-lab/fetch@1',
      origin: 'https://www.example.com',
      url: 'https://www.example.com/robots.txt',
      redirects: [],
      ...over,
    });

  it('reads the body beside the record, and the mode the record gives', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lab-save-'));
    const body = 'User-agent: *\nDisallow: /a\n';
    const sha = createHash('sha256').update(body).digest('hex');
    // Two snapshots of one origin, saved under dated names; the second fetch failed (no answer).
    writeFileSync(
      join(dir, 'https_www.example.com-1.json'),
      record({ fetchedAt: '2026-09-01T00:00:00Z', status: 200, mode: 'rules', sha256: sha }),
    );
    writeFileSync(join(dir, 'https_www.example.com-1.txt'), body);
    writeFileSync(
      join(dir, 'https_www.example.com-2.json'),
      record({ fetchedAt: '2026-09-05T00:00:00Z', status: 0, mode: 'disallow-all', sha256: '' }),
    );
    const versions = await loadHistory(quietIo(), dir, true);
    expect(versions.map((v) => [v.label, v.status, v.mode, v.parsed === null])).toEqual([
      ['https_www.example.com-1.json', 200, 'rules', false],
      ['https_www.example.com-2.json', 0, 'disallow-all', true],
    ]);
  });

  it("refuses a body whose SHA-256 is not its record's, and records of two origins", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lab-sha-'));
    writeFileSync(join(dir, 'a.json'), record({ fetchedAt: '2026-09-01T00:00:00Z', status: 200, sha256: '00' }));
    writeFileSync(join(dir, 'a.txt'), 'User-agent: *\n');
    await expect(loadHistory(quietIo(), dir, true)).rejects.toThrow(
      `${join(dir, 'a.txt')}: its SHA-256 is not the one a.json names`,
    );

    const two = mkdtempSync(join(tmpdir(), 'robots-lab-two-'));
    writeFileSync(join(two, 'a.json'), record({ fetchedAt: '2026-09-01T00:00:00Z', status: 404 }));
    writeFileSync(
      join(two, 'b.json'),
      record({ fetchedAt: '2026-09-02T00:00:00Z', status: 404, origin: 'https://other.example' }),
    );
    await expect(loadHistory(quietIo(), two, true)).rejects.toThrow('holds fetch records of several origins');
  });
});
