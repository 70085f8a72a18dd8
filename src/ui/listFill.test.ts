import { Text } from '@codemirror/state';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cutPieces, listPieces } from '../worker/pieces';
import { appendPart, FILL_CHUNK, FIRST_SHOWN, fillInSteps, fillParts, headOf } from './listFill';

/** The document CodeMirror makes of a whole text at once (EditorState.toText). */
const whole = (text: string) => Text.of(text.split(/\r\n?|\n/));

afterEach(() => {
  vi.useRealTimers();
});

describe('filling the URL editor in steps', () => {
  it('builds from the parts the same document as the whole text, line ends of every kind included', () => {
    const text = `${Array.from({ length: 5000 }, (_, i) =>
      i % 7 === 0 ? `/crlf/${i}\r` : i % 11 === 0 ? '' : `https://e.com/${i}`,
    ).join('\n')}\n/last`;
    for (const pieces of [null, listPieces(cutPieces(text, 1000))]) {
      const parts = [...fillParts(text, pieces)];
      expect(parts.join('')).toBe(text);
      let doc = Text.empty;
      for (const p of parts) doc = appendPart(doc, p);
      expect(doc.eq(whole(text))).toBe(true);
      expect(doc.lines).toBe(whole(text).lines);
    }
  });

  it('cuts a text that came whole after line ends, about FILL_CHUNK characters apart', () => {
    const text = Array.from({ length: 40_000 }, (_, i) => `/p/${i}`).join('\n');
    const parts = [...fillParts(text, null)];
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts.slice(0, -1)) {
      expect(p.endsWith('\n')).toBe(true);
      expect(p.length).toBeGreaterThanOrEqual(FILL_CHUNK);
    }
  });

  it('shows the first part at once and the rest in one go when built; a stopped fill shows no rest', () => {
    vi.useFakeTimers();
    const text = `${Array.from({ length: 20 }, (_, i) => `/p/${i}`).join('\n')}\n`;
    const pieces = listPieces(cutPieces(text, 20));
    const shown: string[] = [];
    let rest: Text | null = null;
    fillInSteps(text, pieces, { first: (part, last) => shown.push(`${last}:${part}`), rest: (doc) => (rest = doc) });
    expect(shown).toEqual([`false:${pieces.pieces[0]}`]);
    expect(rest).toBeNull();
    vi.runAllTimers();
    expect(Text.of(pieces.pieces[0].split('\n')).append(rest!).eq(whole(text))).toBe(true);

    let late = false;
    const stop = fillInSteps(text, pieces, { first: () => {}, rest: () => (late = true) });
    stop();
    vi.runAllTimers();
    expect(late).toBe(false);
  });

  it('shows only the first few hundred lines of a long first piece at once, and the rest of it with the others', () => {
    vi.useFakeTimers();
    const text = Array.from({ length: 30_000 }, (_, i) => `https://e.com/${i}`).join('\n');
    const pieces = listPieces(cutPieces(text));
    let first = '';
    let rest: Text | null = null;
    fillInSteps(text, pieces, { first: (part) => (first = part), rest: (doc) => (rest = doc) });
    expect(first.length).toBeGreaterThanOrEqual(FIRST_SHOWN);
    expect(first.length).toBeLessThan(FIRST_SHOWN + 40);
    expect(first.endsWith('\n')).toBe(true);
    vi.runAllTimers();
    expect(Text.of(first.split('\n')).append(rest!).eq(whole(text))).toBe(true);
  });

  it('puts a text of one part in at once', () => {
    const calls: boolean[] = [];
    fillInSteps('/a\n/b', null, { first: (_, last) => calls.push(last), rest: () => calls.push(false) });
    expect(calls).toEqual([true]);
  });

  it('previews a long list by its first lines: about FIRST_SHOWN characters, cut after a line end', () => {
    // Lines of 20 characters: the cut falls after the line holding character FIRST_SHOWN - 1.
    const line = (i: number) => `https://e.com/${String(i).padStart(5, '0')}\n`;
    const text = Array.from({ length: 50_000 }, (_, i) => line(i)).join('');
    const lines = Math.ceil(FIRST_SHOWN / 20);
    const expected = Array.from({ length: lines }, (_, i) => line(i)).join('');
    expect(headOf(text, null)).toBe(expected);
    // From pieces, only the first is read.
    expect(headOf(text, listPieces(cutPieces(text)))).toBe(expected);
    // A short first piece is shown whole.
    expect(headOf(text, listPieces(['/a\n', text.slice(3)]))).toBe('/a\n');
  });

  it('cuts a first line of megabytes (one URL) rather than showing all of it', () => {
    const text = `https://e.com/${'a'.repeat(1_000_000)}\n/b\n`;
    expect(headOf(text, null)).toBe(text.slice(0, FIRST_SHOWN));
  });
});
