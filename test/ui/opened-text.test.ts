// Which changes of the editor's text are a new file (remembered as "the file
// as first opened") and which are edits (src/ui/deploy/openedText.ts), as the
// page follows the store. Expected answers written by hand.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useDeploy } from '../../src/state/deploy';
import { useRobotsLab } from '../../src/state/store';
import { followOpenedText } from '../../src/ui/deploy/openedText';

const FILE = 'User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n';

let stop = () => {};

/** Starts following with `first` in the editor, then types `next` over it; returns what is remembered. */
function opened(first: string, next: string): string | null {
  useRobotsLab.getState().setRobotsText(first);
  useDeploy.setState(useDeploy.getInitialState(), true);
  stop = followOpenedText();
  useDeploy.getState().setOpenedText('(before)');
  useRobotsLab.getState().setRobotsText(next);
  stop();
  return useDeploy.getState().openedText;
}

beforeEach(() => useDeploy.setState(useDeploy.getInitialState(), true));
afterEach(() => stop());

describe('the file as first opened', () => {
  it('is the text the page starts with', () => {
    useRobotsLab.getState().setRobotsText(FILE);
    stop = followOpenedText();
    expect(useDeploy.getState().openedText).toBe(FILE);
  });

  it('stays when a keystroke or a changed line edits the text', () => {
    expect(opened(FILE, FILE.replace('/tmp/', '/temp/'))).toBe('(before)');
    expect(opened(FILE, `${FILE}Allow: /x\n`)).toBe('(before)');
  });

  it('becomes another file put over the whole text, or a file put into an empty editor', () => {
    expect(opened(FILE, 'User-agent: GPTBot\nAllow: /\n')).toBe('User-agent: GPTBot\nAllow: /\n');
    expect(opened('', FILE)).toBe(FILE);
  });

  it('stays when the editor is emptied or its first line typed', () => {
    expect(opened(FILE, '')).toBe('(before)');
    expect(opened('', 'U')).toBe('(before)');
  });
});
