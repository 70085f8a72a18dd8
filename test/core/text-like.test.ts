// The "not a text file" check (src/core/textLike.ts). Inputs and expected
// answers written by hand: real text, a robots.txt with the odd bad byte
// (which Google reads, docs/behaviour.md §13), and the starts of binary files.
import { describe, expect, it } from 'vitest';
import { notTextReason } from '../../src/core/textLike';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

describe('notTextReason', () => {
  it('reads a robots.txt, UTF-8 text and an empty file as text', () => {
    expect(notTextReason(bytes('User-agent: *\nDisallow: /private/\n'))).toBeNull();
    expect(notTextReason(bytes('# Crawlers: ça va, ツ\r\nUser-agent: *\r\nAllow: /\r\n'))).toBeNull();
    expect(notTextReason(new Uint8Array(0))).toBeNull();
  });

  it('reads as text a robots.txt with one NUL and a few bytes that are not UTF-8 (Google reads those)', () => {
    expect(notTextReason(bytes('User-agent: *\nDisallow: /a', [0], 'b\nDisallow: /caf', [0xe9], '\n'))).toBeNull();
  });

  it('names a PNG by its NUL bytes', () => {
    const png = bytes(
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d],
      'IHDR',
      [0, 0, 1, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0],
    );
    expect(notTextReason(png)).toBe('it holds NUL bytes, which text files do not');
  });

  it('names bytes that are mostly neither text nor UTF-8', () => {
    const noise = new Uint8Array(1000).map((_, i) => 0x80 + (i % 0x40)); // continuation bytes with no lead
    expect(notTextReason(noise)).toBe('most of its bytes are neither text nor UTF-8');
  });

  it('looks only at the first 64 KiB', () => {
    const text = new TextEncoder().encode('Disallow: /x\n'.repeat(6000)); // 78,000 bytes of text
    const file = new Uint8Array(text.length + 100);
    file.set(text);
    expect(notTextReason(file)).toBeNull(); // the NULs at the end lie past the sample
  });
});
