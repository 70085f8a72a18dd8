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

  it('edits on adjacent lines make one hunk; a line copied unedited stays context between them', () => {
    const text = 'User-agent: A\nAllow: /\nCrawl-delay: 5\nAllow: /x\n';
    // Insert after line 1, delete line 2 (offsets 14..23) and line 4 (38..48).
    const hunks = diffHunks(text, [edit(13, 13, '\nDisallow: /'), edit(14, 23, ''), edit(38, 48, '')]);
    expect(hunks.map((h) => [h.line, h.lines.map((l) => `${l.kind} ${l.text}`)])).toEqual([
      [
        1,
        [
          'context User-agent: A',
          'removed Allow: /',
          'added Disallow: /',
          'context Crawl-delay: 5',
          'removed Allow: /x',
          'context ',
        ],
      ],
    ]);
  });

  it('an insertion that ends with the line it follows shows that line kept where it was, not re-added', () => {
    // "Disallow: /" then, appended, a paragraph that also ends with "Disallow: /".
    const text = 'User-agent: *\nDisallow: /\n';
    const hunks = diffHunks(text, [
      edit(25, 25, '\nContent-Signal: ai-train=no'),
      edit(26, 26, '\nUser-agent: B\nDisallow: /\n'),
    ]);
    expect(hunks.map((h) => h.lines.map((l) => `${l.kind} ${l.text}`))).toEqual([
      [
        'context Disallow: /',
        'added Content-Signal: ai-train=no',
        'added ',
        'added User-agent: B',
        'added Disallow: /',
        'context ',
      ],
    ]);
  });
});
