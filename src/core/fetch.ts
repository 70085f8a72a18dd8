/**
 * What the robots.txt fetch result means (docs/behaviour.md §2, RFC 9309 §2.3.1).
 */

/** How a fetch status turns into verdicts. */
export interface FetchOutcome {
  /** `rules`: the file decides; `allow-all`: as if there were no file; `disallow-all`: nothing may be crawled. */
  mode: 'rules' | 'allow-all' | 'disallow-all';
  /** One sentence for the user. */
  reason: string;
}

/**
 * The outcome of a robots.txt fetch that answered HTTP `status` (0 for a
 * network failure: DNS, timeout, reset). 3xx means the redirects led nowhere
 * after five hops (followed redirects that reach a file are a 2xx).
 */
export function fetchOutcome(status: number): FetchOutcome {
  if (status >= 200 && status < 300) return { mode: 'rules', reason: `HTTP ${status}: the rules in the file decide.` };
  if (status >= 300 && status < 400) {
    return {
      mode: 'allow-all',
      reason: `HTTP ${status}: redirects that reach no file within five hops count as 404, so everything is allowed.`,
    };
  }
  if (status === 429) {
    // Google's robots.txt page excepts 429 (Too Many Requests) from the 4xx
    // rule and handles it like a server error (docs/behaviour.md §2).
    return {
      mode: 'disallow-all',
      reason:
        'HTTP 429: Google treats "too many requests" like a server error, so nothing may be crawled until it is retried.',
    };
  }
  if (status >= 400 && status < 500) {
    return {
      mode: 'allow-all',
      reason: `HTTP ${status}: a 4xx (401 and 403 included, 429 excepted) means no robots.txt, so everything is allowed.`,
    };
  }
  if (status === 0) {
    return {
      mode: 'disallow-all',
      reason: 'Network failure: treated as a server error, so nothing may be crawled until it is retried.',
    };
  }
  return {
    mode: 'disallow-all',
    reason: `HTTP ${status}: a server error makes crawlers treat the whole site as disallowed (after 30 days Google uses its last cached copy, or allows all).`,
  };
}
