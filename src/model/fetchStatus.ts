/**
 * The simulated fetch result of the robots.txt (docs/behaviour.md §2): the answers the
 * page offers. What each answer means is the engine's `fetchOutcome`.
 */

/** An HTTP status, or 0 for a network failure (DNS, timeout, reset). */
export type FetchStatus = number;

export const FETCH_STATUSES: { value: FetchStatus; label: string }[] = [
  { value: 200, label: '200 OK — the file is read' },
  { value: 301, label: '3xx — redirects that reach no file' },
  { value: 401, label: '401 Unauthorized' },
  { value: 403, label: '403 Forbidden' },
  { value: 404, label: '404 Not Found' },
  { value: 410, label: '410 Gone' },
  { value: 500, label: '500 Internal Server Error' },
  { value: 503, label: '503 Service Unavailable' },
  { value: 0, label: 'Unreachable (DNS, timeout, reset)' },
];

export function isFetchStatus(x: unknown): x is FetchStatus {
  return typeof x === 'number' && Number.isInteger(x) && (x === 0 || (x >= 100 && x <= 599));
}
