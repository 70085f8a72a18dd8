import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gunzipped } from '../../src/core/gunzip';

const text = async (chunks: AsyncIterable<Uint8Array>) => {
  const decoder = new TextDecoder();
  let out = '';
  for await (const c of chunks) out += decoder.decode(c, { stream: true });
  return out + decoder.decode();
};

async function* cut(data: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

/**
 * Two rotated logs joined with `cat`: two gzip members, one after the other.
 * Node's DecompressionStream (zlib) reads on; Chromium's refuses the second.
 */
const JOINED = Buffer.concat([gzipSync('GET /a\nGET /b\n'), gzipSync('GET /c\n')]);

describe('reading bytes that may be gzip', () => {
  it('reads every member of a file of joined gzip members in Node, cut anywhere', async () => {
    for (const size of [1, 2, 5, 17, 4096])
      expect(await text(gunzipped(cut(JOINED, size)))).toBe('GET /a\nGET /b\nGET /c\n');
  });

  it('reads them from a Node stream (the CLI) and from a ReadableStream (File.stream() in a worker)', async () => {
    expect(await text(gunzipped(Readable.from([JOINED])))).toBe('GET /a\nGET /b\nGET /c\n');
    expect(await text(gunzipped(new Blob([JOINED]).stream()))).toBe('GET /a\nGET /b\nGET /c\n');
  });

  it('passes bytes through that do not start with the magic number, whatever they are', async () => {
    const plain = new TextEncoder().encode('\u001fnot gzip\n');
    expect(await text(gunzipped(cut(plain, 1)))).toBe('\u001fnot gzip\n');
    expect(await text(gunzipped(cut(new Uint8Array(0), 1)))).toBe('');
  });

  it('throws on a gzip stream cut short, after the bytes before the cut', async () => {
    const whole = gzipSync('GET /x\n'.repeat(5000));
    let read = '';
    await expect(async () => {
      for await (const c of gunzipped(cut(whole.subarray(0, whole.length >> 1), 256)))
        read += new TextDecoder().decode(c);
    }).rejects.toThrow();
    expect(read.startsWith('GET /x\nGET /x\n')).toBe(true);
  });
});
