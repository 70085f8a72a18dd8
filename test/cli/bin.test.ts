/**
 * The real executable, spawned: `bin/robots-lab.mjs` starts through tsx with
 * no build step, and `batch` agrees with Google's reference parser on every
 * case of test/conformance/differential.jsonl.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin/robots-lab.mjs');

function cli(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', cwd: root, maxBuffer: 1 << 28 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface DifferentialCase {
  useragent: string;
  url: string;
  allowed: boolean;
  line: number;
}

describe('bin/robots-lab.mjs', () => {
  it('prints help and the version', () => {
    const help = cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('robots-lab help COMMAND');
    const version = cli(['--version']);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
  });

  it('checks a real file and exits 1 with a summary when an expectation fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lab-'));
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /admin\n');
    writeFileSync(join(dir, 'allowed.txt'), '/\n/admin/login\n');
    const r = cli(['check', join(dir, 'robots.txt'), '-a', 'googlebot', '--expect-allowed', join(dir, 'allowed.txt')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/\/admin\/login\s+Googlebot\s+BLOCKED\s+2\s+Disallow: \/admin/);
    expect(r.stderr).toContain('expected ALLOWED, got BLOCKED by line 2: Disallow: /admin');
  });

  it('reports a missing file in one line with exit 2 and no stack trace', () => {
    const r = cli(['check', 'no/such/robots.txt', '-a', 'googlebot', '/']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('robots-lab: cannot read robots.txt "no/such/robots.txt": no such file\n');
  });

  it('-o writes the results to FILE; a FILE that cannot be written is one line with exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lab-'));
    writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /admin\n');
    const check = (out: string) =>
      cli(['check', join(dir, 'robots.txt'), '-a', 'googlebot', '-f', 'csv', '-o', out, '/admin']);
    expect(check(join(dir, 'out.csv'))).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(join(dir, 'out.csv'), 'utf8')).toContain('\r\n/admin,/admin,Googlebot,blocked,2,');
    const missing = join(dir, 'no/such/out.csv');
    expect(check(missing)).toMatchObject({
      code: 2,
      stderr: `robots-lab: cannot write output file "${missing}": no such directory\n`,
    });
    expect(check(dir)).toMatchObject({
      code: 2,
      stderr: `robots-lab: cannot write output file "${dir}": is a directory\n`,
    });
  });

  it('stops quietly, without a stack trace, when the reader of its output goes away', async () => {
    const line = `${JSON.stringify({ robotstxt: 'user-agent: *\ndisallow: /a\n', useragent: 'x', url: '/a' })}\n`;
    const child = spawn(process.execPath, [bin, 'batch'], { cwd: root });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    child.stdin.on('error', () => {}); // the child may exit before all input is written
    child.stdin.end(line.repeat(200_000));
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('batch agrees with the reference on every verdict and deciding line of differential.jsonl', () => {
    const files = readFileSync(join(root, 'test/conformance/differential.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { robotstxt: string; cases: DifferentialCase[] });
    const queries: string[] = [];
    const expected: DifferentialCase[] = [];
    for (const f of files) {
      for (const c of f.cases) {
        queries.push(JSON.stringify({ robotstxt: f.robotstxt, useragent: c.useragent, url: c.url }));
        expected.push(c);
      }
    }
    expect(expected.length).toBeGreaterThanOrEqual(3000);
    const r = cli(['batch'], `${queries.join('\n')}\n`);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const got = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { allowed: boolean; line: number | null });
    expect(got).toHaveLength(expected.length);
    const mismatches = expected
      .map((c, i) => ({ i, c, g: got[i] }))
      .filter(({ c, g }) => g.allowed !== c.allowed || g.line !== (c.line === 0 ? null : c.line))
      .map(
        ({ i, c, g }) => `#${i} ${c.useragent} ${c.url}: expected ${c.allowed}/${c.line}, got ${g.allowed}/${g.line}`,
      );
    expect(mismatches).toEqual([]);
  });
});
