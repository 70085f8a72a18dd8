/**
 * A parse's diagnostics as they cross from the worker to the page: parallel
 * typed arrays and one string of the distinct texts, not one object per
 * diagnostic. A file of 50,000 stray rules has 50,000 warnings; as objects,
 * reading the `parsed` reply on the page's thread (structured-clone
 * deserialisation) took 150 ms of a 220 ms task (Chromium, loaded machine).
 * The page builds a diagnostic object only for the ones it shows
 * (`diagnosticAt`): the editor's window around the viewport, a page of the
 * Problems tab.
 */
import type { RobotsDiagnostic, RobotsDiagnosticCode, RobotsFix } from '../core/lint';

/** Severity as stored in `DiagnosticTable.severity`, by index. */
const SEVERITIES = ['error', 'warning', 'info'] as const;
const SEVERITY_INDEX = { error: 0, warning: 1, info: 2 } as const;

/**
 * Diagnostics in order of their start (`from`, then as produced), column by
 * column: diagnostic i is `from[i]`, `to[i]`, `line[i]`, … A diagnostic's
 * fixes are rows `fixStart[i]` to `fixStart[i + 1]` of the fix columns.
 * Messages, fix labels and inserts are indices into the distinct texts,
 * which are `text` cut at `ends` (text k is `text.slice(ends[k - 1], ends[k])`).
 */
export interface DiagnosticTable {
  from: Int32Array;
  to: Int32Array;
  /** 1-based. */
  line: Int32Array;
  /** 0 error, 1 warning, 2 info. */
  severity: Uint8Array;
  /** Index into `codes`. */
  code: Uint8Array;
  codes: RobotsDiagnosticCode[];
  message: Int32Array;
  /** `count + 1` entries. */
  fixStart: Int32Array;
  fixFrom: Int32Array;
  fixTo: Int32Array;
  fixLabel: Int32Array;
  fixInsert: Int32Array;
  text: string;
  ends: Int32Array;
}

/** Distinct strings, numbered in order of first use. */
class Strings {
  private readonly index = new Map<string, number>();
  readonly list: string[] = [];
  of(s: string): number {
    let k = this.index.get(s);
    if (k === undefined) {
      k = this.list.length;
      this.index.set(s, k);
      this.list.push(s);
    }
    return k;
  }
}

/** The table of `diagnostics`, sorted by start (a stable sort: ties keep their order). An empty fix list is dropped. */
export function diagnosticTable(diagnostics: readonly RobotsDiagnostic[]): DiagnosticTable {
  const sorted = [...diagnostics].sort((a, b) => a.from - b.from);
  const n = sorted.length;
  const strings = new Strings();
  const codes: RobotsDiagnosticCode[] = [];
  const t = {
    from: new Int32Array(n),
    to: new Int32Array(n),
    line: new Int32Array(n),
    severity: new Uint8Array(n),
    code: new Uint8Array(n),
    message: new Int32Array(n),
    fixStart: new Int32Array(n + 1),
  };
  const fixes: RobotsFix[] = [];
  for (let i = 0; i < n; i++) {
    const d = sorted[i];
    t.from[i] = d.from;
    t.to[i] = d.to;
    t.line[i] = d.line;
    t.severity[i] = SEVERITY_INDEX[d.severity];
    let c = codes.indexOf(d.code);
    if (c === -1) c = codes.push(d.code) - 1;
    t.code[i] = c;
    t.message[i] = strings.of(d.message);
    t.fixStart[i] = fixes.length;
    if (d.fixes) fixes.push(...d.fixes);
  }
  t.fixStart[n] = fixes.length;
  const fixColumns = {
    fixFrom: Int32Array.from(fixes, (f) => f.from),
    fixTo: Int32Array.from(fixes, (f) => f.to),
    fixLabel: Int32Array.from(fixes, (f) => strings.of(f.label)),
    fixInsert: Int32Array.from(fixes, (f) => strings.of(f.insert)),
  };
  const ends = new Int32Array(strings.list.length);
  let at = 0;
  for (let k = 0; k < ends.length; k++) ends[k] = at += strings.list[k].length;
  return { ...t, ...fixColumns, codes, text: strings.list.join(''), ends };
}

/** How many diagnostics the table holds. */
export function diagnosticCount(t: DiagnosticTable): number {
  return t.from.length;
}

function textAt(t: DiagnosticTable, k: number): string {
  return t.text.slice(k === 0 ? 0 : t.ends[k - 1], t.ends[k]);
}

/** Diagnostic `i` of the table, as an object. */
export function diagnosticAt(t: DiagnosticTable, i: number): RobotsDiagnostic {
  const d: RobotsDiagnostic = {
    from: t.from[i],
    to: t.to[i],
    line: t.line[i],
    severity: SEVERITIES[t.severity[i]],
    code: t.codes[t.code[i]],
    message: textAt(t, t.message[i]),
  };
  const first = t.fixStart[i];
  const end = t.fixStart[i + 1];
  if (end > first) {
    d.fixes = [];
    for (let f = first; f < end; f++)
      d.fixes.push({
        label: textAt(t, t.fixLabel[f]),
        from: t.fixFrom[f],
        to: t.fixTo[f],
        insert: textAt(t, t.fixInsert[f]),
      });
  }
  return d;
}

/** Diagnostics [start, end) of the table, as objects. */
export function diagnosticsIn(t: DiagnosticTable, start = 0, end = diagnosticCount(t)): RobotsDiagnostic[] {
  const out: RobotsDiagnostic[] = [];
  for (let i = start; i < end; i++) out.push(diagnosticAt(t, i));
  return out;
}

/** How many diagnostics of each severity. */
export function severityCounts(t: DiagnosticTable): Record<RobotsDiagnostic['severity'], number> {
  const counts = [0, 0, 0];
  for (let i = 0; i < t.severity.length; i++) counts[t.severity[i]]++;
  return { error: counts[0], warning: counts[1], info: counts[2] };
}

/**
 * The table's indices in the Problems tab's order: errors, then warnings,
 * then notes, each by line (diagnostics of one line in the table's order).
 */
export function problemOrder(t: DiagnosticTable): Int32Array {
  const n = diagnosticCount(t);
  const counts = severityCounts(t);
  const next = [0, counts.error, counts.error + counts.warning];
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[next[t.severity[i]]++] = i;
  // The table is in order of start, which is line order too; sort a bucket only if it is not.
  const bounds = [0, counts.error, counts.error + counts.warning, n];
  for (let b = 0; b < 3; b++) {
    const bucket = order.subarray(bounds[b], bounds[b + 1]);
    let ascending = true;
    for (let k = 1; k < bucket.length && ascending; k++) ascending = t.line[bucket[k - 1]] <= t.line[bucket[k]];
    if (!ascending) bucket.sort((x, y) => t.line[x] - t.line[y] || x - y);
  }
  return order;
}

/** The indices of the diagnostics whose code passes `keep` (codes are tested once each, not once per diagnostic). */
export function indicesWithCode(t: DiagnosticTable, keep: (code: RobotsDiagnosticCode) => boolean): number[] {
  const kept = t.codes.map(keep);
  const out: number[] = [];
  for (let i = 0; i < t.code.length; i++) if (kept[t.code[i]]) out.push(i);
  return out;
}

/** The first index whose diagnostic starts at or after `pos` (the table is in order of start). */
export function firstFrom(t: DiagnosticTable, pos: number): number {
  let lo = 0;
  let hi = t.from.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (t.from[mid] < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
