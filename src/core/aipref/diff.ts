/**
 * A line diff of a few text edits, for a UI to show what a suggestion would
 * change before the user applies it. Edits on the same or adjacent lines
 * make one hunk: the whole lines they touch before and after, the lines both
 * sides share shown as context.
 */
import type { RobotsFix } from '../diagnostics';

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

/** Offset of the start of the line holding `from`, and of the end (before the line break) of the line holding `to`. */
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

/**
 * One hunk for edits (sorted, non-overlapping) that touch adjacent lines. The
 * diff follows where each line of the result came from, not a guess by
 * matching text: a line is kept when it is a whole line of the text before,
 * copied unedited; the lines before that no kept line copies are removed, and
 * the rest of the result is added.
 */
function hunkOf(text: string, edits: readonly RobotsFix[]): DiffHunk {
  const { start, end } = lineBounds(text, edits[0].from, edits[edits.length - 1].to);
  // The result of the region, and for each of its characters the offset it came from in `text` (-1: inserted).
  let changed = '';
  const origin: number[] = [];
  const copy = (from: number, to: number) => {
    changed += text.slice(from, to);
    for (let i = from; i < to; i++) origin.push(i);
  };
  let at = start;
  for (const e of edits) {
    copy(at, e.from);
    changed += e.insert;
    for (let i = 0; i < e.insert.length; i++) origin.push(-1);
    at = e.to;
  }
  copy(at, end);
  // The line break after the region is never edited: the last line ends on text.
  origin.push(end);
  const beforeStarts = [start];
  for (let i = text.indexOf('\n', start); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) beforeStarts.push(i + 1);
  const before = text.slice(start, end).split('\n');
  const lineIndex = (offset: number) => beforeStarts.indexOf(offset);
  /** The line of `before` that the result's line [a, b) copies whole, or -1. */
  const keptLine = (a: number, b: number): number => {
    if (a === b) return origin[b] === -1 ? -1 : lineIndex(origin[b]);
    for (let i = a + 1; i < b; i++) if (origin[i] !== origin[a] + (i - a)) return -1;
    const last = origin[b - 1];
    if (origin[a] === -1 || (last + 1 !== end && text[last + 1] !== '\n')) return -1;
    return lineIndex(origin[a]);
  };
  const lines: DiffLine[] = [];
  let next = 0;
  let added: DiffLine[] = [];
  const keep = (k: number) => {
    for (; next < k; next++) lines.push({ kind: 'removed', text: before[next] });
    lines.push(...added);
    added = [];
    if (k < before.length) lines.push({ kind: 'context', text: before[next++] });
  };
  let a = 0;
  for (let b = 0; b <= changed.length; b++) {
    if (b < changed.length && changed[b] !== '\n') continue;
    const k = keptLine(a, b);
    if (k >= next) keep(k);
    else added.push({ kind: 'added', text: changed.slice(a, b) });
    a = b + 1;
  }
  keep(before.length);
  return { line: lineNumberAt(text, start), lines };
}

/**
 * The hunks of non-overlapping edits to `text`, in file order: edits whose
 * lines touch or adjoin make one hunk, so that a group's edits read together.
 */
export function diffHunks(text: string, edits: readonly RobotsFix[]): DiffHunk[] {
  const sorted = [...edits].sort((a, b) => a.from - b.from || a.to - b.to);
  const runs: RobotsFix[][] = [];
  let lastLine = -2;
  for (const e of sorted) {
    const first = lineNumberAt(text, e.from);
    const run = runs[runs.length - 1];
    if (run && first <= lastLine + 1) run.push(e);
    else runs.push([e]);
    lastLine = lineNumberAt(text, e.to);
  }
  return runs.map((run) => hunkOf(text, run));
}
