/**
 * Remembers the robots.txt as it came into the page in this session, for the
 * before/after view's "as first opened" side: the text the page starts with,
 * and then any text that replaces the editor's whole (a file opened, a file
 * pasted over everything, New, the example, a share link). Typing changes a
 * little at a time and never counts as a new file.
 */
import { useDeploy } from '../../state/deploy';
import { useRobotsLab } from '../../state/store';

/** Whether `next` replaced `prev` rather than edited it: less than half of the longer one kept at either end. */
function replacedWhole(prev: string, next: string): boolean {
  if (next === '' || !next.includes('\n')) return false;
  if (prev === '') return true;
  const max = Math.min(prev.length, next.length);
  let head = 0;
  while (head < max && prev.charCodeAt(head) === next.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < max - head && prev.charCodeAt(prev.length - 1 - tail) === next.charCodeAt(next.length - 1 - tail))
    tail++;
  return head + tail < Math.max(prev.length, next.length) / 2;
}

/** Starts following the editor's text; returns the unsubscribe. */
export function followOpenedText(): () => void {
  const first = useRobotsLab.getState().robotsText;
  if (first !== '') useDeploy.getState().setOpenedText(first);
  return useRobotsLab.subscribe((s, prev) => {
    if (s.robotsText !== prev.robotsText && replacedWhole(prev.robotsText, s.robotsText))
      useDeploy.getState().setOpenedText(s.robotsText);
  });
}
