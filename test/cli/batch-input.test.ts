/**
 * How `batch` (and every command reading standard input) gets its lines:
 * ASCII chunks copied as Latin-1 and the rest decoded as UTF-8 must give
 * exactly what one UTF-8 decoding of the whole stream gives, wherever the
 * chunks are cut; a file given as standard input is read in chunks of its
 * own (docs/behaviour.md has nothing to say here: this is plumbing).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linesOf } from './harness';

/** The oracle: one UTF-8 decoding of all the bytes (TextDecoder drops a leading BOM), cut at LF, CR LF as one end. */
function expectedLines(bytes: Uint8Array): string[] {
  const lines = new TextDecoder().decode(bytes).split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

function cut(bytes: Uint8Array, at: number[]): Uint8Array[] {
  const points = [...new Set(at.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const p of [...points, bytes.length]) {
    chunks.push(bytes.subarray(from, p));
    from = p;
  }
  return chunks;
}

// Pieces that make the cases that matter likely: ASCII runs, multi-byte
// characters, a byte-order mark anywhere, line ends, and bytes that are not
// UTF-8 (a lead byte whose character never comes, a stray continuation).
const piece = fc.oneof(
  fc.constantFrom('{"a":1}', 'x', '/path?q=1', '\n', '\r\n', '\r', 'é', 'ツ', '😀', '\uFEFF'),
  fc.constantFrom([0xe3, 0x83], [0x80], [0xff], [0xf0, 0x9f]),
);

function bytesOf(pieces: (string | readonly number[])[]): Uint8Array {
  return Buffer.concat(pieces.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));
}

describe('lineBatches: ASCII copied, the rest decoded', () => {
  it('gives the lines of one UTF-8 decoding of the whole stream, wherever it is cut', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 8 }), async (ps, at) => {
        const bytes = bytesOf(ps);
        expect(await linesOf(cut(bytes, at))).toEqual(expectedLines(bytes));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a byte-order mark that comes after ASCII chunks, and drops one that starts the stream', async () => {
    const bom = [0xef, 0xbb, 0xbf];
    const ascii = new TextEncoder().encode('a\n');
    expect(await linesOf([ascii, Uint8Array.from([...bom, 0x62])])).toEqual(['a', '\uFEFFb']);
    expect(await linesOf([Uint8Array.from(bom.slice(0, 2)), Uint8Array.from([bom[2], 0x62])])).toEqual(['b']);
  });

  it('does not drop a character cut before an ASCII chunk (it is not UTF-8: U+FFFD, in its place)', async () => {
    expect(await linesOf([Uint8Array.from([0x61, 0xe3, 0x83]), new TextEncoder().encode('b\n')])).toEqual(['a\uFFFDb']);
  });
});

describe('batch with a file as standard input', () => {
  it('answers every line, as with a pipe, though the file is read in many chunks', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const dir = mkdtempSync(join(tmpdir(), 'robots-lab-stdin-'));
    const file = join(dir, 'in.jsonl');
    const robotstxt = 'user-agent: FooBot\ndisallow: /a\n\nuser-agent: *\ndisallow: /b\n';
    // More than one read's worth, so the chunks meet inside lines.
    const queries = Array.from({ length: 3000 }, (_, i) =>
      JSON.stringify({
        robotstxt,
        useragent: i % 2 ? 'FooBot' : 'Other',
        url: `http://x.com/${i % 3 ? 'a' : 'b'}/${i}`,
      }),
    );
    writeFileSync(file, `${queries.join('\n')}\n`);
    const fd = openSync(file, 'r');
    const r = spawnSync(process.execPath, [join(root, 'bin/robots-lab.mjs'), 'batch'], {
      stdio: [fd, 'pipe', 'pipe'],
      encoding: 'utf8',
      cwd: root,
      maxBuffer: 1 << 26,
    });
    closeSync(fd);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const got = r.stdout.trimEnd().split('\n');
    expect(got).toHaveLength(3000);
    expect(readFileSync(file, 'utf8').length).toBeGreaterThan(1 << 17);
    got.forEach((line, i) => {
      // FooBot obeys its group (disallow /a, line 2); others the * group (disallow /b, line 5).
      const blockedBy = i % 2 ? (i % 3 ? 2 : null) : i % 3 ? null : 5;
      expect(JSON.parse(line)).toEqual(blockedBy ? { allowed: false, line: blockedBy } : { allowed: true, line: null });
    });
  });
});
