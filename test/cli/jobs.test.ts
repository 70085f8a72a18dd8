/**
 * `check --jobs N`: the URLs judged on N threads give one thread's output,
 * byte for byte, whatever the pieces the lists are cut into. Oracles: the
 * run with `--jobs 1`, and beside it values that do not come from the
 * engine: each row's line number from a plain split of the whole decoded
 * list (LF, CR LF or CR end a line), its verdict and deciding line from the
 * independent reference model (test/model). The workers run the CLI
 * bundled from the current sources (bundle.ts), as the package ships it.
 */
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../src/cli/check';
import { CliError } from '../../src/cli/io';
import type { JobsHost } from '../../src/cli/jobs';
import { run } from '../../src/cli/main';
import { ListPieces } from '../../src/cli/pieces';
import { modelDecide } from '../model/reference-model';
import { bundleCli } from './bundle';
import { memoryIo } from './harness';

let script: URL;
beforeAll(async () => {
  script = pathToFileURL(await bundleCli());
}, 60_000);

/**
 * `check` in-process with `--jobs n`, its lists cut into pieces of
 * `pieceBytes`; a usage error ends it as `run` (main.ts) ends it.
 */
async function check(argv: string[], files: Record<string, string | Uint8Array>, jobs: number, pieceBytes: number) {
  const { io, output } = memoryIo(files);
  // The workers are waited for, so they surely take pieces (else the main thread judges until they start).
  const host: JobsHost = { script, pieceBytes, awaitWorkers: true };
  let code: number;
  try {
    code = await runCheck([...argv, '--jobs', String(jobs)], io, host);
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    io.stderr.write(`robots-lab: ${err.message}\n`);
    code = 2;
  }
  return { code, ...output() };
}

const ROBOTS = [
  'User-agent: *', // 1
  'Disallow: /private', // 2
  'Allow: /private/pub', // 3
  'Disallow: /*.pdf$', // 4
  '',
  'User-agent: FooBot', // 6
  'Disallow: /', // 7
  'Allow: /open', // 8
  'Disallow: /*?q=', // 9
  'Allow: /caf%C3%A9', // 10
  '',
].join('\n');

/** A list's URL lines as the documented rule reads them: LF, CR LF or CR end a line; trimmed; blank and `#` lines skipped. */
function expectedLines(bytes: Uint8Array): { url: string; line: number }[] {
  return new TextDecoder()
    .decode(bytes)
    .split(/\r\n|\r|\n/)
    .map((l, i) => ({ url: l.trim(), line: i + 1 }))
    .filter((l) => l.url !== '' && !l.url.startsWith('#'));
}

/** Lines a URL list may hold, none of them unreadable. */
const LINE = fc.oneof(
  fc.constantFrom(
    '/open/page',
    '/private/x',
    '/private/pub/y',
    '/doc.pdf',
    '/x?q=1',
    '/café',
    '/日本?ü=1',
    '  /spaced  ',
    '\t/tab',
    '# a comment',
    '',
    ' ',
    '\uFEFF/bom',
    'https://www.example.com/private/a',
    'https://www.example.com/%7euser',
    'http://ünï.example/open',
    '/a,b',
    '/€%20x',
  ),
  // Lines longer than a piece.
  fc.stringMatching(/^\/[a-z0-9][a-z0-9/?=]{0,300}$/),
);
const ENDING = fc.constantFrom('\n', '\r\n', '\r');
/** A list: lines with any of the three line ends, ending with one or not. */
const LIST = fc
  .tuple(fc.array(fc.tuple(LINE, ENDING), { maxLength: 60 }), fc.boolean())
  .map(([lines, endsWithBreak]) => {
    const text = lines.map(([l, e]) => l + e).join('');
    return Buffer.from(endsWithBreak ? text : text.replace(/(\r\n|\r|\n)$/, ''));
  });

describe('check --jobs', () => {
  it('writes the bytes of one thread, each row on its own line number and with the model verdict', async () => {
    await fc.assert(
      fc.asyncProperty(
        LIST,
        fc.integer({ min: 1, max: 256 }),
        fc.constantFrom('jsonl', 'csv'),
        async (list, pieceBytes, format) => {
          const argv = ['robots.txt', '-a', 'FooBot,BarBot', '--urls', 'list.txt', '-f', format];
          const files = { 'robots.txt': ROBOTS, 'list.txt': list };
          const one = await check(argv, files, 1, pieceBytes);
          for (const jobs of [2, 3]) expect(await check(argv, files, jobs, pieceBytes)).toEqual(one);
          const lines = expectedLines(list);
          if (lines.length === 0) {
            expect(one).toEqual({
              code: 2,
              stdout: '',
              stderr: 'robots-lab: no URLs to check: the lists given hold none\n',
            });
            return;
          }
          expect(one.code).toBe(0);
          if (format === 'csv') {
            expect(one.stdout.split('\r\n').filter((l) => l.startsWith('url,'))).toHaveLength(1);
            return;
          }
          const rows = one.stdout
            .trimEnd()
            .split('\n')
            .map((l) => JSON.parse(l));
          expect(rows).toHaveLength(2 * lines.length);
          rows.forEach((row, i) => {
            const { url, line } = lines[Math.floor(i / 2)];
            const agent = i % 2 === 0 ? 'FooBot' : 'BarBot';
            const model = modelDecide(ROBOTS, row.requestUrl, agent);
            expect([row.url, row.origin, row.crawler, row.allowed, row.line ?? 0]).toEqual([
              url,
              `list.txt:${line}`,
              agent,
              model.allowed,
              model.line,
            ]);
          });
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);

  it('keeps line numbers and order over many pieces shared by the main thread and the workers', async () => {
    // 30,000 lines in pieces of 1 KiB: hundreds of pieces, judged on both sides.
    const lines = Array.from({ length: 30_000 }, (_, i) =>
      i % 7 === 0 ? '' : i % 5 === 0 ? `/private/${i}` : `/open/${i}`,
    );
    // A CR before an empty line's LF would make one CR LF: CR ends only a line before a URL.
    const ending = (i: number) => (lines[i + 1] === '' ? '\n' : ['\n', '\r\n', '\r'][i % 3]);
    const list = Buffer.from(lines.map((l, i) => l + ending(i)).join(''));
    const argv = ['robots.txt', '-a', 'FooBot', '--urls', 'list.txt', '-f', 'jsonl'];
    const files = { 'robots.txt': ROBOTS, 'list.txt': list };
    const one = await check(argv, files, 1, 1024);
    const two = await check(argv, files, 2, 1024);
    expect(two).toEqual(one);
    const rows = two.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    const expected = lines.flatMap((url, i) =>
      url === '' ? [] : [[url, `list.txt:${i + 1}`, url.startsWith('/open')]],
    );
    expect(rows.map((r) => [r.url, r.origin, r.allowed])).toEqual(expected);
  }, 60_000);

  it('stops at an unreadable URL deep in the list with its line number, after writing every row before it', async () => {
    const lines = Array.from({ length: 2_000 }, (_, i) => `/open/${i}`);
    lines[1_733] = 'not a url';
    const files = { 'robots.txt': ROBOTS, 'list.txt': lines.join('\r\n') };
    const argv = ['robots.txt', '-a', 'FooBot', '--urls', 'list.txt', '-f', 'csv'];
    const one = await check(argv, files, 1, 512);
    expect(one.code).toBe(2);
    expect(one.stderr).toBe(
      'robots-lab: unreadable URL "not a url" (list.txt:1734): not a URL or a path starting with /\n',
    );
    expect(one.stdout.split('\r\n')).toHaveLength(1 + 1_733 + 1);
    for (const jobs of [2, 3]) expect(await check(argv, files, jobs, 512)).toEqual(one);
  }, 60_000);

  it('counts expectations over every piece and lists the same first failures', async () => {
    const urls = Array.from({ length: 3_000 }, (_, i) => (i % 3 === 0 ? `/private/${i}` : `/open/${i}`));
    const files = { 'robots.txt': ROBOTS, 'allowed.txt': `${urls.join('\n')}\n`, 'blocked.txt': '/private\n/open\n' };
    const argv = [
      'robots.txt',
      '-a',
      'googlebot',
      '--expect-allowed',
      'allowed.txt',
      '--expect-blocked',
      'blocked.txt',
    ];
    for (const format of ['jsonl', 'csv']) {
      const one = await check([...argv, '-f', format], files, 1, 256);
      expect(one.code).toBe(1);
      expect(one.stderr).toMatch(/^1001 of 3002 expectations failed:\n/);
      expect(one.stderr).toContain('/private/0 (allowed.txt:1) for Googlebot: expected ALLOWED, got BLOCKED by line 2');
      expect(await check([...argv, '-f', format], files, 2, 256)).toEqual(one);
    }
  }, 60_000);

  it('takes command-line URLs, CSV lists and several text lists in their order', async () => {
    const files = {
      'robots.txt': ROBOTS,
      'a.txt': '/open/a\n/private/a\n',
      'b.csv': 'url,n\n/private/b,1\n"/open/b,c",2\n',
      'c.txt': '\n\n/private/pub/c',
      'empty.txt': '',
    };
    const argv = [
      'robots.txt',
      '-a',
      'FooBot',
      '/open/cli',
      '--urls',
      'a.txt',
      '--urls',
      'b.csv',
      '--urls',
      'empty.txt',
    ];
    for (const format of ['jsonl', 'csv']) {
      const all = [...argv, '--urls', 'c.txt', '-f', format];
      const one = await check(all, files, 1, 4);
      expect(one.code).toBe(0);
      expect(one.stdout).toContain(format === 'csv' ? '/private/pub/c,' : '"origin":"c.txt:3"');
      expect(await check(all, files, 2, 4)).toEqual(one);
      expect(await check(all, files, 3, 1 << 16)).toEqual(one);
    }
  }, 60_000);

  it('reads a list from standard input in pieces', async () => {
    const list = '/open/a\r\n\n/private/b\r/x?q=1\n';
    const argv = ['robots.txt', '-a', 'FooBot', '--urls', '-', '-f', 'jsonl'];
    const runs = [];
    for (const jobs of [1, 2]) {
      const { io, output } = memoryIo({ 'robots.txt': ROBOTS }, list);
      expect(await runCheck([...argv, '--jobs', String(jobs)], io, { script, pieceBytes: 3, awaitWorkers: true })).toBe(
        0,
      );
      runs.push(output());
    }
    expect(runs[1]).toEqual(runs[0]);
    const origins = runs[1].stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l).origin);
    expect(origins).toEqual(['(stdin):1', '(stdin):3', '(stdin):4']);
  });

  it('judges everything on the main thread, not waiting, when a worker thread cannot start', async () => {
    const files = { 'robots.txt': ROBOTS, 'l.txt': '/a\n/open/b\n/c\n' };
    const argv = ['robots.txt', '-a', 'FooBot', '--urls', 'l.txt', '-f', 'jsonl'];
    const { io, output } = memoryIo(files);
    const host = { script: pathToFileURL('/no/such/robots-lab.mjs'), pieceBytes: 2 };
    expect(await runCheck([...argv, '--jobs', '2'], io, host)).toBe(0);
    expect(output().stdout).toBe((await check(argv, files, 1, 2)).stdout);
  });

  it('runs the table and json on one thread, with the same output', async () => {
    const files = { 'robots.txt': ROBOTS, 'l.txt': '/open\n/private\n' };
    for (const format of ['table', 'json']) {
      const argv = ['robots.txt', '-a', 'FooBot', '--urls', 'l.txt', '-f', format];
      expect(await check(argv, files, 2, 4)).toEqual(await check(argv, files, 1, 4));
    }
  });

  it('takes a whole number from 1 to 64 or auto', async () => {
    const files = { 'robots.txt': ROBOTS };
    const argv = ['robots.txt', '-a', 'FooBot', '/open'];
    for (const bad of ['0', '65', '1.5', 'two', '']) {
      const { io, output } = memoryIo(files);
      expect(await run(['check', ...argv, '--jobs', bad], io)).toBe(2);
      expect(output().stderr).toBe('robots-lab: --jobs takes a whole number from 1 to 64, or auto\n');
    }
    const auto = memoryIo(files);
    expect(await runCheck([...argv, '-f', 'jsonl', '-j', 'auto'], auto.io, { script, pieceBytes: 8 })).toBe(0);
    expect(auto.output().stdout).toContain('"url":"/open"');
  });
});

describe('a list cut into pieces (pieces.ts)', () => {
  it('gives whole lines, in order, each piece numbered as a plain split numbers its first line', () => {
    fc.assert(
      fc.property(LIST, fc.integer({ min: 1, max: 64 }), fc.array(fc.nat(), { maxLength: 6 }), (list, size, cuts) => {
        const pieces = new ListPieces(size);
        const got: { bytes: Buffer; firstLine: number }[] = [];
        let from = 0;
        for (const cut of [...cuts.map((c) => c % (list.length + 1)), list.length].sort((a, b) => a - b)) {
          for (const p of pieces.write(list.subarray(from, cut))) got.push({ ...p, bytes: Buffer.from(p.bytes) });
          from = cut;
        }
        const last = pieces.end();
        if (last !== null) got.push({ ...last, bytes: Buffer.from(last.bytes) });
        expect(Buffer.concat(got.map((p) => p.bytes)).equals(list)).toBe(true);
        let offset = 0;
        for (const [i, p] of got.entries()) {
          const before = list.subarray(0, offset).toString('latin1');
          expect(p.firstLine).toBe(before.split(/\r\n|\r|\n/).length);
          if (i < got.length - 1) expect(p.bytes[p.bytes.length - 1]).toBe(0x0a);
          expect(p.bytes.length).toBeGreaterThan(0);
          offset += p.bytes.length;
        }
      }),
      { numRuns: 300 },
    );
  });
});
