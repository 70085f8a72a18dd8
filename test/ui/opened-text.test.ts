// Which changes of the editor's text are a new file (remembered as "the file
// as first opened") and which are edits (src/ui/deploy/openedText.ts).
// Expected answers written by hand.
import { describe, expect, it } from 'vitest';
import { replacedWhole } from '../../src/ui/deploy/openedText';

const FILE = 'User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n';

describe('replacedWhole', () => {
  it('a keystroke or a changed line is an edit', () => {
    expect(replacedWhole(FILE, FILE.replace('/tmp/', '/temp/'))).toBe(false);
    expect(replacedWhole(FILE, `${FILE}Allow: /x\n`)).toBe(false);
  });

  it('another file over the whole text, or a file into an empty editor, is a new file', () => {
    expect(replacedWhole(FILE, 'User-agent: GPTBot\nAllow: /\n')).toBe(true);
    expect(replacedWhole('', FILE)).toBe(true);
  });

  it('emptying the editor, or typing its first line, is no file', () => {
    expect(replacedWhole(FILE, '')).toBe(false);
    expect(replacedWhole('', 'U')).toBe(false);
  });
});
