/**
 * The published package as a user gets it: `npm pack`, install the tarball
 * into an empty folder (offline: it has no dependencies), run the CLI from
 * there, and import the engine from a TypeScript file that tsc type-checks
 * with Node's own ESM resolution.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');
let app = '';
let packed: string[] = [];

beforeAll(() => {
  const packDir = mkdtempSync(join(tmpdir(), 'robots-lab-pack-'));
  // npm pack runs the prepare script, which builds lib/ first.
  const report = execFileSync('npm', ['pack', '--json', '--pack-destination', packDir], {
    cwd: root,
    encoding: 'utf8',
  });
  packed = (JSON.parse(report) as { files: { path: string }[] }[])[0].files.map((f) => f.path);
  const tarball = join(packDir, readdirSync(packDir).find((f) => f.endsWith('.tgz'))!);
  app = mkdtempSync(join(tmpdir(), 'robots-lab-app-'));
  writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true, "type": "module" }\n');
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: app, encoding: 'utf8' });
}, 240_000);

describe('the npm package', () => {
  it('ships the built library, the CLI, the README and the LICENSE, and no sources or tests', () => {
    expect(packed).toEqual(
      expect.arrayContaining(['LICENSE', 'README.md', 'package.json', 'lib/cli.mjs', 'lib/index.js']),
    );
    expect(packed.filter((p) => /^(src|test|e2e|bench)\//.test(p))).toEqual([]);
  });

  it('installs with no dependencies: only robots-lab itself lands in node_modules', () => {
    expect(readdirSync(join(app, 'node_modules')).filter((d) => !d.startsWith('.'))).toEqual(['robots-lab']);
  });

  it('runs the installed CLI: is-allowed answers with its exit status, --version with the version', {
    timeout: 60_000,
  }, () => {
    writeFileSync(join(app, 'robots.txt'), 'User-agent: *\nDisallow: /private\n');
    const bin = join(app, 'node_modules/.bin/robots-lab');
    const run = (args: string[]) => spawnSync(bin, args, { cwd: app, encoding: 'utf8' });
    expect(run(['is-allowed', 'robots.txt', 'https://example.com/private/x', 'FooBot']).status).toBe(1);
    expect(run(['is-allowed', 'robots.txt', 'https://example.com/public', 'FooBot']).status).toBe(0);
    expect(run(['--version']).stdout.trim()).toBe('0.1.0');
    const check = run(['check', 'robots.txt', '-a', 'googlebot', '/private/a', '-f', 'csv']);
    expect(check.stdout.split('\r\n')[1]).toBe('/private/a,/private/a,Googlebot,blocked,2,Disallow: /private,,,');
  });

  it('imports the engine from TypeScript, type-checked with Node16 resolution, and runs it', {
    timeout: 180_000,
  }, () => {
    writeFileSync(
      join(app, 'use.ts'),
      [
        "import { evaluate, findProfile, lintRobots, parseRobotsTxt, type Verdict } from 'robots-lab';",
        "const robots = parseRobotsTxt('User-agent: *\\nDisallow: /private\\nDisalow: /typo\\n');",
        "const v: Verdict = evaluate(robots, 'https://example.com/private/x', 'FooBot');",
        '// @ts-expect-error: allowed is a boolean, so the types really resolved (not any)',
        'const wrong: string = v.allowed;',
        "const image = findProfile('googlebot-image');",
        'const codes: string[] = lintRobots(robots).map((d) => d.code);',
        'console.log(JSON.stringify({ allowed: v.allowed, line: v.rule?.line, tokens: image?.tokens, codes, wrong }));',
        '',
      ].join('\n'),
    );
    const check = spawnSync(
      process.execPath,
      [
        tsc,
        '--strict',
        '--noEmit',
        '--module',
        'node16',
        '--moduleResolution',
        'node16',
        '--target',
        'es2022',
        'use.ts',
      ],
      { cwd: app, encoding: 'utf8' },
    );
    expect(check.stdout + check.stderr).toBe('');
    expect(check.status).toBe(0);
    // Type-checked as TypeScript above; run the same code as plain JavaScript (no type syntax but `type Verdict`).
    const js = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { evaluate, findProfile, lintRobots, parseRobotsTxt } from 'robots-lab';" +
          "const robots = parseRobotsTxt('User-agent: *\\nDisallow: /private\\nDisalow: /typo\\n');" +
          "const v = evaluate(robots, 'https://example.com/private/x', 'FooBot');" +
          "console.log(JSON.stringify({ allowed: v.allowed, line: v.rule?.line, tokens: findProfile('googlebot-image')?.tokens, lint: lintRobots(robots).length > 0 }));",
      ],
      { cwd: app, encoding: 'utf8' },
    );
    expect(js.stderr).toBe('');
    expect(JSON.parse(js.stdout)).toEqual({
      allowed: false,
      line: 2,
      tokens: ['Googlebot-Image', 'Googlebot'],
      lint: true,
    });
  });
});
