// The line diff a suggestion is shown as before it is applied
// (src/core/aipref/diff.ts). Expected hunks are written by hand.
import { describe, expect, it } from 'vitest';
import { diffHunks } from '../../src/core/aipref/diff';

const TEXT = 'User-agent: *\nDisallow: /x\n\nUser-agent: A\nDisallow: /\n';
const edit = (from: number, to: number, insert: string) => ({ label: 'test', from, to, insert });

describe('diffHunks', () => {
  it('an insertion after a line: that line as context, then the added lines', () => {
    // Offset 26 is the end of "Disallow: /x" (line 2).
    expect(diffHunks(TEXT, [edit(26, 26, '\nContent-Signal: ai-train=no')])).toEqual([
      {
        line: 2,
        lines: [
          { kind: 'context', text: 'Disallow: /x' },
          { kind: 'added', text: 'Content-Signal: ai-train=no' },
        ],
      },
    ]);
  });

  it('a paragraph appended to a text ending in a line break: a blank line, the new lines, then the empty last line', () => {
    expect(diffHunks(TEXT, [edit(TEXT.length, TEXT.length, '\nUser-agent: B\nDisallow: /\n')])).toEqual([
      {
        line: 6,
        lines: [
          { kind: 'added', text: '' },
          { kind: 'added', text: 'User-agent: B' },
          { kind: 'added', text: 'Disallow: /' },
          { kind: 'context', text: '' },
        ],
      },
    ]);
  });

  it('a replacement inside a line: the old line removed, the new one added', () => {
    // "/x" is offsets 24..26 of line 2.
    expect(diffHunks(TEXT, [edit(24, 26, '/y')])).toEqual([
      {
        line: 2,
        lines: [
          { kind: 'removed', text: 'Disallow: /x' },
          { kind: 'added', text: 'Disallow: /y' },
        ],
      },
    ]);
  });

  it('several edits: one hunk each, in file order whatever order they come in', () => {
    const hunks = diffHunks(TEXT, [edit(TEXT.length, TEXT.length, 'Allow: /z\n'), edit(0, 0, '# top\n')]);
    expect(hunks.map((h) => [h.line, h.lines.map((l) => `${l.kind} ${l.text}`)])).toEqual([
      [1, ['added # top', 'context User-agent: *']],
      [6, ['added Allow: /z', 'context ']],
    ]);
  });
});
