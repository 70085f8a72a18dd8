/**
 * The messages between the page and the robots.txt worker, both ways.
 * Every request carries an id and the document version (the version of the
 * robots.txt text it was made for); the client drops any reply whose id or
 * version is no longer current. The UI never posts these itself: it calls
 * `RobotsWorkerClient` (client.ts). The data they carry is typed in
 * src/model/wire.ts.
 */

import type { FetchStatus } from '../model/fetchStatus';
import type {
  AiLensResult,
  CrawlerInfo,
  CrawlerSpec,
  DebugFault,
  EvaluateParams,
  ExplainResult,
  ExportFormat,
  ExportSummary,
  FlipQuery,
  FlipRecord,
  FlipsParams,
  FlipTally,
  ImportSummary,
  ParseSummary,
  RunTotals,
  SitemapListInfo,
  SitemapReport,
  ViewQuery,
} from '../model/wire';
import type { OriginFileSpec } from './origins';

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
