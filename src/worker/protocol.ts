/**
 * The typed messages between the page and the robots.txt worker, both ways.
 * Every request carries an id and the document version (the version of the
 * robots.txt text it was made for); the client drops any reply whose id or
 * version is no longer current. The UI never posts these itself: it calls
 * `RobotsWorkerClient` (client.ts).
 */
import type { Verdict } from '../core/types';
import type { RobotsDiagnostic } from '../core/lint';
import type { FetchStatus } from './fetchStatus';

/** A crawler to test: a built-in profile (by id) or any product token the user typed. */
export type CrawlerSpec = { kind: 'profile'; id: string } | { kind: 'token'; token: string };

/** A lint diagnostic (plain data, fixes included) as it crosses the boundary. */
export type WireDiagnostic = RobotsDiagnostic;

/** What the page needs to know about one group. */
export interface GroupSummary {
  index: number;
  startLine: number;
  endLine: number;
  agents: { line: number; value: string; isGlobal: boolean; productToken: string }[];
  rules: RuleSummary[];
}

export interface RuleSummary {
  kind: 'allow' | 'disallow';
  line: number;
  raw: string;
  pattern: string;
  length: number;
  group: number;
}

/** The result of parsing one version of the text, once. */
export interface ParseSummary {
  lineCount: number;
  byteLength: number;
  groups: GroupSummary[];
  sitemaps: { line: number; url: string }[];
  diagnostics: WireDiagnostic[];
  /** Googlebot's 500 KiB cap: where it stops reading (character offset and line), or null. */
  sizeLimit: { cutAt: number; line: number } | null;
  elapsedMs: number;
}

/** The inputs of one evaluation run besides the robots.txt text. */
export interface EvaluateParams {
  /** The URL list as typed: one URL or path per line; blank lines are skipped. */
  urlsText: string;
  crawlers: CrawlerSpec[];
  /** Turn what was typed into the crawler's request form (toRequestUrl) before matching. */
  normalise: boolean;
  /** The robots.txt URL, '' when not given: relative paths resolve against it and URLs outside its scope are flagged. */
  robotsUrl: string;
  fetchStatus: FetchStatus;
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
export type CellStatus = (typeof CELL)[keyof typeof CELL];

/** Per-row flags (bit set). */
export const ROW = {
  NORMALISED: 1,
  OUT_OF_SCOPE: 2,
  INVALID: 4,
  ROBOTS_TXT: 8,
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
}

export type WorkerRequest =
  | { type: 'set-text'; id: number; version: number; text: string }
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
    }
  /** For tests of the restart path only: the worker throws or spins forever. */
  | { type: 'debug-fault'; id: number; version: number; fault: 'throw' | 'hang' };

export type WorkerReply =
  | { type: 'parsed'; id: number; version: number; summary: ParseSummary }
  | { type: 'run-started'; id: number; version: number; rows: number; crawlers: CrawlerInfo[] }
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
      progress: { done: number; total: number; rate: number };
    }
  | { type: 'run-done'; id: number; version: number; rows: number; elapsedMs: number }
  | { type: 'explained'; id: number; version: number; result: ExplainResult }
  | { type: 'failed'; id: number; version: number; message: string };

/** Makes a switch over a union exhaustive: the compiler rejects a missed case. */
export function assertNever(x: never): never {
  throw new Error(`Unexpected message: ${JSON.stringify(x)}`);
}
