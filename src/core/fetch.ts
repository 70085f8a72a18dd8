/**
 * What the robots.txt fetch result means (docs/behaviour.md §2, RFC 9309 §2.3.1):
 * the rules alone, pure; the fetching itself is the CLI's (src/net/).
 */
import { parseUrl } from './globals';

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

/** Redirect hops a robots.txt fetch follows before it reads the answer as a 404 (docs/behaviour.md §2). */
export const MAX_REDIRECT_HOPS = 5;

/** What a fetch of /robots.txt came to, in the words the CLI and its saved records use. */
export type FetchKind =
  | 'file'
  | 'empty'
  | 'html'
  | 'redirects'
  | 'client-error'
  | 'too-many-requests'
  | 'server-error'
  | 'unreachable';

/** A fetch outcome with the kind of answer that led to it and a short label ("5xx: full disallow"). */
export interface FetchMeaning extends FetchOutcome {
  kind: FetchKind;
  /** A few words for a table cell. */
  summary: string;
}

/** What a fetcher saw, reduced to what decides the outcome. */
export interface ObservedFetch {
  /** The last HTTP status received; 0 when no answer came. */
  status: number;
  /** Why no answer came (DNS, connection, timeout, a body cut off); null when one did. */
  error: string | null;
  /** Set when redirects reached no file: too many hops, a loop, or a redirect with no usable Location. */
  redirectEnd: string | null;
  /** Bytes in the body. */
  bytes: number;
  /** The Content-Type header, or null. */
  contentType: string | null;
  /** The body's first characters (a few hundred are enough). */
  head: string;
}

const HTML_START = /^<(?:!doctype\s+html|html|head|body|!--|meta|title|div|p|script)[\s>]/i;

/**
 * Whether a 2xx body is an HTML page rather than a robots.txt: served as
 * text/html, or starting like one. Crawlers still read it line by line,
 * where an HTML page usually holds no rule at all.
 */
function looksLikeHtml(contentType: string | null, head: string): boolean {
  if (contentType !== null && /^\s*(?:text\/html|application\/xhtml\+xml)\b/i.test(contentType)) return true;
  return HTML_START.test(head.replace(/^[\uFEFF\s]+/, ''));
}

/**
 * What a robots.txt fetch means for every URL of its origin, as Google reads
 * it (docs/behaviour.md §2): a network failure is a server error; redirects
 * that reach no file are a 404; 429 is a server error; other 4xx allow
 * everything; 5xx disallow everything; a 2xx body is read as the file, with
 * an empty or HTML body named as such.
 */
export function fetchMeaning(seen: ObservedFetch): FetchMeaning {
  const { status } = seen;
  if (seen.error !== null) {
    return {
      kind: 'unreachable',
      mode: 'disallow-all',
      summary: 'unreachable: full disallow',
      reason: `No answer (${seen.error}): read as a server error, so nothing may be crawled until it is retried.`,
    };
  }
  if (seen.redirectEnd !== null) {
    return {
      kind: 'redirects',
      mode: 'allow-all',
      summary: 'redirects: read as 404, full allow',
      reason: `Redirects reached no file (${seen.redirectEnd}): read as a 404, so everything is allowed.`,
    };
  }
  if (status === 429) {
    return { kind: 'too-many-requests', summary: '429: read as 5xx, full disallow', ...fetchOutcome(429) };
  }
  if (status >= 400 && status < 500)
    return { kind: 'client-error', summary: '4xx: full allow', ...fetchOutcome(status) };
  if (status < 200 || status >= 300) {
    // 5xx, and any answer that is neither a file nor a 4xx (Google reads an
    // invalid response as a server error).
    return { kind: 'server-error', summary: '5xx: full disallow', ...fetchOutcome(Math.max(status, 500)) };
  }
  if (seen.bytes === 0) {
    return {
      kind: 'empty',
      mode: 'rules',
      summary: 'empty file: everything allowed',
      reason: `HTTP ${status} with an empty body: a file with no rules, so everything is allowed.`,
    };
  }
  if (looksLikeHtml(seen.contentType, seen.head)) {
    return {
      kind: 'html',
      mode: 'rules',
      summary: 'HTML served as robots.txt',
      reason: `HTTP ${status}, but the body is an HTML page: crawlers read only its valid robots.txt lines, usually none, so usually everything is allowed.`,
    };
  }
  return { kind: 'file', summary: '2xx: the file decides', ...fetchOutcome(status) };
}

/** Where an argument's robots.txt lives: its origin and URL, or why the argument names none. */
export type RobotsLocation = { origin: string; url: string } | { error: string };

/**
 * The robots.txt of a URL or bare host (`https://example.com/robots.txt`,
 * `https://example.com`, `example.com`, `localhost:8080`): a bare host is
 * https. A URL whose path is neither `/` nor `/robots.txt` names no
 * robots.txt (crawlers look only at the root, docs/behaviour.md §1).
 */
export function robotsLocation(arg: string): RobotsLocation {
  const input = arg.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(input) ? input : `https://${input}`;
  const u = parseUrl(withScheme);
  if (!u || u.hostname === '') return { error: `"${arg}" is not a URL or host name` };
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return { error: `"${arg}": only http and https robots.txt files can be fetched` };
  }
  if (u.pathname !== '/' && u.pathname !== '/robots.txt') {
    return { error: `"${arg}": a robots.txt is read only from /robots.txt at the root, not ${u.pathname}` };
  }
  if (u.search !== '' || u.hash !== '') return { error: `"${arg}": a robots.txt URL has no query or fragment` };
  return { origin: u.origin, url: `${u.origin}/robots.txt` };
}
