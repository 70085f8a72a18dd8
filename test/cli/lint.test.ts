/**
 * `robots-lab lint`: the engine's diagnostics with line, column, severity,
 * code, fix and source, and an exit status for CI (docs/behaviour.md §3, §6).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './harness';

const FILE = ['User-agent: *', 'Disalow: /x', 'Disallow: private', 'Crawl-delay: 5', ''].join('\n');
const files = { 'r.txt': FILE, 'clean.txt': 'User-agent: *\nDisallow: /private\n' };

describe('lint', () => {
  it('reports each diagnostic with its line, column, severity, code, first fix and source line, as JSON', async () => {
    const r = await runCli(['lint', 'r.txt', '--format', 'json'], files);
    const reports = JSON.parse(r.stdout) as Record<string, unknown>[];
    expect(reports.map(({ message: _m, ...rest }) => rest)).toEqual([
      {
        line: 2,
        column: 1,
        severity: 'warning',
        code: 'typo-key',
        fix: { label: expect.any(String), from: 14, to: 21, insert: 'Disallow' },
        source: 'Disalow: /x',
      },
      {
        line: 3,
        column: 11,
        severity: 'error',
        code: 'path-no-slash',
        fix: { label: expect.any(String), from: 36, to: 36, insert: '/' },
        source: 'Disallow: private',
      },
      { line: 4, column: 1, severity: 'info', code: 'ignored-key', fix: null, source: 'Crawl-delay: 5' },
    ]);
    expect(reports.every((d) => typeof d.message === 'string' && d.message !== '')).toBe(true);
    expect(r.code).toBe(1); // an error is present
  });

  it('writes compiler-style text lines and a count', async () => {
    const r = await runCli(['lint', 'r.txt'], files);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^r\.txt:2:1: warning typo-key: /);
    expect(lines[1]).toBe('    Disalow: /x');
    expect(lines).toContain('    Disallow: private');
    expect(lines.at(-1)).toBe('1 error, 1 warning, 1 info');
  });

  it('exits 1 on errors by default, and at the severity --fail-on names', async () => {
    const warnOnly = { 'w.txt': 'User-agent: *\nDisalow: /x\n' };
    expect((await runCli(['lint', 'w.txt'], warnOnly)).code).toBe(0);
    expect((await runCli(['lint', 'w.txt', '--fail-on', 'warning'], warnOnly)).code).toBe(1);
    expect((await runCli(['lint', 'w.txt', '--fail-on', 'info'], warnOnly)).code).toBe(1);
    const infoOnly = { 'i.txt': 'User-agent: *\nCrawl-delay: 5\n' };
    expect((await runCli(['lint', 'i.txt', '--fail-on', 'warning'], infoOnly)).code).toBe(0);
    expect((await runCli(['lint', 'i.txt', '--fail-on', 'info'], infoOnly)).code).toBe(1);
  });

  it('reports nothing and exits 0 for a clean file', async () => {
    const r = await runCli(['lint', 'clean.txt', '-f', 'json'], files);
    expect(r).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
  });

  it('exits 2 with one line for a missing file, an unknown format or severity', async () => {
    for (const [argv, message] of [
      [['lint', 'nope.txt'], 'robots-lab: cannot read robots.txt "nope.txt": no such file\n'],
      [
        ['lint', 'r.txt', '-f', 'xml'],
        expect.stringMatching(/^robots-lab: --format takes text, json, sarif, github, not "xml"\n/),
      ],
      [
        ['lint', 'r.txt', '--fail-on', 'fatal'],
        expect.stringContaining('--fail-on takes error, warning, info, not "fatal"'),
      ],
    ] as const) {
      const r = await runCli([...argv], files);
      expect(r.code).toBe(2);
      expect(r.stderr).toEqual(message);
    }
  });
});
