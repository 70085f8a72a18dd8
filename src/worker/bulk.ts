/**
 * A bulk run: every row of a URL list × every chosen crawler, evaluated into
 * compact arrays the worker keeps (for views and exports) and streams to the
 * page in chunks. The hot loop allocates nothing per cell: each crawler's
 * rules are compiled once, crawlers that obey the same groups share one
 * check, and the path is cut from the URL once per row.
 */

import { fetchOutcome, getPathParamsQuery } from '../core/index';
import type { ParsedRobots } from '../core/types';
import { CELL, ROW, TOP_RULES } from '../model/codes';
import type { CrawlerInfo, EvaluateParams, RunChunk, RunTotals } from '../model/wire';
import { judgeUrl, scopeChecker } from './judge';
import { type FileChecks, fileChecks, noFileNote, OriginFiles } from './origins';

/** A URL list split into rows once: row i is text[starts[i], ends[i]). */
export interface HeldList {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
}

/** JavaScript's String#trim whitespace (the \s class), by code unit; the common ASCII case without a regex. */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || (c > 127 && /\s/.test(String.fromCharCode(c)));
}

/** A growable Int32Array. */
export class IntList {
  data = new Int32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  /** The values pushed, as an array of their own. */
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/**
 * The rows of a URL list as offsets into its text: one per non-blank line,
 * trimmed, without making a string per row.
 */
export function splitRows(text: string): HeldList {
  const starts = new IntList();
  const ends = new IntList();
  const len = text.length;
  // Without CRs, the native indexOf finds line ends far faster than a loop over characters.
  const hasCr = text.indexOf('\r') !== -1;
  let at = 0;
  while (at <= len) {
    let nl: number;
    if (!hasCr) {
      nl = text.indexOf('\n', at);
      if (nl === -1) nl = len;
    } else {
      nl = at;
      while (nl < len) {
        const c = text.charCodeAt(nl);
        if (c === 10 || c === 13) break;
        nl++;
      }
    }
    let s = at;
    let e = nl;
    while (s < e && isSpace(text.charCodeAt(s))) s++;
    while (e > s && isSpace(text.charCodeAt(e - 1))) e--;
    if (e > s) {
      starts.push(s);
      ends.push(e);
    }
    at = nl + 1;
  }
  return { text, starts: starts.toArray(), ends: ends.toArray() };
}

/**
 * A job over the rows of a URL list, done in slices (sliced.ts): a run, a
 * comparison. Rows [0, done) are done.
 */
export abstract class ListJob {
  done = 0;
  readonly rows: number;

  constructor(
    readonly id: number,
    private readonly list: HeldList,
  ) {
    this.rows = list.starts.length;
  }

  get finished(): boolean {
    return this.done >= this.rows;
  }

  /** The URL of `row` as typed. */
  url(row: number): string {
    return this.list.text.slice(this.list.starts[row], this.list.ends[row]);
  }

  /** Goes on from `done` until `deadline()` says stop (asked every 64 rows) or the list ends. */
  abstract step(deadline: () => boolean): void;
}

/** The results of one run, as the worker keeps them. */
export class BulkRun extends ListJob {
  readonly cols: number;
  readonly status: Uint8Array;
  /** Deciding line per cell (0 when no rule decides). */
  readonly lines: Int32Array;
  readonly rowFlags: Uint8Array;
  /** Request forms that differ from what was typed, by row. */
  readonly normalised = new Map<number, string>();
  /** Why a row was not judged, by row. */
  readonly notes = new Map<number, string>();
  readonly verdictCounts: Int32Array;
  /** Cells decided per line number. */
  readonly ruleCounts: Int32Array;
  /** The editor's file: its fetch outcome and its crawlers' checks. */
  readonly own: FileChecks;
  /** Other origins' files: a row outside the robots.txt origin is judged by its own origin's, when held. */
  readonly others: OriginFiles | null;
  private readonly scope: (url: string) => string | null;

  constructor(
    id: number,
    list: HeldList,
    readonly crawlers: CrawlerInfo[],
    /** The parse the run judges against (the readers' filter reads it again, disagree.ts). */
    readonly parsed: ParsedRobots,
    private readonly p: EvaluateParams,
  ) {
    super(id, list);
    this.cols = crawlers.length;
    this.status = new Uint8Array(this.rows * this.cols);
    this.lines = new Int32Array(this.rows * this.cols);
    this.rowFlags = new Uint8Array(this.rows);
    this.verdictCounts = new Int32Array(this.cols * 4);
    this.ruleCounts = new Int32Array(parsed.lines.length + 2);
    this.own = fileChecks(parsed, crawlers, fetchOutcome(p.fetchStatus));
    this.others = p.robotsUrl && p.origins?.length ? new OriginFiles(p.origins, crawlers) : null;
    this.scope = scopeChecker(p.robotsUrl);
  }

  step(deadline: () => boolean): void {
    const { cols, status, verdictCounts } = this;
    while (this.done < this.rows) {
      const row = this.done++;
      const j = judgeUrl(this.url(row), this.p.normalise, this.p.robotsUrl, this.scope);
      const url = j.requestUrl;
      let flags = j.flags;
      if (j.error !== null) this.notes.set(row, j.error);
      if (flags & ROW.NORMALISED) this.normalised.set(row, url);
      const other = j.outOfScope === null ? undefined : this.others?.judgeOf(url);
      if (other) flags ^= ROW.OUT_OF_SCOPE | ROW.OTHER_ORIGIN;
      else if (j.outOfScope !== null)
        this.notes.set(row, this.others ? noFileNote(this.others.originOf(url)) : j.outOfScope);
      const k0 = row * cols;
      if (flags & (ROW.INVALID | ROW.OUT_OF_SCOPE)) {
        const s = flags & ROW.INVALID ? CELL.INVALID_URL : CELL.OUT_OF_SCOPE;
        for (let c = 0; c < cols; c++) {
          status[k0 + c] = s;
          verdictCounts[c * 4 + s]++;
        }
      } else flags |= this.judgeCells(other ?? this.own, url, k0, other ? null : this.ruleCounts);
      this.rowFlags[row] = flags;
      if ((this.done & 63) === 0 && deadline()) return;
    }
  }

  /**
   * Judges one row's cells (from `k0`) by `file`; answers the row flags it
   * earns. Another origin's deciding lines are its own file's, so they are
   * not counted in `ruleCounts` (the editor's lines): it is null then.
   */
  private judgeCells(file: FileChecks, url: string, k0: number, ruleCounts: Int32Array | null): number {
    const { mode } = file.outcome;
    const path = mode === 'rules' ? getPathParamsQuery(url) : '';
    // RFC 9309 §2.2.2: /robots.txt itself is always allowed.
    const judged = mode === 'rules' && path !== '/robots.txt';
    const { checks, results, checkOf } = file;
    if (judged) for (let k = 0; k < checks.length; k++) results[k] = checks[k]?.check(path) ?? 0;
    for (let c = 0; c < this.cols; c++) {
      const v = judged ? results[checkOf[c]] : 0;
      const s = v < 0 || mode === 'disallow-all' ? CELL.BLOCKED : CELL.ALLOWED;
      this.status[k0 + c] = s;
      this.lines[k0 + c] = Math.abs(v);
      this.verdictCounts[c * 4 + s]++;
      if (v !== 0 && ruleCounts) ruleCounts[Math.abs(v)]++;
    }
    return mode === 'rules' && !judged ? ROW.ROBOTS_TXT : 0;
  }

  /** The chunk of rows [start, done) to stream, with the run's progress after `elapsed` ms. */
  chunk(start: number, elapsed: number): RunChunk {
    const { done: end, cols } = this;
    const normalised: [number, string][] = [];
    const notes: [number, string][] = [];
    for (let row = start; row < end; row++) {
      const f = this.rowFlags[row];
      if (f & ROW.NORMALISED) normalised.push([row, this.normalised.get(row)!]);
      if (f & (ROW.INVALID | ROW.OUT_OF_SCOPE)) notes.push([row, this.notes.get(row)!]);
    }
    const rate = elapsed > 0 ? Math.round((end / elapsed) * 1000) : 0;
    return {
      kind: 'chunk',
      start,
      status: this.status.slice(start * cols, end * cols),
      lines: this.lines.slice(start * cols, end * cols),
      rowFlags: this.rowFlags.slice(start, end),
      normalised,
      notes,
      progress: {
        done: end,
        total: this.rows,
        rate,
        etaMs: rate > 0 ? Math.round(((this.rows - end) / rate) * 1000) : 0,
      },
      totals: this.totals(),
    };
  }

  /** The running totals, for the page's summary and bar chart. */
  totals(): RunTotals {
    const used: [number, number][] = [];
    for (const [line, count] of this.ruleCounts.entries()) if (count > 0) used.push([line, count]);
    // The top few by count, ties in line order.
    const topRules = [...used].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, TOP_RULES);
    const rules = Int32Array.from(used.flat());
    return { verdicts: Array.from(this.verdictCounts), rules, topRules, normalised: this.normalised.size };
  }
}
