/**
 * A bulk run: every row of a URL list × every chosen crawler, evaluated into
 * compact arrays the worker keeps (for views and exports) and streams to the
 * page in chunks. The hot loop allocates nothing per cell: each crawler's
 * rules are compiled once, crawlers that obey the same groups share one
 * check, and the path is cut from the URL once per row.
 */

import type { FetchOutcome } from '../core/fetch';
import {
  type CompiledRules,
  chooseGroups,
  compiledFor,
  getPathParamsQuery,
  isRequestForm,
  toRequestUrl,
} from '../core/index';
import type { ParsedRobots } from '../core/types';
import { ABSOLUTE_URL } from '../core/url';
import { CELL, ROW, TOP_RULES } from '../model/codes';
import type { CrawlerInfo, RunTotals } from '../model/wire';
import { noFileNote, type OriginFiles, type OriginJudge } from './origins';

/** What a run needs to know about one crawler. */
export interface BulkCrawler {
  info: CrawlerInfo;
  tokens: readonly string[];
  ignoresGlobal: boolean;
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
export function splitRows(text: string): { starts: Int32Array; ends: Int32Array } {
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
  return { starts: starts.toArray(), ends: ends.toArray() };
}

/**
 * Judges one row by another origin's file into the run's arrays; returns the
 * row flags it earns. Its deciding lines are that file's, so they are not
 * counted in the run's rule totals (which are the editor's lines).
 */
function judgeOther(
  j: OriginJudge,
  url: string,
  k0: number,
  cols: number,
  status: Uint8Array,
  lines: Int32Array,
  counts: Int32Array,
): number {
  const mode = j.spec.outcome.mode;
  const path = mode === 'rules' ? getPathParamsQuery(url) : '';
  for (let c = 0; c < cols; c++) {
    let v = 0;
    if (mode === 'disallow-all') v = -1;
    else if (mode === 'rules' && path !== '/robots.txt') {
      const check = j.checks[j.checkOf[c]];
      v = check === null ? 0 : check.check(path);
    }
    const s = v < 0 ? CELL.BLOCKED : CELL.ALLOWED;
    status[k0 + c] = s;
    lines[k0 + c] = mode === 'rules' ? Math.abs(v) : 0;
    counts[c * 4 + s]++;
  }
  return mode === 'rules' && path === '/robots.txt' ? ROW.ROBOTS_TXT : 0;
}

/** The results of one run, as the worker keeps them. */
export class BulkRun {
  readonly rows: number;
  readonly cols: number;
  readonly status: Uint8Array;
  /** Deciding line per cell (0 when no rule decides). */
  readonly lines: Int32Array;
  readonly rowFlags: Uint8Array;
  /** Request forms that differ from what was typed, by row. */
  readonly normalised = new Map<number, string>();
  /** Why a row was not judged, by row. */
  readonly notes = new Map<number, string>();
  /** Rows evaluated so far (rows [0, done) are final). */
  done = 0;
  readonly verdictCounts: Int32Array;
  /** Cells decided per line number. */
  readonly ruleCounts: Int32Array;
  private normalisedCount = 0;
  /** Per crawler: index into `checks` (crawlers obeying the same groups share one). */
  private readonly checkOf: Int32Array;
  private readonly checks: (CompiledRules | null)[] = [];
  private readonly results: Int32Array;
  /** Per crawler: the groups it obeys (docs/behaviour.md §5), or null when none. */
  readonly obeyed: (number[] | null)[] = [];

  constructor(
    readonly id: number,
    readonly version: number,
    readonly text: string,
    readonly starts: Int32Array,
    readonly ends: Int32Array,
    readonly crawlers: BulkCrawler[],
    /** The parse the run judges against (the readers' filter reads it again, disagree.ts). */
    readonly parsed: ParsedRobots,
    private readonly normalise: boolean,
    private readonly robotsUrl: string,
    readonly outcome: FetchOutcome,
    private readonly scope: (url: string) => string | null,
    private readonly scopePrefix: string | null,
    /** Other origins' files: a row outside the robots.txt origin is judged by its own origin's, when held. */
    readonly others: OriginFiles | null = null,
  ) {
    this.rows = starts.length;
    this.cols = crawlers.length;
    this.status = new Uint8Array(this.rows * this.cols);
    this.lines = new Int32Array(this.rows * this.cols);
    this.rowFlags = new Uint8Array(this.rows);
    this.verdictCounts = new Int32Array(this.cols * 4);
    this.ruleCounts = new Int32Array(parsed.lines.length + 2);
    this.checkOf = new Int32Array(this.cols);
    const keys = new Map<string, number>();
    crawlers.forEach((c, i) => {
      const choice = chooseGroups(parsed, c.tokens, c.ignoresGlobal);
      const key = choice.kind === 'none' ? 'none' : choice.groups.join(',');
      this.obeyed.push(choice.kind === 'none' ? null : [...choice.groups]);
      let k = keys.get(key);
      if (k === undefined) {
        k = this.checks.length;
        keys.set(key, k);
        this.checks.push(choice.kind === 'none' ? null : compiledFor(parsed, choice.groups));
      }
      this.checkOf[i] = k;
    });
    this.results = new Int32Array(this.checks.length);
  }

  /** The URL of row `row` as typed. */
  url(row: number): string {
    return this.text.slice(this.starts[row], this.ends[row]);
  }

  /** Evaluates rows from `done` until `deadline()` says stop (checked every 64 rows) or the list ends. */
  step(deadline: () => boolean): void {
    const { cols, status, lines, rowFlags, checks, checkOf, results, normalise, robotsUrl, outcome, scopePrefix } =
      this;
    const base = robotsUrl || undefined;
    const counts = this.verdictCounts;
    const ruleCounts = this.ruleCounts;
    let row = this.done;
    const total = this.rows;
    while (row < total) {
      const input = this.text.slice(this.starts[row], this.ends[row]);
      let url = input;
      let flags = 0;
      let unjudged = -1;
      let other: OriginJudge | undefined;
      // Rows are trimmed already; most crawl exports are in request form and need no result object.
      if (normalise && !isRequestForm(input)) {
        const r = toRequestUrl(input, base);
        if (r.error) {
          flags |= ROW.INVALID;
          unjudged = CELL.INVALID_URL;
          this.notes.set(row, r.error);
        } else {
          url = r.url;
          if (r.changed) {
            flags |= ROW.NORMALISED;
            this.normalised.set(row, url);
            this.normalisedCount++;
          }
        }
      }
      if (
        unjudged < 0 &&
        robotsUrl &&
        !(scopePrefix !== null && url.lastIndexOf(scopePrefix, 0) === 0) &&
        ABSOLUTE_URL.test(url)
      ) {
        const reason = this.scope(url);
        other = reason === null ? undefined : this.others?.judgeOf(url);
        if (other !== undefined) flags |= ROW.OTHER_ORIGIN;
        else if (reason !== null) {
          flags |= ROW.OUT_OF_SCOPE;
          unjudged = CELL.OUT_OF_SCOPE;
          this.notes.set(row, this.others ? noFileNote(this.others.originOf(url)) : reason);
        }
      }
      const k0 = row * cols;
      if (other !== undefined) {
        flags |= judgeOther(other, url, k0, cols, status, lines, counts);
      } else if (unjudged >= 0) {
        for (let c = 0; c < cols; c++) {
          status[k0 + c] = unjudged;
          counts[c * 4 + unjudged]++;
        }
      } else if (outcome.mode !== 'rules') {
        const s = outcome.mode === 'allow-all' ? CELL.ALLOWED : CELL.BLOCKED;
        for (let c = 0; c < cols; c++) {
          status[k0 + c] = s;
          counts[c * 4 + s]++;
        }
      } else {
        const path = getPathParamsQuery(url);
        if (path === '/robots.txt') {
          // RFC 9309 §2.2.2: /robots.txt itself is always allowed.
          flags |= ROW.ROBOTS_TXT;
          for (let c = 0; c < cols; c++) counts[c * 4 + CELL.ALLOWED]++;
        } else {
          for (let k = 0; k < checks.length; k++) {
            const check = checks[k];
            results[k] = check === null ? 0 : check.check(path);
          }
          for (let c = 0; c < cols; c++) {
            const v = results[checkOf[c]];
            if (v < 0) {
              status[k0 + c] = CELL.BLOCKED;
              lines[k0 + c] = -v;
              counts[c * 4 + CELL.BLOCKED]++;
              ruleCounts[-v]++;
            } else {
              counts[c * 4 + CELL.ALLOWED]++;
              if (v > 0) {
                lines[k0 + c] = v;
                ruleCounts[v]++;
              }
            }
          }
        }
      }
      rowFlags[row] = flags;
      row++;
      if ((row & 63) === 0 && deadline()) break;
    }
    this.done = row;
  }

  get finished(): boolean {
    return this.done >= this.rows;
  }

  /** The running totals, for the page's summary and bar chart. */
  totals(): RunTotals {
    const rc = this.ruleCounts;
    let n = 0;
    for (let i = 1; i < rc.length; i++) if (rc[i] > 0) n++;
    const rules = new Int32Array(n * 2);
    const top: [number, number][] = [];
    let j = 0;
    for (let i = 1; i < rc.length; i++) {
      const c = rc[i];
      if (c === 0) continue;
      rules[j++] = i;
      rules[j++] = c;
      // Keep the top few by insertion: rules are many, the top list is short.
      if (top.length < TOP_RULES || c > top[top.length - 1][1]) {
        let at = top.length;
        while (at > 0 && top[at - 1][1] < c) at--;
        top.splice(at, 0, [i, c]);
        if (top.length > TOP_RULES) top.pop();
      }
    }
    return { verdicts: Array.from(this.verdictCounts), rules, topRules: top, normalised: this.normalisedCount };
  }
}
