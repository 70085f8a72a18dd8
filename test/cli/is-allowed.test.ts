/**
 * `robots-lab is-allowed`, the form google/robotstxt-spec-test runs, spawned
 * (bundled, as the package ships it) as a real process the way that suite does: one case per textproto file of
 * test/conformance/spec-test.jsonl (every file covered, both outcomes and
 * both case types represented), the robots.txt written as its exact bytes,
 * the answer read from the exit status alone. docs/behaviour.md §12.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SpecTestCase, specTest } from '../conformance/load';
import { bundleCli } from './bundle';
import { runCli } from './harness';

const root = fileURLToPath(new URL('../..', import.meta.url));
let bin = '';
beforeAll(async () => {
  bin = await bundleCli();
});

/** One case per file; alternate files prefer an ALLOWED and a DISALLOWED case so both exits are exercised. */
function sample(cases: SpecTestCase[]): SpecTestCase[] {
  const byFile = new Map<string, SpecTestCase[]>();
  for (const c of cases) byFile.set(c.file, [...(byFile.get(c.file) ?? []), c]);
  return [...byFile.values()].map((list, i) => {
    const want = i % 2 === 0 ? 'DISALLOWED' : 'ALLOWED';
    return (
      list.find((c) => c.expected === want && c.type === 'GOOGLE_SPECIFIC') ??
      list.find((c) => c.expected === want) ??
      list[0]
    );
  });
}

function exitStatus(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** Runs `jobs` at most `width` at a time (2 cores are shared with other suites). */
async function pool<T, R>(items: T[], width: number, job: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await job(items[i]);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return out;
}

describe('is-allowed: google/robotstxt-spec-test through real processes', () => {
  const all = specTest();
  const chosen = sample(all);

  it('the sample covers every textproto file, both outcomes and both case types', () => {
    expect(new Set(chosen.map((c) => c.file)).size).toBe(new Set(all.map((c) => c.file)).size);
    expect(new Set(chosen.map((c) => c.expected))).toEqual(new Set(['ALLOWED', 'DISALLOWED']));
    expect(new Set(chosen.map((c) => c.type))).toEqual(new Set(['STANDARD', 'GOOGLE_SPECIFIC']));
  });

  it("exits 0 for ALLOWED and 1 for DISALLOWED on every sampled case in the suite's order, printing Google's verdict line", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'robots-lab-spec-'));
    const results = await pool(chosen, 3, async (c) => {
      const file = join(dir, `${all.indexOf(c)}.txt`);
      writeFileSync(file, Buffer.from(c.robotstxt_b64, 'base64'));
      const r = await exitStatus(['is-allowed', file, c.url, c.useragent]);
      return { c, ...r };
    });
    const verdict = (c: SpecTestCase) => `user-agent '${c.useragent}' with URI '${c.url}': ${c.expected}\n`;
    const wrong = results
      .filter((r) => r.code !== (r.c.expected === 'ALLOWED' ? 0 : 1) || !r.stdout.startsWith(verdict(r.c)))
      .map((r) => `${r.c.file} ${r.c.useragent} ${r.c.url}: expected ${r.c.expected}, exit ${r.code} ${r.stderr}`);
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('is-allowed: usage', () => {
  it("judges /robots.txt like any other path, as Google's library does", async () => {
    const files = { 'r.txt': 'User-agent: *\nDisallow: /\n' };
    expect((await runCli(['is-allowed', 'r.txt', 'http://example.com/robots.txt', 'bot'], files)).code).toBe(1);
    expect(
      (
        await runCli(['is-allowed', 'r.txt', 'http://example.com/robots.txt', 'bot'], {
          'r.txt': 'User-agent: *\nAllow: /\n',
        })
      ).code,
    ).toBe(0);
  });

  it('takes the URL byte-exact: no percent-encoding of a raw non-ASCII path', async () => {
    // The pattern is stored percent-encoded (docs/behaviour.md §7); a raw
    // UTF-8 path in the URL is not re-encoded by the library, so it does not match.
    const files = { 'r.txt': 'User-agent: *\nDisallow: /ツ\n' };
    expect((await runCli(['is-allowed', 'r.txt', 'http://example.com/%E3%83%84', 'bot'], files)).code).toBe(1);
    expect((await runCli(['is-allowed', 'r.txt', 'http://example.com/ツ', 'bot'], files)).code).toBe(0);
  });

  it('exits 2 with one line for a missing file or a wrong number of arguments', async () => {
    const missing = await runCli(['is-allowed', 'nope.txt', 'http://example.com/', 'bot']);
    expect(missing).toEqual({
      code: 2,
      stdout: '',
      stderr: 'robots-lab: cannot read robots.txt "nope.txt": no such file\n',
    });
    const short = await runCli(['is-allowed', 'r.txt', 'http://example.com/']);
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(
      /^robots-lab: is-allowed takes exactly 3 arguments: ROBOTS.txt USER_AGENT URL \(got 2\)\n/,
    );
  });
});

describe('is-allowed: the order of the arguments', () => {
  const files = { 'r.txt': 'User-agent: GPTBot\nDisallow: /\n' };

  it("reads Google's binary's order (ROBOTS.txt USER_AGENT URL), printing its one-line verdict", async () => {
    expect(await runCli(['is-allowed', 'r.txt', 'GPTBot', 'https://site/page'], files)).toEqual({
      code: 1,
      stdout: "user-agent 'GPTBot' with URI 'https://site/page': DISALLOWED\n",
      stderr: '',
    });
    expect((await runCli(['is-allowed', 'r.txt', 'OtherBot', 'https://site/page'], files)).code).toBe(0);
  });

  it("reads the spec-test harness's order (URL then agent) when the URL is unmistakable, with a note", async () => {
    const r = await runCli(['is-allowed', 'r.txt', 'https://site/page', 'GPTBot'], files);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("user-agent 'GPTBot' with URI 'https://site/page': DISALLOWED\n");
    expect(r.stderr).toMatch(/^note: read as ROBOTS.txt URL USER_AGENT/);
    expect((await runCli(['is-allowed', 'r.txt', '/page', 'GPTBot'], files)).code).toBe(1);
  });

  it('refuses, with exit 2, a call whose readings disagree and whose arguments do not tell', async () => {
    for (const argv of [
      ['is-allowed', 'r.txt', 'https://site/page', 'https://site/other'],
      ['is-allowed', 'r.txt', 'GPTBot', 'Foo'],
    ]) {
      const files2 = { 'r.txt': 'User-agent: GPTBot\nDisallow: /\nUser-agent: Foo\nAllow: /\n' };
      const r = await runCli(argv, argv[3] === 'Foo' ? files2 : { 'r.txt': 'User-agent: *\nDisallow: /page\n' });
      expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: '' });
      expect(r.stderr).toMatch(/^robots-lab: is-allowed cannot tell the user agent from the URL/);
    }
  });

  it('answers when both readings agree, even if the arguments do not tell', async () => {
    const r = await runCli(['is-allowed', 'r.txt', 'OneBot', 'TwoBot'], files);
    expect(r.code).toBe(0);
  });
});

describe('is-allowed: an unexpected failure', () => {
  it('exits 2 with one line, never 1 (which would read as disallowed)', async () => {
    // The executable's crash guard, loaded first, then a failure nobody catches.
    const script = `import ${JSON.stringify(join(root, 'src/cli/crash.ts'))}; setTimeout(() => { throw new Error('boom\\nat somewhere'); });`;
    const rejected = `import ${JSON.stringify(join(root, 'src/cli/crash.ts'))}; Promise.reject(new Error('gone'));`;
    for (const [code, line] of [
      [script, 'robots-lab: internal error: boom\n'],
      [rejected, 'robots-lab: internal error: gone\n'],
    ]) {
      const r = await new Promise<{ code: number | null; stderr: string }>((done) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: root });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('close', (c) => done({ code: c, stderr }));
      });
      expect(r).toEqual({ code: 2, stderr: line });
    }
  });
});
