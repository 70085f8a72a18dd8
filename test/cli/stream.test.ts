/**
 * Streaming input and output: lines cut across chunks, output that waits
 * for a slow reader, and rows already judged that survive bad input later
 * in the stream.
 */
import { describe, expect, it } from 'vitest';
import { OutputBuffer } from '../../src/cli/stream';
import { linesOf, runCli } from './harness';

describe('lineBatches', () => {
  it('joins lines cut across chunks, a CR LF cut between its two bytes, and a UTF-8 character cut mid-way', async () => {
    const bytes = new TextEncoder().encode('/a\r\n/ツ\n/last');
    // Cut after "\r" (byte 3) and inside the 3-byte "ツ" (bytes 6-8).
    const chunks = [bytes.subarray(0, 3), bytes.subarray(3, 7), bytes.subarray(7)];
    expect(await linesOf(chunks)).toEqual(['/a', '/ツ', '/last']);
  });

  it('keeps empty lines (they count for line numbers) and drops only the final line end', async () => {
    expect(await linesOf(['a\n\nb\n'])).toEqual(['a', '', 'b']);
  });
});

describe('OutputBuffer', () => {
  it('hands text over in whole pieces and waits for "drain" when the sink is full', async () => {
    const written: string[] = [];
    let drain: (() => void) | null = null;
    const sink = {
      write: (chunk: string | Uint8Array) => {
        written.push(Buffer.from(chunk).toString());
        return false; // always "full": every flush must wait
      },
      once: (_event: 'drain', listener: () => void) => {
        drain = listener;
      },
    };
    const out = new OutputBuffer(sink, 40); // room for one 11-character row (3 bytes a unit at most)
    out.push('0123456789\n');
    expect(out.full).toBe(false);
    out.push('abcdefghij\n'); // does not fit beside the first: the first piece is ready
    expect(out.full).toBe(true);
    let done = false;
    const flushing = out.flush().then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(done).toBe(false);
    expect(written.join('')).toBe('0123456789\nabcdefghij\n');
    expect(drain).not.toBeNull();
    (drain as unknown as () => void)();
    await flushing;
    expect(done).toBe(true);
  });

  it('gives back every byte of many small rows, multi-byte characters included', async () => {
    const written: Buffer[] = [];
    const out = new OutputBuffer({ write: (c: string | Uint8Array) => written.push(Buffer.from(c)) }, 64);
    const rows = Array.from({ length: 5000 }, (_, i) => `/é/${i}/😀\n`);
    for (const r of rows) {
      out.push(r);
      if (out.full) await out.flush();
    }
    await out.flush();
    expect(Buffer.concat(written).toString('utf8')).toBe(rows.join(''));
  });

  it('reuses a written buffer only after the sink says it is done with it', async () => {
    // The sink keeps each chunk uncopied and says "done" two writes later;
    // every chunk not yet done must still hold the bytes it was given.
    const copies: string[] = [];
    const pending: { chunk: Uint8Array; copy: string; done?: () => void }[] = [];
    const buffers = new Set<ArrayBufferLike>();
    const sink = {
      write: (c: string | Uint8Array, done?: () => void) => {
        const chunk = typeof c === 'string' ? Buffer.from(c) : c;
        const copy = Buffer.from(chunk).toString('latin1');
        for (const p of pending) expect(Buffer.from(p.chunk).toString('latin1')).toBe(p.copy);
        copies.push(copy);
        buffers.add(chunk.buffer);
        pending.push({ chunk, copy, done });
        if (pending.length > 2) pending.shift()?.done?.();
        return true;
      },
    };
    const out = new OutputBuffer(sink, 1 << 17); // room for a few 16K-character pieces
    const rows = Array.from({ length: 30000 }, (_, i) => `row ${i} ${'x'.repeat(i % 50)}\n`);
    for (const r of rows) {
      out.pushAscii(r);
      if (out.full) await out.flush();
    }
    await out.flush();
    expect(copies.join('')).toBe(rows.join(''));
    expect(copies.length).toBeGreaterThan(20);
    expect(buffers.size).toBeLessThan(6); // reused, not one per chunk
  });

  it('writes text longer than its buffer whole', async () => {
    const written: string[] = [];
    const out = new OutputBuffer({ write: (c: string | Uint8Array) => written.push(Buffer.from(c).toString()) }, 8);
    out.push('ab');
    out.push('a much longer row\n');
    await out.flush();
    expect(written.join('')).toBe('aba much longer row\n');
  });
});

describe('check: bad input in the middle of a stream', () => {
  it('writes an unreadable line as an "invalid" row naming its line, goes on, and exits 2 with a count', async () => {
    const files = { 'r.txt': 'User-agent: *\nDisallow: /b\n', 'l.txt': '/a\n/b\n\nnot a url\n/c\n' };
    const r = await runCli(['check', 'r.txt', '-a', 'googlebot', '--urls', 'l.txt', '-f', 'jsonl'], files);
    expect(r.code).toBe(2);
    const rows = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows.map((row) => [row.url, row.status, row.origin])).toEqual([
      ['/a', 'allowed', 'l.txt:1'],
      ['/b', 'blocked', 'l.txt:2'],
      ['not a url', 'invalid', 'l.txt:4'],
      ['/c', 'allowed', 'l.txt:5'],
    ]);
    expect(rows[2]).toMatchObject({ allowed: null, reason: 'unreadable URL: not a URL or a path starting with /' });
    expect(r.stderr).toBe(
      'robots-lab: l.txt:4: unreadable URL: not a URL or a path starting with / ("not a url")\n' +
        '1 URL could not be judged (rows with status "invalid")\n',
    );
  });

  for (const format of ['json', 'table', 'csv'] as const) {
    it(`keeps going past an unreadable line in ${format}, the output whole`, async () => {
      const files = { 'r.txt': 'User-agent: *\nDisallow: /b\n', 'l.txt': 'javascript:void(0)\n/b\n' };
      const r = await runCli(['check', 'r.txt', '-a', 'googlebot', 'l.txt', '-f', format], files);
      expect(r.code).toBe(2);
      if (format === 'json')
        expect(JSON.parse(r.stdout).map((row: { status: string }) => row.status)).toEqual(['invalid', 'blocked']);
      if (format === 'table')
        expect(r.stdout).toMatch(/^javascript:void\(0\) +Googlebot +INVALID +- +\(unreadable URL/m);
      if (format === 'csv')
        expect(r.stdout.split('\r\n')[1]).toMatch(/^javascript:void\(0\),javascript:void\(0\),Googlebot,invalid,/);
    });
  }

  it('closes the JSON array when the run stops on a broken list', async () => {
    const files = { 'r.txt': 'User-agent: *\nDisallow: /b\n', 'l.csv': 'url\n/a\n', 'bad.csv': 'name,page\nx,/y\n' };
    const r = await runCli(
      ['check', 'r.txt', '-a', 'googlebot', 'l.csv', '-u', 'bad.csv', '--column', 'url', '-f', 'json'],
      files,
    );
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject([{ url: '/a', status: 'allowed' }]);
  });

  it('writes the same rows whole and fast: a repeated verdict gives byte-identical JSON', async () => {
    const files = {
      'r.txt': 'User-agent: *\nDisallow: /b\nAllow: /b/index.html\n',
      'l.txt': '/a\n/b\n/b\n/a\n/b/\n/b/\n',
    };
    const r = await runCli(['check', 'r.txt', '-a', 'googlebot', '--urls', 'l.txt', '-f', 'jsonl'], files);
    const rows = r.stdout.trimEnd().split('\n');
    // Each line equals JSON.stringify of its own parse: same keys, same order, same escapes.
    for (const row of rows) expect(JSON.stringify(JSON.parse(row))).toBe(row);
    const parsed = rows.map((l) => JSON.parse(l));
    expect(parsed.map((p) => [p.origin, p.status, p.line])).toEqual([
      ['l.txt:1', 'allowed', null],
      ['l.txt:2', 'blocked', 2],
      ['l.txt:3', 'blocked', 2],
      ['l.txt:4', 'allowed', null],
      // /b/ is allowed by the index.html rule's alternative /b/$ (docs/behaviour.md §9).
      ['l.txt:5', 'allowed', 3],
      ['l.txt:6', 'allowed', 3],
    ]);
    expect(parsed[4].rule).toEqual(parsed[5].rule);
    // Fast rows (a verdict seen before) keep the documented field order of whole rows.
    const order = ['url', 'requestUrl', 'changes', 'origin', 'crawler', 'profile', 'tokens', 'status', 'allowed'];
    const rest = ['line', 'lineText', 'rule', 'note', 'expected', 'ok'];
    for (const p of parsed) expect(Object.keys(p)).toEqual([...order, ...rest]);
  });
});
