/**
 * A line diff between two texts (Myers' O(ND) algorithm), then a second pass
 * that pairs the leftovers: a removed and an added line with the same text
 * are a *move*, and the removed and added lines left in one hunk are
 * *changes*, paired in order. Line numbers are the engine's (1-based,
 * physical lines), so an edit can be set beside a deciding line.
 */

/** What happened to one line between the old text and the new one. */
type LineEditKind = 'added' | 'removed' | 'changed' | 'moved';

/** One edited line: the old side, the new side, or both (changed, moved). */
export interface LineEdit {
  kind: LineEditKind;
  /** 1-based line in the old text (null for an added line). */
  oldLine: number | null;
  /** 1-based line in the new text (null for a removed line). */
  newLine: number | null;
  oldText: string | null;
  newText: string | null;
}

/** The result of comparing two texts line by line. */
export interface LineDiff {
  /** Every edit, in new-text order (removed lines where they stood). */
  edits: LineEdit[];
  /** By old line number (index 0 unused): the edit touching it, or null when it is kept as is. */
  oldEdits: (LineEdit | null)[];
  /** By new line number (index 0 unused). */
  newEdits: (LineEdit | null)[];
  /** By old line number: the new line it is kept as (same text), or 0 when it is not kept in place. */
  oldToNew: Int32Array;
  /** By new line number: the old line it was, or 0. */
  newToOld: Int32Array;
}

/**
 * Aligns `a` and `b` (arrays of lines) and returns pairs [i, j] of equal lines
 * (0-based) on one shortest edit script. Common head and tail are cut first,
 * so an edit of a few lines in a long file costs little.
 */
function commonPairs(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < head; i++) pairs.push([i, i]);
  const mid = myers(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  for (const [i, j] of mid) pairs.push([i + head, j + head]);
  for (let k = tail; k > 0; k--) pairs.push([a.length - k, b.length - k]);
  return pairs;
}

/**
 * Past this many differing lines the middle of the two texts is taken as
 * wholly replaced: the trace of Myers' algorithm grows with the square of
 * the differences (2,000 → about 16 MB), and two files that far apart are
 * better read as a rewrite. Moves and changes are still paired afterwards.
 */
const MAX_EDIT_DISTANCE = 2000;

/** Myers' greedy algorithm, keeping each step's furthest reaches (diagonals -d…d) to walk back. */
function myers(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return [];
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d] holds v[-d…d] as it was before step d.
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  if (!found) return [];
  return walkBack(trace, n, m);
}

/** Reads the common lines off Myers' trace, from the end back to the start. */
function walkBack(trace: Int32Array[], n: number, m: number): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const prev = trace[d];
    // prev[i] is diagonal i - d.
    const at = (k: number) => prev[k + d];
    const k = x - y;
    const fromInsert = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = fromInsert ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      pairs.push([x, y]);
    }
    x = prevX;
    y = prevY;
  }
  return pairs.reverse();
}

/**
 * Compares two texts given as arrays of lines (line 1 at index 0).
 * Lines compare as exact strings.
 */
export function diffLines(oldLines: readonly string[], newLines: readonly string[]): LineDiff {
  const oldToNew = new Int32Array(oldLines.length + 1);
  const newToOld = new Int32Array(newLines.length + 1);
  for (const [i, j] of commonPairs(oldLines, newLines)) {
    oldToNew[i + 1] = j + 1;
    newToOld[j + 1] = i + 1;
  }
  const oldEdits: (LineEdit | null)[] = new Array(oldLines.length + 1).fill(null);
  const newEdits: (LineEdit | null)[] = new Array(newLines.length + 1).fill(null);
  const removed = hunks(oldToNew);
  const added = hunks(newToOld);
  pairMoves(removed, added, oldLines, newLines, oldEdits, newEdits);
  pairChanges(oldToNew, oldLines, newLines, oldEdits, newEdits);
  for (let i = 1; i <= oldLines.length; i++) {
    if (oldToNew[i] === 0 && oldEdits[i] === null) {
      oldEdits[i] = { kind: 'removed', oldLine: i, newLine: null, oldText: oldLines[i - 1], newText: null };
    }
  }
  for (let j = 1; j <= newLines.length; j++) {
    if (newToOld[j] === 0 && newEdits[j] === null) {
      newEdits[j] = { kind: 'added', oldLine: null, newLine: j, oldText: null, newText: newLines[j - 1] };
    }
  }
  return { edits: orderEdits(oldEdits, newEdits, oldToNew), oldEdits, newEdits, oldToNew, newToOld };
}

/** The unkept line numbers of one side (1-based). */
function hunks(map: Int32Array): number[] {
  const out: number[] = [];
  for (let i = 1; i < map.length; i++) if (map[i] === 0) out.push(i);
  return out;
}

/** A removed line whose exact text was added elsewhere is a move (blank lines excepted: they carry nothing). */
function pairMoves(
  removed: number[],
  added: number[],
  oldLines: readonly string[],
  newLines: readonly string[],
  oldEdits: (LineEdit | null)[],
  newEdits: (LineEdit | null)[],
): void {
  const waiting = new Map<string, number[]>();
  for (const j of added) {
    const text = newLines[j - 1];
    if (text.trim() === '') continue;
    const list = waiting.get(text);
    if (list) list.push(j);
    else waiting.set(text, [j]);
  }
  for (const i of removed) {
    const list = waiting.get(oldLines[i - 1]);
    const j = list?.shift();
    if (j === undefined) continue;
    link('moved', i, j, oldLines, newLines, oldEdits, newEdits);
  }
}

/** Records old line `o` and new line `n` as one edit of `kind`, seen from both sides. */
function link(
  kind: 'moved' | 'changed',
  o: number,
  n: number,
  oldLines: readonly string[],
  newLines: readonly string[],
  oldEdits: (LineEdit | null)[],
  newEdits: (LineEdit | null)[],
): void {
  const edit: LineEdit = { kind, oldLine: o, newLine: n, oldText: oldLines[o - 1], newText: newLines[n - 1] };
  oldEdits[o] = edit;
  newEdits[n] = edit;
}

/**
 * Between two kept lines, the removed lines and the added lines that are not
 * moves are changes of one another, paired in order; the surplus on either
 * side stays removed or added.
 */
function pairChanges(
  oldToNew: Int32Array,
  oldLines: readonly string[],
  newLines: readonly string[],
  oldEdits: (LineEdit | null)[],
  newEdits: (LineEdit | null)[],
): void {
  let i = 1;
  let j = 1;
  while (i <= oldLines.length || j <= newLines.length) {
    const gapOld: number[] = [];
    while (i <= oldLines.length && oldToNew[i] === 0) {
      if (oldEdits[i] === null) gapOld.push(i);
      i++;
    }
    const stop = i <= oldLines.length ? oldToNew[i] : newLines.length + 1;
    const gapNew: number[] = [];
    while (j < stop) {
      if (newEdits[j] === null) gapNew.push(j);
      j++;
    }
    for (let p = 0; p < Math.min(gapOld.length, gapNew.length); p++) {
      const o = gapOld[p];
      const n = gapNew[p];
      link('changed', o, n, oldLines, newLines, oldEdits, newEdits);
    }
    // Step over the kept pair that closed this gap.
    i++;
    j++;
  }
}

/** All edits once each, by new position (a removed line sorts just after the new line before it). */
function orderEdits(oldEdits: (LineEdit | null)[], newEdits: (LineEdit | null)[], oldToNew: Int32Array): LineEdit[] {
  const keyed: Array<[number, LineEdit]> = [];
  for (let j = 1; j < newEdits.length; j++) {
    const e = newEdits[j];
    if (e) keyed.push([j, e]);
  }
  let lastNew = 0;
  for (let i = 1; i < oldEdits.length; i++) {
    if (oldToNew[i] !== 0) lastNew = oldToNew[i];
    const e = oldEdits[i];
    if (e && e.kind === 'removed') keyed.push([lastNew + 0.5, e]);
  }
  return keyed.sort((x, y) => x[0] - y[0]).map(([, e]) => e);
}
