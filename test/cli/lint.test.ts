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
    expect(reports.map(({ message: _m, file: _f, ...rest }) => rest)).toEqual([
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

describe('lint for CI', () => {
  const good = 'User-agent: *\nDisallow: /private\n';
  const typo = 'User-agent: *\nDisalow: /x\n';

  it('lints several files in one run, each diagnostic naming its file', async () => {
    const r = await runCli(['lint', 'a.txt', 'b.txt', '-f', 'json'], { 'a.txt': typo, 'b.txt': typo });
    // A misspelt key is a warning: under the default --fail-on error the run passes.
    expect(r.code).toBe(0);
    const reports = JSON.parse(r.stdout);
    expect(reports.map((x: { file: string; line: number }) => [x.file, x.line])).toEqual([
      ['a.txt', 2],
      ['b.txt', 2],
    ]);
  });

  it('says what a file is when it is empty, not UTF-8, an HTML page or a JSON body', async () => {
    const files = {
      'empty.txt': '',
      'latin1.txt': new Uint8Array([...Buffer.from('User-agent: *\nDisallow: /caf'), 0xe9, 0x0a]),
      'page.txt': '<!DOCTYPE html>\n<html><body>Not found</body></html>\n',
      'api.txt': '{"error":"not found","status":404}\n',
    };
    const r = await runCli(['lint', ...Object.keys(files), '-f', 'json', '--fail-on', 'warning'], files);
    expect(r.code).toBe(1);
    const got = JSON.parse(r.stdout).map((x: { file: string; code: string; line: number; column: number }) => [
      x.file,
      x.code,
      x.line,
      x.column,
    ]);
    expect(got).toEqual(
      expect.arrayContaining([
        ['empty.txt', 'empty-file', 1, 1],
        ['latin1.txt', 'invalid-utf8', 2, 15],
        ['page.txt', 'html-page', 1, 1],
        ['api.txt', 'json-body', 1, 1],
      ]),
    );
  });

  it('echoes a long line only up to a bounded length', async () => {
    const r = await runCli(['lint', 'long.txt', '-f', 'json'], {
      'long.txt': `User-agent: *\nDisalow: /${'a'.repeat(5000)}\n`,
    });
    const [report] = JSON.parse(r.stdout);
    expect(report.source).toBe(`Disalow: /${'a'.repeat(190)}…`);
  });

  it('writes GitHub annotations on the lines, and a SARIF log', async () => {
    const gh = await runCli(['lint', 'a.txt', 'b.txt', '-f', 'github'], { 'a.txt': good, 'b.txt': typo });
    expect(gh.stdout).toMatch(/^::(error|warning) file=b\.txt,line=2,col=1,title=robots-lab [a-z-]+::.+\n$/);
    const s = await runCli(['lint', 'b.txt', '-f', 'sarif'], { 'b.txt': typo });
    const log = JSON.parse(s.stdout);
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0].results[0].locations[0].physicalLocation).toMatchObject({
      artifactLocation: { uri: 'b.txt' },
      region: { startLine: 2, startColumn: 1 },
    });
  });
});
