/**
 * A text URL list read in chunks (src/core/liststream.ts), and `check`'s
 * rows for it. Oracles: the list's lines from a plain split
 * of the whole decoded text, written here; verdicts from the independent
 * reference model (test/model).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextListReader } from '../../src/core/liststream';
import { modelDecide } from '../model/reference-model';
import { runCli } from './harness';

/** What a list holds, by the documented rule: LF, CR LF or CR end a line; trimmed; blank and `#` lines skipped. */
function expectedLines(bytes: Uint8Array): { url: string; line: number }[] {
  const text = new TextDecoder().decode(bytes);
  return text
    .split(/\r\n|\r|\n/)
    .map((l, i) => ({ url: l.trim(), line: i + 1 }))
    .filter((l) => l.url !== '' && !l.url.startsWith('#'));
}

/** Reads `bytes` cut at `cuts` through the engine's TextListReader, decoded as a stream, as the CLI does. */
function readLines(bytes: Uint8Array, cuts: number[]): { url: string; line: number }[] {
  const got: { url: string; line: number }[] = [];
  const reader = new TextListReader();
  const decoder = new TextDecoder();
  const drain = () => {
    const { urls, lines } = reader.take();
    for (let i = 0; i < urls.length; i++) got.push({ url: urls[i], line: lines[i] });
  };
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    reader.write(decoder.decode(bytes.subarray(from, cut), { stream: true }));
    drain();
    from = cut;
  }
  reader.write(decoder.decode(bytes.subarray(from)));
  reader.end();
  drain();
  return got;
}

const PIECES = [
  'https://example.com/a',
  '/path?q=1',
  '  /padded  ',
  '# comment',
  '',
  ' ',
  '\t/tab',
  '\r',
  '\r\n',
  '\n',
  '\uFEFF/bom',
  '/café',
  '/日本',
  '/a,b',
  '#',
  'x',
];
const listBytes = fc
  .tuple(
    fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 6 })), { maxLength: 40 }),
    fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 6 }),
  )
  .map(([pieces, raw]) => {
    const text = Buffer.from(pieces.join(''));
    // Some raw bytes (broken UTF-8 too) somewhere in the list.
    const at = Math.floor(text.length / 2);
    return new Uint8Array(Buffer.concat([text.subarray(0, at), Buffer.from(raw), text.subarray(at)]));
  });

describe('a text URL list read in chunks', () => {
  it('gives the lines a split of the whole decoded text gives, wherever the chunks are cut', () => {
    fc.assert(
      fc.property(listBytes, fc.array(fc.nat(), { maxLength: 5 }), (bytes, cuts) => {
        expect(
          readLines(
            bytes,
            cuts.map((c) => c % (bytes.length + 1)),
          ),
        ).toEqual(expectedLines(bytes));
      }),
      { numRuns: 400 },
    );
  });

  it('keeps a line cut across chunks whole, and numbers lines from 1 across chunks', () => {
    const bytes = new TextEncoder().encode('/one\r\n/two\n\n# three\n/fo');
    expect(readLines(bytes, [3, 5, 9, 10])).toEqual([
      { url: '/one', line: 1 },
      { url: '/two', line: 2 },
      { url: '/fo', line: 5 },
    ]);
  });
});

const ROBOTS = [
  'User-agent: *',
  'Disallow: /private',
  'Allow: /private/pub',
  'Disallow: /*.pdf$',
  '',
  'User-agent: FooBot',
  'Disallow: /',
  'Allow: /open',
  'Allow: /a,b',
  'Disallow: /*?q=',
  'Allow: /caf%C3%A9',
  '',
].join('\n');

const URL_LINES = [
  // First a row no rule decides: later full URLs must not reuse its verdict.
  '/open/page',
  'https://www.example.com/private/x',
  'https://www.example.com/private/pub/y',
  '/doc.pdf',
  '/doc.pdf?x',
  '/a,b',
  '/a%2cb',
  '/x?q=1',
  '/café',
  '  /spaced  ',
  'https://www.example.com/%7euser',
  '/caf%c3%a9',
];

describe('check on a text list', () => {
  for (const format of ['jsonl', 'csv'] as const) {
    it(`writes each URL's verdict and deciding line as the reference model decides (${format})`, async () => {
      const list = `${URL_LINES.join('\r\n')}\n# end\n`;
      const agents = ['FooBot', 'BarBot'];
      const jsonl = await runCli(['check', 'robots.txt', '-a', agents.join(','), '--urls', 'list.txt', '-f', 'jsonl'], {
        'robots.txt': ROBOTS,
        'list.txt': new TextEncoder().encode(list),
      });
      expect(jsonl.code).toBe(0);
      const rows = jsonl.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(rows).toHaveLength(URL_LINES.length * agents.length);
      rows.forEach((row, i) => {
        const k = Math.floor(i / agents.length);
        expect(row.url).toBe(URL_LINES[k].trim());
        expect(row.origin).toBe(`list.txt:${k + 1}`);
        expect(row.crawler).toBe(agents[i % agents.length]);
        const model = modelDecide(ROBOTS, row.requestUrl, agents[i % agents.length]);
        expect([row.url, row.allowed, row.line ?? 0]).toEqual([row.url, model.allowed, model.line]);
      });
      if (format === 'csv') {
        const csv = await runCli(['check', 'robots.txt', '-a', agents.join(','), '--urls', 'list.txt', '-f', 'csv'], {
          'robots.txt': ROBOTS,
          'list.txt': new TextEncoder().encode(list),
        });
        const lines = csv.stdout.split('\r\n').slice(1, -1);
        expect(lines).toHaveLength(rows.length);
        lines.forEach((l, i) => {
          const url = rows[i].url as string;
          // A URL with a comma is quoted; the verdict follows the two URL cells.
          const cell = url.includes(',') ? `"${url}"` : url;
          const request = (rows[i].requestUrl as string).includes(',') ? `"${rows[i].requestUrl}"` : rows[i].requestUrl;
          expect(l.startsWith(`${cell},${request},${rows[i].crawler},${rows[i].status},`)).toBe(true);
        });
      }
    });
  }

  it('writes a row longer than an output buffer (1 MiB) as text, the same row', async () => {
    const long = `/${'a'.repeat(600_000)}`;
    const r = await runCli(['check', 'robots.txt', '-a', 'FooBot', '--urls', 'list.txt', '-f', 'jsonl'], {
      'robots.txt': ROBOTS,
      'list.txt': `/open\n${long}\n/x\n`,
    });
    expect(r.code).toBe(0);
    const rows = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((row) => [row.url.length, row.origin, row.allowed, row.line])).toEqual([
      [5, 'list.txt:1', true, 8],
      [long.length, 'list.txt:2', false, 7],
      [2, 'list.txt:3', false, 7],
    ]);
  });
});
