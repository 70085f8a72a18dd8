/** The page's log lines: text chunks cut at any point give back the lines as written. */
import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../src/core/logs/index';

function split(chunks: string[]): string[] {
  const s = new LineSplitter();
  return [...chunks.flatMap((c) => s.push(c)), ...s.end()];
}

describe('lines from text chunks', () => {
  it('joins a line cut between chunks, drops CR before LF, and keeps a last line with no end', () => {
    expect(split(['GET /a\r\nGE', 'T /b\n', '\nGET /c'])).toEqual(['GET /a', 'GET /b', '', 'GET /c']);
  });

  it('cuts a CR LF split across two chunks as one line end', () => {
    expect(split(['one\r', '\ntwo\r\n'])).toEqual(['one', 'two']);
  });

  it('gives nothing for no text, and one line for text without a line end', () => {
    expect(split([])).toEqual([]);
    expect(split(['', 'x'])).toEqual(['x']);
  });
});
