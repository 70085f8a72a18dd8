/**
 * The GitHub Action (action.yml): its shell steps run here as a runner runs
 * them (bash -eo pipefail, inputs and GITHUB_ENV), with the package packed
 * by `npm pack` and installed by the action's own step, against robots.txt
 * files and a live file served by a local server on 127.0.0.1.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Step {
  name: string;
  env?: Record<string, string>;
  run: string;
}
interface Action {
  inputs: Record<string, { default: string }>;
  runs: { steps: Step[] };
}

const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as Action;
let tarball = '';
let server: Server;
let origin = '';
/** What the server answers, by path. */
const LIVE: Record<string, { status: number; body?: string; location?: string }> = {
  '/robots.txt': { status: 301, location: '/live/robots.txt' },
  '/live/robots.txt': { status: 200, body: 'User-agent: *\nDisallow: /private\n' },
  '/empty.txt': { status: 200, body: '' },
  '/missing.txt': { status: 404, body: '<html><body>Not found</body></html>' },
};

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'robots-lab-pack-'));
  const packed = spawnSync('npm', ['pack', '--silent', '--pack-destination', dir], { cwd: root, encoding: 'utf8' });
  expect(packed.status, packed.stderr).toBe(0);
  tarball = join(dir, packed.stdout.trim().split('\n').pop()!);
  server = createServer((req, res) => {
    const page = LIVE[req.url ?? ''] ?? { status: 404 };
    res.writeHead(page.status, page.location ? { location: page.location } : {});
    res.end(page.body ?? '');
  });
  return new Promise<void>((ready) =>
    server.listen(0, '127.0.0.1', () => {
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      ready();
    }),
  );
}, 120_000);

afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** Runs a command without blocking this process, whose server the command may call. */
function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (status) => done({ status, output }));
  });
}

/** Runs the action's steps in order, as a runner does, until one fails; the log and the failing step. */
async function runAction(inputs: Record<string, string>, files: Record<string, string>) {
  const work = mkdtempSync(join(tmpdir(), 'robots-lab-action-'));
  const temp = mkdtempSync(join(tmpdir(), 'robots-lab-runner-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(work, name), text);
  const githubEnv = join(temp, 'github-env');
  writeFileSync(githubEnv, '');
  const value = (text: string) =>
    text.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, name: string) => inputs[name] ?? action.inputs[name].default);
  let log = '';
  for (const step of action.runs.steps) {
    const exported = Object.fromEntries(
      readFileSync(githubEnv, 'utf8')
        .split('\n')
        .filter((l) => l.includes('='))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, value(v)]));
    const r = await bash(step.run, work, {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      RUNNER_TEMP: temp,
      GITHUB_ENV: githubEnv,
      ...exported,
      ...env,
    });
    log += `## ${step.name} (exit ${r.status})\n${r.output}`;
    if (r.status !== 0) return { failed: step.name, status: r.status, log };
  }
  return { failed: null, status: 0, log };
}

const GOOD =
  'User-agent: *\nDisallow: /private\n# expect: blocked googlebot /private/x\n# expect: allowed googlebot /shop\n';

describe('the GitHub Action', () => {
  it('passes a file that lints clean, meets its expectations and changes nothing against the live file', async () => {
    const r = await runAction(
      { package: tarball, base: `${origin}/robots.txt`, urls: '/ /private/x /shop' },
      { 'robots.txt': GOOD },
    );
    expect(r.failed, r.log).toBeNull();
    expect(r.log).toContain('2 of 2 expectations met');
    expect(r.log).toContain('this deploy would block 0 URLs');
  }, 120_000);

  it('fails the diff gate, with an annotation, when the change blocks a URL the live file allows', async () => {
    const blocking = `${GOOD}Disallow: /shop\n`.replace('# expect: allowed googlebot /shop\n', '');
    const r = await runAction(
      { package: tarball, base: `${origin}/robots.txt`, urls: '/shop' },
      { 'robots.txt': blocking },
    );
    expect(r.failed).toBe('Diff against the base');
    expect(r.status).toBe(1);
    expect(r.log).toContain('::error file=robots.txt,title=robots-lab diff::this change flips verdicts');
    expect(r.log).toContain('/shop for Googlebot: ALLOWED (no rule) → BLOCKED by line 4');
  }, 120_000);

  it('annotates lint errors on their lines and stops there', async () => {
    const r = await runAction({ package: tarball }, { 'robots.txt': '<!DOCTYPE html>\n<html></html>\n' });
    expect(r.failed).toBe('Lint');
    expect(r.log).toMatch(/::error file=robots\.txt,line=1,col=1,title=robots-lab html-page::/);
  }, 120_000);

  it('refuses a base that cannot be fetched or is empty, rather than passing the gate', async () => {
    for (const path of ['/missing.txt', '/empty.txt']) {
      const r = await runAction({ package: tarball, base: `${origin}${path}` }, { 'robots.txt': GOOD });
      expect(r.failed, path).toBe('Diff against the base');
      expect(r.status).toBe(2);
      expect(r.log).toMatch(/::error title=robots-lab::(cannot fetch|the base .* is empty)/);
    }
  }, 120_000);
});
