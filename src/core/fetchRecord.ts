/**
 * The record of one robots.txt fetch, as `robots-lab fetch --save` writes it
 * (JSON, beside the body it kept) and as `check --robots-dir` and the page
 * read it back: plain data, so any host can use it offline.
 */
import type { FetchKind, FetchOutcome } from './fetch';

/** The `format` every saved record carries; a reader refuses any other. */
export const FETCH_RECORD_FORMAT = 'robots-lab/fetch@1';

/** One redirect followed: the URL that answered, its status, where it sent the fetch. */
export interface RedirectHop {
  from: string;
  status: number;
  to: string;
}

/** One origin's robots.txt fetch: what was asked, what came back, and what it means. */
export interface RobotsFetchRecord {
  format: typeof FETCH_RECORD_FORMAT;
  /** The origin the file speaks for (scheme, host, port), even when a redirect led elsewhere. */
  origin: string;
  /** The robots.txt URL asked for. */
  url: string;
  /** Where the last request went (the file's own URL after redirects). */
  finalUrl: string;
  /** ISO 8601 time of the answer. */
  fetchedAt: string;
  /** The last HTTP status received (for a revalidated record, the cached answer's); 0 when none came. */
  status: number;
  /** Why no answer came; null when one did. */
  error: string | null;
  redirects: RedirectHop[];
  /** Why redirects reached no file (too many, a loop, no usable Location); null otherwise. */
  redirectEnd: string | null;
  contentType: string | null;
  contentEncoding: string | null;
  lastModified: string | null;
  etag: string | null;
  /** Body bytes received, after content decoding. */
  bytes: number;
  /** Bytes kept: at most Google's 512,000; the rest is not read by crawlers. */
  kept: number;
  /** Whether the body was longer than what was kept. */
  truncated: boolean;
  /** SHA-256 (hex) of the kept bytes, the file the rules come from. */
  sha256: string;
  /** True when the server answered 304 to a conditional request and the cached body was kept. */
  revalidated: boolean;
  /** The User-Agent header sent. */
  userAgent: string;
  kind: FetchKind;
  mode: FetchOutcome['mode'];
  summary: string;
  reason: string;
}

const STRING_FIELDS = ['origin', 'url', 'finalUrl', 'fetchedAt', 'sha256', 'userAgent', 'summary', 'reason'] as const;
const NUMBER_FIELDS = ['status', 'bytes', 'kept'] as const;
const MODES = ['rules', 'allow-all', 'disallow-all'];

/**
 * Reads a saved record, checking the fields that decide verdicts; throws an
 * Error naming the first field that is missing or wrong.
 */
export function readFetchRecord(value: unknown): RobotsFetchRecord {
  if (typeof value !== 'object' || value === null) throw new Error('not a JSON object');
  const r = value as Record<string, unknown>;
  if (r.format !== FETCH_RECORD_FORMAT) throw new Error(`"format" is not "${FETCH_RECORD_FORMAT}"`);
  for (const f of STRING_FIELDS) if (typeof r[f] !== 'string') throw new Error(`"${f}" is not a string`);
  for (const f of NUMBER_FIELDS) if (typeof r[f] !== 'number') throw new Error(`"${f}" is not a number`);
  if (typeof r.mode !== 'string' || !MODES.includes(r.mode))
    throw new Error(`"mode" is not one of ${MODES.join(', ')}`);
  if (!Array.isArray(r.redirects)) throw new Error('"redirects" is not a list');
  return r as unknown as RobotsFetchRecord;
}
