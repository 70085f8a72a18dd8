/**
 * The data the page and the robots.txt worker exchange: types only, no
 * runtime code, so that the store and the panels depend on the shape of an
 * answer, not on the worker that computes it.
 */
import type { DiffHunk } from '../core/aipref/diff';
import type { Suggestion } from '../core/aipref/suggest';
import type { Flip, FlipCounts } from '../core/diff/flips';
import type { FetchOutcome } from '../core/fetch';
import type { MatrixCell, PurposeFinding } from '../core/purposes';
import type { ReaderVerdict } from '../core/readers/index';
import type { AgentLine, Group, Sitemap, Verdict } from '../core/types';
import type { CsvShape } from '../core/urllist';
import type { DiagnosticTable } from './diagnosticTable';
import type { FetchStatus } from './fetchStatus';

/** One other origin's robots.txt as the page sends it (judged in worker/origins.ts). */
export interface OriginFileSpec {
  /** `scheme://host[:port]`, as `URL#origin` writes it. */
  origin: string;
  text: string;
  /** The fetch status simulated, or the one a saved record carries (0: no answer). */
  fetchStatus: number;
  /** What the fetch means: the status's outcome, or the saved record's. */
  outcome: FetchOutcome;
}

/** A crawler to test: a built-in profile (by id) or any product token the user typed. */
export type CrawlerSpec = { kind: 'profile'; id: string } | { kind: 'token'; token: string };

export type { WireDiagnostic } from './diagnosticTable';

/** What the page needs to know about one group: the parse's, without spans and rules. */
interface GroupSummary extends Pick<Group, 'index' | 'startLine' | 'endLine'> {
  agents: Omit<AgentLine, 'valueSpan'>[];
}

/**
 * Every allow/disallow rule inside a group, in line order, as parallel
 * arrays, transferred, not copied (`summarise`, worker/summary.ts): a 500 KiB file has
 * about 20,000 rules, and an object per rule is slow to copy between threads.
 */
export interface RuleTable {
  /** Ascending. */
  lines: Int32Array;
  /** 0 allow, 1 disallow. */
  kinds: Uint8Array;
  /** The values as written, UTF-8, each followed by a line end (a value never holds one). */
  raws: Uint8Array;
}

/** Line → "Disallow: /x", for the rules of a parse. */
export type RuleLabels = Pick<Map<number, string>, 'get'>;

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
  groups: GroupSummary[];
  rules: RuleTable;
  sitemaps: Omit<Sitemap, 'span'>[];
  /** Every diagnostic (at most a few hundred of each code), in order of start (diagnosticTable.ts). */
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
   * Null: the list the worker holds (imported from a file or restored from
   * IndexedDB), which never crosses to the page whole.
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

/** A CSV's header, width, likely URL column and first rows, read before its list is, so that a person can pick the column. */
export type CsvPeek = Omit<CsvShape, 'rows'>;

/**
 * A URL list the worker holds (imported or restored): what the page knows
 * of it. The rows themselves stay in the worker; the page asks for the ones
 * it shows (`listRows`).
 */
export interface ListHandle {
  /** The client's number for this list: row and text requests name it. */
  id: number;
  /** The file's name, or null for a list restored from storage. */
  name: string | null;
  count: number;
  /** The first rows (up to 500), for the panels that judge a list by its start (its origins). */
  head: string[];
}

/** A list file read in the worker, or a CSV that waits for its URL column. */
export type ListImport =
  | { kind: 'csv'; name: string; csv: CsvPeek }
  | {
      kind: 'list';
      name: string;
      format: 'txt' | 'csv' | 'sitemap';
      count: number;
      /** For a sitemap index: the listed child sitemaps are URLs in the list, their pages were not fetched. */
      sitemapIndex: boolean;
      /** The URLs, one a line, when the list is short enough for the URL editor; else null (the worker holds it). */
      text: string | null;
      /** The list the worker holds, when `text` is null. */
      handle: ListHandle | null;
    };

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

/** The inputs of a before/after comparison: both texts, and the URL list × crawlers to compare them on, as for a run. */
export interface FlipsParams extends Pick<EvaluateParams, 'urlsText' | 'crawlers' | 'normalise' | 'robotsUrl'> {
  /** The file as deployed today (the "before"). */
  deployedText: string;
  /** The file being edited (the "after"). */
  editedText: string;
}

/** The direction of a verdict flip. */
export type FlipKind = Flip['kind'];

/** A comparison's running counts: the engine's, per crawler as a list. */
export interface FlipTally extends Omit<FlipCounts, 'byCrawler'> {
  /** URLs not compared: unreadable, or outside the robots.txt URL's scope. */
  skipped: number;
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

/** One flip as the page shows it: the engine's, with its place in the comparison. */
export interface FlipRecord extends Flip {
  /** Position in the comparison (list order, URL-major). */
  index: number;
  requestUrl: string;
  crawlerIndex: number;
}

/** An export file written in the worker and what it holds. */
export interface ExportedFile {
  blob: Blob;
  summary: ExportSummary;
}

/** The first piece of a run's stream: its size, its crawlers, and where each row's URL is in the list text. */
export interface RunStart {
  kind: 'start';
  rows: number;
  crawlers: CrawlerInfo[];
  /** Per crawler: the groups it obeys (indices into the parse's groups), null when none. */
  obeyed: (number[] | null)[];
  /** False when the simulated fetch result decides every cell, not the rules. */
  rulesDecide: boolean;
  /** Row i's URL is the list text's [starts[i], ends[i]) (trimmed, blank lines skipped). */
  starts: Int32Array;
  ends: Int32Array;
}

/** One slice of a run's verdicts. */
export interface RunChunk {
  kind: 'chunk';
  /** First row of this chunk. */
  start: number;
  /** Cells of rows [start, start + n), row-major, one per crawler. */
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

/** The end of a run. */
export interface RunEnd {
  rows: number;
  elapsedMs: number;
}

/** Which rows of run `run` a query keeps, computed in the worker. */
export interface ViewReply {
  run: number;
  query: ViewQuery;
  /** Run rows in view order; null for every row in list order. */
  rows: Int32Array | null;
  count: number;
  /** False while the readers' filter has not checked every row yet. */
  complete: boolean;
  /** For the `disagree` filter: per run row, the readers (DISAGREE_READERS bits) that differ; null otherwise. */
  readers: Uint8Array | null;
}

/** A comparison's progress, streamed. */
export interface FlipProgress {
  done: number;
  total: number;
  tally: FlipTally;
}

/** The cell to explain, and the settings it is read with (as a run reads them). */
export interface ExplainArgs extends Pick<EvaluateParams, 'normalise' | 'robotsUrl' | 'fetchStatus' | 'origins'> {
  url: string;
  crawler: CrawlerSpec;
}
