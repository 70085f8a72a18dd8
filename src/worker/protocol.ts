/**
 * The typed messages between the page and the robots.txt worker, both ways.
 * Every request carries an id and the document version (the version of the
 * robots.txt text it was made for); the client drops any reply whose id or
 * version is no longer current. The UI never posts these itself: it calls
 * `RobotsWorkerClient` (client.ts).
 */

import type { DiffHunk } from '../core/aipref/diff';
import type { Suggestion } from '../core/aipref/suggest';
import type { LineEdit } from '../core/diff/index';
import { ruleLabel } from '../core/matcher';
import type { MatrixCell, PurposeFinding } from '../core/purposes';
import type { ReaderVerdict } from '../core/readers/index';
import type { Verdict } from '../core/types';
import type { DiagnosticTable } from './diagnosticTable';
import type { FetchStatus } from './fetchStatus';
import type { OriginFileSpec } from './origins';

/** A crawler to test: a built-in profile (by id) or any product token the user typed. */
export type CrawlerSpec = { kind: 'profile'; id: string } | { kind: 'token'; token: string };

export type { WireDiagnostic } from './diagnosticTable';

/** What the page needs to know about one group. */
interface GroupSummary {
  index: number;
  startLine: number;
  endLine: number;
  agents: { line: number; value: string; isGlobal: boolean; productToken: string }[];
  /** Number of allow/disallow rules in the group. */
  ruleCount: number;
}

/**
 * Every allow/disallow rule inside a group, in line order, as parallel
 * arrays, transferred, not copied (`summaryTransfer`): a 500 KiB file has
 * about 20,000 rules, and an object per rule is slow to copy between threads.
 */
export interface RuleTable {
  /** Ascending. */
  lines: Int32Array;
  /** 0 allow, 1 disallow. */
  kinds: Uint8Array;
  /** The values as written, UTF-8, each followed by a line end (a value never holds one). */
  raws: Uint8Array;
  /**
   * Where each value ends in `raws` (value i is bytes `[i === 0 ? 0 :
   * ends[i - 1] + 1, ends[i])`), found in the worker.
   */
  ends: Int32Array;
}

/** Line → "Disallow: /x", for the rules of a parse. */
export type RuleLabels = Pick<Map<number, string>, 'get'>;

const utf8 = new TextDecoder();

/**
 * Line → "Disallow: /x" for every rule of a parse, each label made when
 * asked for (a binary search and the decoding of one value): the table asks
 * for a screenful.
 */
export function ruleLabels(rules: RuleTable): RuleLabels {
  const { lines, kinds, raws, ends } = rules;
  return {
    get(line) {
      let lo = 0;
      let hi = lines.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (lines[mid] < line) lo = mid + 1;
        else if (lines[mid] > line) hi = mid - 1;
        else {
          const value = utf8.decode(raws.subarray(mid === 0 ? 0 : ends[mid - 1] + 1, ends[mid]));
          return ruleLabel(kinds[mid] === 0 ? 'allow' : 'disallow', value);
        }
      }
      return undefined;
    },
  };
}

/** One `# expect:` comment, checked (docs/expectations.md): the editor's gutter mark and the header's count. */
export interface ExpectationMark {
  /** 1-based line of the comment. */
  line: number;
  status: 'pass' | 'fail' | 'malformed';
  /** What was checked and, for a failing one, the crawler, its verdict and the deciding line. */
  message: string;
  /** For a failing one: the lines that decided against it. */
  decidingLines: number[];
}

/** The result of parsing one version of the text, once. */
export interface ParseSummary {
  lineCount: number;
  byteLength: number;
  groups: GroupSummary[];
  rules: RuleTable;
  sitemaps: { line: number; url: string }[];
  /**
   * Every diagnostic, in order of start, as columns (diagnosticTable.ts): the
   * page makes objects only for those it shows.
   */
  diagnostics: DiagnosticTable;
  /** The file's `# expect:` comments, checked against it, in line order. */
  expectations: ExpectationMark[];
  /** Googlebot's 500 KiB cap: where it stops reading (character offset and line), or null. */
  sizeLimit: { cutAt: number; line: number } | null;
  elapsedMs: number;
  /** True when the verdicts come from an opened file's bytes (the text is that file's, unedited; worker/bytes.ts). */
  fromBytes?: boolean;
  /** Set when the text is not a robots.txt but an HTML page or a JSON body (an error page saved by mistake, say). */
  looksLike?: 'html' | 'json' | null;
}

/** The inputs of one evaluation run besides the robots.txt text. */
export interface EvaluateParams {
  /**
   * The URL list as typed: one URL or path per line; blank lines are skipped.
   * Null: the list the worker already holds (the last one sent or imported),
   * so a million lines cross the boundary once, not on every run.
   */
  urlsText: string | null;
  crawlers: CrawlerSpec[];
  /** Turn what was typed into the crawler's request form (toRequestUrl) before matching. */
  normalise: boolean;
  /** The robots.txt URL, '' when not given: relative paths resolve against it and URLs outside its scope are flagged. */
  robotsUrl: string;
  fetchStatus: FetchStatus;
  /** Other origins' files: rows outside the robots.txt origin are judged by their own origin's. */
  origins?: OriginFileSpec[];
}

/** Cell outcomes, one byte per URL × crawler cell. */
export const CELL = {
  ALLOWED: 0,
  BLOCKED: 1,
  /** The URL is outside the robots.txt URL's scope: not judged. */
  OUT_OF_SCOPE: 2,
  /** The URL could not be read. */
  INVALID_URL: 3,
} as const;

/** Per-row flags (bit set). */
export const ROW = {
  NORMALISED: 1,
  OUT_OF_SCOPE: 2,
  INVALID: 4,
  ROBOTS_TXT: 8,
  /** Judged by another origin's file (worker/origins.ts): its deciding lines are that file's. */
  OTHER_ORIGIN: 16,
} as const;

/** What the column header needs about one crawler. */
export interface CrawlerInfo {
  label: string;
  tokens: string[];
  /** False for a typed token the reference cannot obey (empty, or characters beyond A-Z a-z - _). */
  valid: boolean;
  ignoresGlobal: boolean;
}

/** The full explanation of one cell. */
export interface ExplainResult {
  input: string;
  /** The URL as matched (normalised when that is on). */
  requestUrl: string;
  changes: string[];
  error: string | null;
  outOfScope: string | null;
  crawler: CrawlerInfo;
  /** Set when the simulated fetch result decides, not the rules. */
  fetchOutcome: string | null;
  verdict: Verdict | null;
  /** Other readers and AI purposes; null when no rule verdict was made or the token cannot be obeyed. */
  lenses: ExplainLenses | null;
  /** The other origin whose robots.txt judged the URL (worker/origins.ts); absent for the editor's file. */
  judgedBy?: string;
}

/** The explanation's other views of the same cell, computed in the worker as plain data. */
export interface ExplainLenses {
  /** Google first, then RFC 9309 read literally, Bing, Yandex, 1994 (docs/behaviour.md §14). */
  readers: ReaderVerdict[];
  /**
   * One finding per purpose (docs/behaviour.md §15); null when the file has no
   * Content-Usage or Content-Signal line and the crawler is not an AI crawler.
   */
  purposes: PurposeFinding[] | null;
}

/** A suggestion for a stated intent, with the diff the page shows before it is applied. */
export interface IntentSuggestion extends Suggestion {
  hunks: DiffHunk[];
}

/** The AI lens of the whole file (docs/behaviour.md §15): the purposes × operators matrix at the site's root, and the intents' suggestions. */
export interface AiLensResult {
  matrix: MatrixCell[];
  suggestions: IntentSuggestion[];
}

/**
 * The readers the "where readers disagree" filter compares with Google's
 * verdict, in bit order: bit i of a mask is DISAGREE_READERS[i].
 */
export const DISAGREE_READERS = ['rfc9309', 'bing', 'yandex', 'legacy1994'] as const;

/** Which rows of a run's results the table shows, and in what order. Computed in the worker. */
export interface ViewQuery {
  /**
   * Keep rows with this verdict (in the `crawler` column, or in any column
   * when it is -1); `disagree`: rows where another reader's verdict differs
   * from Google's (docs/behaviour.md §14).
   */
  verdict: 'all' | 'allowed' | 'blocked' | 'unjudged' | 'disagree';
  crawler: number;
  /** Keep rows a rule at this line decides (in `crawler`'s column, or in any); null for all. */
  rule: number | null;
  /** Keep rows whose request form differs from what was typed. */
  normalisedOnly: boolean;
  /** Keep rows whose URL contains this text (case-insensitive); '' for all. */
  search: string;
  /** Row order: as listed when null. */
  sort: { key: 'url' | 'verdict'; col: number; desc: boolean } | null;
}

/** The query that shows every row in list order. */
export const ALL_ROWS: ViewQuery = {
  verdict: 'all',
  crawler: -1,
  rule: null,
  normalisedOnly: false,
  search: '',
  sort: null,
};

/** True when a query keeps every row in list order (the view is the identity). */
export function isAllRows(q: ViewQuery): boolean {
  return q.verdict === 'all' && q.rule === null && !q.normalisedOnly && q.search === '' && q.sort === null;
}

/** Running totals of a run, kept in the worker and sent with each chunk. */
export interface RunTotals {
  /** Per crawler, 4 counts: allowed, blocked, out of scope, invalid (index = CELL value). */
  verdicts: number[];
  /** Cells decided per rule line, as flat pairs (line, cells), every deciding line. */
  rules: Int32Array;
  /** The rules that decide the most cells: [line, cells], most first (at most TOP_RULES). */
  topRules: [number, number][];
  /** Rows whose request form differs from what was typed. */
  normalised: number;
}

/** How many rules the totals' bar chart shows. */
export const TOP_RULES = 10;

export type ExportFormat = 'csv' | 'json';

/** What an export file holds: records are URL × crawler cells; `complete` is false when the run had not finished. */
export interface ExportSummary {
  records: number;
  urls: number;
  crawlers: number;
  complete: boolean;
  /** URLs judged when the file was written, of `total`. */
  judged: number;
  total: number;
}

/** A URL list file, read in the worker: what it held and what was not taken from it. */
export interface ImportSummary {
  name: string;
  format: 'txt' | 'csv' | 'sitemap';
  count: number;
  /** For a CSV: its columns, so that a person can pick the URL column. */
  csv: { header: string[] | null; columns: number; column: number; sample: string[][] } | null;
  /** For a sitemap index: the listed child sitemaps are URLs in the list, their pages were not fetched. */
  sitemapIndex: boolean;
}

/** An import with the list it made. */
export interface ImportResult extends ImportSummary {
  /** The URLs, one a line: the new URL list (the worker keeps it as its current list). */
  text: string;
}

/** The URL list, when it came from a sitemap file: what the page knows of that file. */
export interface SitemapListInfo {
  name: string;
  count: number;
  /** The file's size in bytes (for the sitemaps.org 50 MB limit). */
  bytes: number;
  /** The run that judged this list (its cells are the cross-check), or null when none has yet. */
  run: number | null;
}

/** The Sitemaps tab's facts (docs/behaviour.md §10), computed in the worker (sitemapCheck.ts). */
export interface SitemapReport {
  /** The file's `Sitemap:` lines: usable or not, and why, with notes. */
  lines: { line: number; url: string; ok: boolean; problems: string[]; notes: string[] }[];
  /** The imported sitemap, or null when the list did not come from one. */
  list: {
    name: string;
    count: number;
    /** Breaches of the sitemaps.org limits (50,000 URLs, 50 MB). */
    limits: string[];
    /** Its URLs the rules block for the chosen crawler, or null while no run has judged the list. */
    blocked: {
      crawler: number;
      label: string;
      /** Rows judged so far, and whether that is all of them. */
      judged: number;
      finished: boolean;
      count: number;
      /** Blocked URLs per deciding line, most first. */
      byLine: { line: number; text: string; count: number }[];
      examples: { row: number; url: string; line: number }[];
    } | null;
  } | null;
}

/** The inputs of a before/after comparison: both texts, and the URL list × crawlers to compare them on. */
export interface FlipsParams {
  /** The file as deployed today (the "before"). */
  deployedText: string;
  /** The file being edited (the "after"). */
  editedText: string;
  /** As for `evaluate`: null for the list the worker holds. */
  urlsText: string | null;
  crawlers: CrawlerSpec[];
  normalise: boolean;
  robotsUrl: string;
}

/** The direction of a verdict flip. */
export type FlipKind = 'allowed-to-blocked' | 'blocked-to-allowed';

/** A comparison's running counts. */
export interface FlipTally {
  /** URL × crawler pairs compared. */
  checked: number;
  /** URLs not compared: unreadable, or outside the robots.txt URL's scope. */
  skipped: number;
  allowedToBlocked: number;
  blockedToAllowed: number;
  /** Per crawler, in the order asked. */
  byCrawler: { label: string; allowedToBlocked: number; blockedToAllowed: number }[];
}

/** Which flips the list shows, in what order, and how many at most. Computed in the worker. */
export interface FlipQuery {
  kind: 'all' | FlipKind;
  /** A crawler's index, or -1 for all. */
  crawler: number;
  sort: 'list' | 'url' | 'crawler' | 'kind';
  desc: boolean;
  /** At most this many records in a view (an export takes them all). */
  limit: number;
}

/** One flip as the page shows it. */
export interface FlipRecord {
  /** Position in the comparison (list order, URL-major). */
  index: number;
  url: string;
  requestUrl: string;
  crawler: string;
  crawlerIndex: number;
  kind: FlipKind;
  oldLine: { line: number; text: string } | null;
  newLine: { line: number; text: string } | null;
  causes: LineEdit[];
}

/**
 * Test-only faults for the restart path: crash, or hang until the watchdog
 * restarts the worker. Only test builds act on them (see faults.ts).
 */
export type DebugFault = 'throw' | 'hang';

export type WorkerRequest =
  | { type: 'set-text'; id: number; version: number; text: string }
  /**
   * A robots.txt file's bytes (transferred, not copied). The worker holds
   * them and replies with the text they decode to; a 'set-text' of exactly
   * that text is then parsed from the bytes (worker/bytes.ts).
   */
  | { type: 'open-bytes'; id: number; version: number; bytes: ArrayBuffer }
  | ({ type: 'evaluate'; id: number; version: number } & EvaluateParams)
  | { type: 'cancel'; id: number; version: number }
  | {
      type: 'explain';
      id: number;
      version: number;
      url: string;
      crawler: CrawlerSpec;
      normalise: boolean;
      robotsUrl: string;
      fetchStatus: FetchStatus;
      origins?: OriginFileSpec[];
    }
  /** The AI lens of the whole text: the purposes × operators matrix and the intents' suggestions. */
  | { type: 'ai-lens'; id: number; version: number }
  /** Computes the rows of run `run` that `query` keeps, in its order. */
  | { type: 'view'; id: number; version: number; run: number; query: ViewQuery }
  /** Writes the records `query` keeps as a CSV or JSON file (`wide`: a CSV row per URL, columns per crawler). */
  | { type: 'export'; id: number; version: number; run: number; query: ViewQuery; format: ExportFormat; wide: boolean }
  /** Reads a URL list file (text, CSV with an optional 0-based column, sitemap XML). */
  | { type: 'import'; id: number; version: number; file: Blob; name: string; column: number | null }
  /** Saves a URL list in IndexedDB under `key` (null: the list the worker holds), off the page's thread. */
  | { type: 'save-list'; id: number; version: number; key: string; urlsText: string | null }
  /**
   * Reads the URL list saved under `key` from IndexedDB in the worker, keeps
   * it as the current list and sends it to the page in pieces, so that a
   * reload never copies a huge string on the page's thread.
   */
  | { type: 'load-list'; id: number; version: number; key: string }
  /**
   * The Sitemaps tab: the file's sitemap lines checked against `robotsUrl`,
   * and, when `list` says the URL list is a sitemap, its URLs blocked for
   * crawler column `crawler` of the list's run.
   */
  | { type: 'sitemaps'; id: number; version: number; robotsUrl: string; list: SitemapListInfo | null; crawler: number }
  /** Compares the deployed and the edited file on a URL list × crawlers, streamed as flips-chunk…, flips-done. */
  | ({ type: 'flips'; id: number; version: number } & FlipsParams)
  | { type: 'flips-cancel'; id: number; version: number }
  /** The flips of comparison `run` that `query` keeps, in its order (at most query.limit). */
  | { type: 'flips-view'; id: number; version: number; run: number; query: FlipQuery }
  /** Writes every flip `query` keeps (its limit aside) as a CSV or JSON file. */
  | { type: 'flips-export'; id: number; version: number; run: number; query: FlipQuery; format: ExportFormat }
  /** For tests of the restart path only (test builds): the worker throws or spins forever. */
  | { type: 'debug-fault'; id: number; version: number; fault: DebugFault };

export type WorkerReply =
  | { type: 'parsed'; id: number; version: number; summary: ParseSummary }
  /** The text an opened file's bytes decode to (line ends as "\n"), and how many lines hold invalid UTF-8. */
  | {
      type: 'bytes-opened';
      id: number;
      version: number;
      text: string;
      invalidLines: number;
      /** The file's size in bytes when the text is only the part Google reads (a file too large for the editor). */
      shownPartOf: number | null;
    }
  | {
      type: 'run-started';
      id: number;
      version: number;
      rows: number;
      crawlers: CrawlerInfo[];
      /** Where each row's URL is in the list text: [starts[i], ends[i]) (trimmed, blank lines skipped). */
      starts: Int32Array;
      ends: Int32Array;
    }
  | {
      type: 'run-chunk';
      id: number;
      version: number;
      /** First row of this chunk. */
      start: number;
      /** Cells of rows [start, start + n), row-major, `crawlers` cells per row. */
      status: Uint8Array;
      lines: Int32Array;
      rowFlags: Uint8Array;
      /** Rows whose request form differs from what was typed: [row, request URL]. */
      normalised: [number, string][];
      /** Rows that could not be read or are out of scope: [row, message]. */
      notes: [number, string][];
      progress: { done: number; total: number; rate: number; etaMs: number };
      totals: RunTotals;
    }
  | { type: 'run-done'; id: number; version: number; rows: number; elapsedMs: number }
  | { type: 'explained'; id: number; version: number; result: ExplainResult }
  | { type: 'ai-lensed'; id: number; version: number; result: AiLensResult }
  | {
      type: 'viewed';
      id: number;
      version: number;
      run: number;
      query: ViewQuery;
      rows: Int32Array | null;
      count: number;
      complete: boolean;
      /**
       * For the `disagree` filter: per run row (index = row), the readers
       * (DISAGREE_READERS bits) whose verdict differs in the filtered columns; null otherwise.
       */
      readers: Uint8Array | null;
    }
  | { type: 'exported'; id: number; version: number; blob: Blob; summary: ExportSummary }
  /**
   * One piece of an imported or loaded list's text (see pieces.ts), sent in
   * order before its 'imported' or 'list-loaded' reply: the pieces joined are
   * the list.
   */
  | { type: 'list-piece'; id: number; version: number; text: string }
  | { type: 'imported'; id: number; version: number; result: ImportSummary }
  /** `urls`: how many URLs the saved list holds (so that the page can name a list the browser later evicts). */
  | { type: 'saved'; id: number; version: number; error: string | null; urls: number }
  | { type: 'sitemaps-checked'; id: number; version: number; report: SitemapReport }
  /** The end of a 'load-list', after its pieces: `found` false when nothing was saved there, `error` when it could not be read. */
  | { type: 'list-loaded'; id: number; version: number; found: boolean; error: string | null }
  | {
      type: 'flips-chunk';
      id: number;
      version: number;
      progress: { done: number; total: number };
      tally: FlipTally;
    }
  | { type: 'flips-done'; id: number; version: number; elapsedMs: number; tally: FlipTally }
  | { type: 'flips-viewed'; id: number; version: number; run: number; records: FlipRecord[]; count: number }
  | { type: 'flips-exported'; id: number; version: number; blob: Blob; records: number }
  | { type: 'failed'; id: number; version: number; message: string };

/**
 * The reply type that answers each request type (requests not named here,
 * 'evaluate', 'flips' and the cancels, are answered by the run's stream, or not at all;
 * a fault is answered by a restart). A 'failed' reply can answer any of them.
 */
export interface ReplyTypes {
  'set-text': 'parsed';
  'open-bytes': 'bytes-opened';
  explain: 'explained';
  'ai-lens': 'ai-lensed';
  view: 'viewed';
  export: 'exported';
  import: 'imported';
  'save-list': 'saved';
  'load-list': 'list-loaded';
  sitemaps: 'sitemaps-checked';
  'flips-view': 'flips-viewed';
  'flips-export': 'flips-exported';
  'debug-fault': never;
}

/** A request that is answered by one reply. */
export type AnsweredType = keyof ReplyTypes;

/** The request of type K. */
export type RequestOf<K extends WorkerRequest['type']> = Extract<WorkerRequest, { type: K }>;

/** The reply that answers a request of type K. */
export type ReplyTo<K extends AnsweredType> = Extract<WorkerReply, { type: ReplyTypes[K] }>;

/** Which request each answering reply answers (the inverse of ReplyTypes, checked by the compiler). */
export const ANSWERS = {
  parsed: 'set-text',
  'bytes-opened': 'open-bytes',
  explained: 'explain',
  'ai-lensed': 'ai-lens',
  viewed: 'view',
  exported: 'export',
  imported: 'import',
  saved: 'save-list',
  'list-loaded': 'load-list',
  'sitemaps-checked': 'sitemaps',
  'flips-viewed': 'flips-view',
  'flips-exported': 'flips-export',
} as const satisfies {
  [R in ReplyTypes[AnsweredType]]: { [K in AnsweredType]: ReplyTypes[K] extends R ? K : never }[AnsweredType];
};

/** Makes a switch over a union exhaustive: the compiler rejects a missed case. */
export function assertNever(x: never): never {
  throw new Error(`Unexpected message: ${JSON.stringify(x)}`);
}
