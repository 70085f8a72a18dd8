/**
 * A line diff of a few text edits, for a UI to show what a suggestion would
 * change before the user applies it. Each edit makes one hunk: the whole
 * lines it touches before and after, with the lines both sides share at the
 * hunk's start and end shown as context.
 */
import type { RobotsFix } from '../lint';

/** One line of a hunk: kept (context), removed or added. */
interface DiffLine {
  kind: 'context' | 'removed' | 'added';
  text: string;
}

/** The lines one edit changes, starting at line `line` (1-based) of the text before. */
export interface DiffHunk {
  line: number;
  lines: DiffLine[];
}

/** Offset of the start of the line holding `at`, and of its end (before the line break). */
function lineBounds(text: string, from: number, to: number): { start: number; end: number } {
  const start = text.lastIndexOf('\n', from - 1) + 1;
  const nl = text.indexOf('\n', to);
  return { start, end: nl === -1 ? text.length : nl };
}

function lineNumberAt(text: string, at: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** One edit's hunk: old lines against new lines, shared lines at either end kept as context. */
function hunkOf(text: string, edit: RobotsFix): DiffHunk {
  const { start, end } = lineBounds(text, edit.from, edit.to);
  const before = text.slice(start, end).split('\n');
  const after = (text.slice(start, edit.from) + edit.insert + text.slice(edit.to, end)).split('\n');
  // Shared lines at the end first: an appended paragraph then reads as a blank line and the new lines.
  let tail = 0;
  while (
    tail < before.length &&
    tail < after.length &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++;
  let head = 0;
  while (head < before.length - tail && head < after.length - tail && before[head] === after[head]) head++;
  const lines: DiffLine[] = [
    ...before.slice(0, head).map((t) => ({ kind: 'context' as const, text: t })),
    ...before.slice(head, before.length - tail).map((t) => ({ kind: 'removed' as const, text: t })),
    ...after.slice(head, after.length - tail).map((t) => ({ kind: 'added' as const, text: t })),
    ...before.slice(before.length - tail).map((t) => ({ kind: 'context' as const, text: t })),
  ];
  return { line: lineNumberAt(text, start), lines };
}

/** The hunks of non-overlapping edits to `text`, in file order. */
export function diffHunks(text: string, edits: readonly RobotsFix[]): DiffHunk[] {
  return [...edits].sort((a, b) => a.from - b.from).map((e) => hunkOf(text, e));
}
