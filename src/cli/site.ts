/**
 * The fetch behind a robots.txt taken from a URL, as `check` rows carry it:
 * the origin, the status it answered, what that means and the SHA-256 of
 * the file that decided; an outcome other than `rules` (4xx, 5xx, 429, no
 * answer, redirects to nowhere) decides every row itself, with its reason.
 */
import type { RobotsFetchRecord } from '../core/fetchRecord';

/** One origin's fetch, reduced to what its rows carry and what decides them. */
export interface SiteFetch {
  robotsOrigin: string;
  /** The HTTP status; 0 when no answer came. */
  fetchStatus: number;
  /** A few words: "5xx: full disallow", "200: the file decides". */
  fetchOutcome: string;
  /** The SHA-256 of the file whose rules decided; null when no file decided (the outcome did). */
  sha256: string | null;
  mode: RobotsFetchRecord['mode'];
  /** The outcome's sentence, each row's note when the outcome decides. */
  reason: string;
}

/** The CSV columns after the result's when rows carry their fetch. */
export const SITE_COLUMNS = ['robots_origin', 'fetch_status', 'fetch_outcome', 'sha256'] as const;

/** A record's fetch as its rows carry it. */
export function siteFetch(record: RobotsFetchRecord): SiteFetch {
  return {
    robotsOrigin: record.origin,
    fetchStatus: record.status,
    fetchOutcome: record.summary,
    sha256: record.mode === 'rules' ? record.sha256 : null,
    mode: record.mode,
    reason: record.reason,
  };
}

/** The row fields of a fetch (the JSON output's names). */
export function siteRowFields(site: SiteFetch): {
  robotsOrigin: string;
  fetchStatus: number;
  fetchOutcome: string;
  sha256: string | null;
} {
  return {
    robotsOrigin: site.robotsOrigin,
    fetchStatus: site.fetchStatus,
    fetchOutcome: site.fetchOutcome,
    sha256: site.sha256,
  };
}
