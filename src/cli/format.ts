/**
 * The row schema of `check`: the fields of a JSON row, in order. A row is
 * its URL part (url, requestUrl, changes, origin) and its tail, the rest,
 * which rows of one crawler and decision share (check.ts's Judge has
 * rows.ts write a tail once and reuses it).
 */
import type { PurposeCells } from './purposes';

export type Format = 'table' | 'csv' | 'json' | 'jsonl';

/** A row's fields after its URL part. The field names are the JSON output's. */
export interface RowTail {
  /** The crawler as named (profile name or product token). */
  crawler: string;
  /** Built-in profile id, or null for a bare token. */
  profile: string | null;
  tokens: string[];
  /** `invalid`: the URL could not be read (its reason in `note` and `reason`); it was not judged. */
  status: 'allowed' | 'blocked' | 'out-of-scope' | 'invalid';
  /** Null when the URL was out of scope or invalid, and not judged. */
  allowed: boolean | null;
  /** The deciding line (the reference's matching_line), or null. */
  line: number | null;
  /** That line as written, comment removed. */
  lineText: string | null;
  rule: { kind: 'allow' | 'disallow'; pattern: string; length: number } | null;
  /** A few words on why when no line decided ("no group applies"); empty otherwise. */
  note: string;
  expected: 'allowed' | 'blocked' | null;
  /** Whether the expectation held; null when there was none. */
  ok: boolean | null;
  /** With --explain: the engine's one-sentence explanation. */
  reason?: string;
  /** With --explain: every rule of the obeyed groups that matched, longest first. */
  matches?: { kind: 'allow' | 'disallow'; line: number; pattern: string; length: number }[];
  /** With --purposes: what the file expresses per purpose; null when the URL was not judged. */
  purposes?: PurposeCells | null;
  /** With a fetched robots.txt: the origin it speaks for. */
  robotsOrigin?: string;
  /** The status its fetch answered; 0 when no answer came. */
  fetchStatus?: number;
  /** What that answer means ("5xx: full disallow"). */
  fetchOutcome?: string;
  /** The SHA-256 of the file that decided; null when the fetch outcome did. */
  sha256?: string | null;
  /** With --stamp: the engine that judged the row ("robots-lab 0.1.0"). */
  engineVersion?: string;
  /** With --stamp: the SHA-256 of the robots.txt bytes read (hex). */
  robotsSha256?: string;
}

/** One URL × crawler result, as a JSON row. */
export interface ResultRow extends RowTail {
  /** The URL as given. */
  url: string;
  /** What was evaluated (the crawler's request form unless --raw). */
  requestUrl: string;
  /** How `url` was normalised into `requestUrl`. */
  changes: string[];
  /** Where the URL came from: `file:line` or `command line`. */
  origin: string;
}
