/**
 * The row schema of `check`: the fields of a JSON row, and a CSV line.
 */
import { csvCell, csvRecord, resultHeader } from '../core/csv';
import { PURPOSE_COLUMNS, type PurposeCells, purposeTexts } from './purposes';

export type Format = 'table' | 'csv' | 'json' | 'jsonl';

/** One URL × crawler result. The field names are the JSON output's. */
export interface ResultRow {
  /** The URL as given. */
  url: string;
  /** What was evaluated (the crawler's request form unless --raw). */
  requestUrl: string;
  /** How `url` was normalised into `requestUrl`. */
  changes: string[];
  /** Where the URL came from: `file:line` or `command line`. */
  origin: string;
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
  /** With --explain: the engine's one-sentence explanation. */
  reason?: string;
  expected: 'allowed' | 'blocked' | null;
  /** Whether the expectation held; null when there was none. */
  ok: boolean | null;
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

/** The CSV columns after the result's when rows carry their robots.txt's fetch. */
const SITE_COLUMNS = ['robots_origin', 'fetch_status', 'fetch_outcome', 'sha256'] as const;
/** The CSV columns after the others when rows carry --stamp. */
const STAMP_COLUMNS = ['engine_version', 'robots_sha256'] as const;

/** Re-exported for the CLI's row writers: the cell quoting is the shared schema's (src/core/csv.ts). */
export { csvCell };

/**
 * One CSV line (CR LF ended) of the shared result schema: the header without
 * a row, else the row; with `withPurposes`, the purpose columns follow.
 */
export function csvLine(
  withReason: boolean,
  r?: ResultRow,
  withPurposes = false,
  withSite = false,
  withStamp = false,
): string {
  if (!r) {
    const header = resultHeader(withReason);
    const extra = [
      ...(withPurposes ? PURPOSE_COLUMNS : []),
      ...(withSite ? SITE_COLUMNS : []),
      ...(withStamp ? STAMP_COLUMNS : []),
    ];
    return extra.length > 0 ? `${header.slice(0, -2)},${extra.join(',')}\r\n` : header;
  }
  const cells = [
    r.url,
    r.requestUrl,
    r.crawler,
    r.status,
    r.line === null ? '' : String(r.line),
    r.lineText ?? '',
    r.note,
    r.expected ?? '',
    r.ok === null ? '' : String(r.ok),
  ];
  if (withReason) cells.push(r.reason ?? '');
  if (withPurposes) cells.push(...purposeTexts(r.purposes));
  if (withSite) cells.push(r.robotsOrigin ?? '', String(r.fetchStatus ?? ''), r.fetchOutcome ?? '', r.sha256 ?? '');
  if (withStamp) cells.push(r.engineVersion ?? '', r.robotsSha256 ?? '');
  return csvRecord(cells);
}
