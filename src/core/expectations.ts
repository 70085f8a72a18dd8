/**
 * Expectations written in the robots.txt itself, as comments, so the
 * deployed file carries its own tests (crawlers ignore comments,
 * docs/behaviour.md §3). See docs/expectations.md.
 *
 * Syntax, one expectation per comment:
 *
 *     # expect: VERDICT CRAWLER[,CRAWLER…] URL
 *
 * - The comment starts with `expect:` (after `#` and optional spaces; the
 *   word is case-insensitive). It may be a line of its own or the comment
 *   after a rule (`Disallow: /tmp/  # expect: blocked googlebot /tmp/x`).
 * - VERDICT is `allowed` or `blocked` (case-insensitive).
 * - CRAWLER is a built-in profile (`googlebot-image`, `GPTBot`: its tokens
 *   and fallbacks are used) or any product token (letters, `-`, `_`);
 *   several are separated by commas without spaces.
 * - URL is a path starting with `/` or an absolute http(s) URL. It is put
 *   in the form a crawler requests (UTF-8 percent-encoding, no fragment)
 *   before it is judged, and must contain no spaces.
 * - Nothing may follow the URL; a comment that starts with `expect:` but
 *   does not fit is reported as malformed, never thrown.
 */

import { evaluateProfile } from './evaluate';
import { findProfile } from './profiles';
import { isValidUserAgentToObey } from './reference';
import type { CrawlerProfile, ParsedRobots, Span } from './types';
import { toRequestUrl } from './url';

/** One crawler an expectation names: a profile, or a bare product token. */
type ExpectedCrawler = { name: string; profile: CrawlerProfile } | { name: string; token: string };

/** A well-formed expectation, as read from one comment. */
export interface Expectation {
  /** 1-based physical line of the comment. */
  line: number;
  /** The comment's span, `#` included. */
  span: Span;
  expected: 'allowed' | 'blocked';
  crawlers: ExpectedCrawler[];
  /** The URL as written. */
  url: string;
  /** The URL evaluated (request form). */
  requestUrl: string;
}

/** A comment that starts with `expect:` but cannot be read: a diagnostic, not an error. */
export interface MalformedExpectation {
  line: number;
  span: Span;
  message: string;
}

/** How one crawler fared against an expectation. */
interface CrawlerOutcome {
  crawler: string;
  allowed: boolean;
  /** The deciding line and its text (comment removed), or null when no rule decided. */
  decidingLine: { line: number; text: string } | null;
  ok: boolean;
}

/** The result of checking one expectation comment. */
export type ExpectationResult =
  | { status: 'pass' | 'fail'; expectation: Expectation; outcomes: CrawlerOutcome[]; message: string }
  | { status: 'malformed'; malformed: MalformedExpectation; message: string };

const MARKER = /^#\s*expect\s*:/i;

/** Reads every `# expect:` comment of a parsed file, in line order. */
export function parseExpectations(parsed: ParsedRobots): (Expectation | MalformedExpectation)[] {
  const out: (Expectation | MalformedExpectation)[] = [];
  for (const l of parsed.lines) {
    if (!l.comment) continue;
    const text = parsed.text.slice(l.comment.from, l.comment.to);
    const m = MARKER.exec(text);
    if (!m) continue;
    const span = { from: l.comment.from, to: l.comment.to };
    out.push(readExpectation(text.slice(m[0].length), l.line, span));
  }
  return out;
}

/** True for a malformed expectation. */
function isMalformed(e: Expectation | MalformedExpectation): e is MalformedExpectation {
  return 'message' in e;
}

function readExpectation(body: string, line: number, span: Span): Expectation | MalformedExpectation {
  const bad = (message: string): MalformedExpectation => ({ line, span, message });
  const words = body.trim().split(/\s+/).filter(Boolean);
  if (words.length < 3) {
    return bad('an expectation needs three parts: "# expect: allowed|blocked CRAWLER URL"');
  }
  if (words.length > 3) {
    return bad(
      `nothing may follow the URL (found "${words.slice(3).join(' ')}"); a URL with spaces must be %20-encoded`,
    );
  }
  const [verdict, crawlerList, url] = words;
  const expected = verdict.toLowerCase();
  if (expected !== 'allowed' && expected !== 'blocked') {
    return bad(`unknown verdict "${verdict}": write "allowed" or "blocked"`);
  }
  const crawlers: ExpectedCrawler[] = [];
  for (const name of crawlerList.split(',')) {
    if (name === '') return bad(`empty crawler name in "${crawlerList}"`);
    const profile = findProfile(name);
    if (profile) crawlers.push({ name: profile.name, profile });
    else if (isValidUserAgentToObey(name)) crawlers.push({ name, token: name });
    else return bad(`"${name}" is not a known crawler nor a product token (only letters, "-" and "_")`);
  }
  if (!url.startsWith('/') && !/^https?:\/\//i.test(url)) {
    return bad(`"${url}" is not a path starting with "/" nor an http(s) URL`);
  }
  const request = toRequestUrl(url);
  if (request.error) return bad(`unreadable URL "${url}": ${request.error}`);
  return { line, span, expected, crawlers, url, requestUrl: request.url };
}

/** Checks one expectation against the file with the engine. */
function checkExpectation(parsed: ParsedRobots, e: Expectation): ExpectationResult {
  const outcomes = e.crawlers.map((c): CrawlerOutcome => {
    const v =
      'profile' in c
        ? evaluateProfile(parsed, e.requestUrl, c.profile, { explain: false })
        : evaluateProfile(parsed, e.requestUrl, { tokens: [c.token] });
    const decidingLine = v.rule ? { line: v.rule.line, text: lineText(parsed, v.rule.line) } : null;
    return { crawler: c.name, allowed: v.allowed, decidingLine, ok: v.allowed === (e.expected === 'allowed') };
  });
  const failed = outcomes.filter((o) => !o.ok);
  const message = failed.length
    ? failed
        .map(
          (o) =>
            `${o.crawler}: expected ${e.expected}, but ${o.allowed ? 'allowed' : 'blocked'} ` +
            (o.decidingLine ? `by line ${o.decidingLine.line} (${o.decidingLine.text})` : '(no rule matches)'),
        )
        .join('; ')
    : outcomes
        .map(
          (o) =>
            `${o.crawler}: ${e.expected}` +
            (o.decidingLine ? ` by line ${o.decidingLine.line} (${o.decidingLine.text})` : ' (no rule matches)'),
        )
        .join('; ');
  return { status: failed.length ? 'fail' : 'pass', expectation: e, outcomes, message };
}

/**
 * Reads and checks every expectation of a file (or the first `limit`), in
 * line order. Never throws for malformed ones.
 */
export function checkExpectations(parsed: ParsedRobots, limit = Number.POSITIVE_INFINITY): ExpectationResult[] {
  const found = parseExpectations(parsed);
  return (found.length > limit ? found.slice(0, limit) : found).map((e) =>
    isMalformed(e) ? { status: 'malformed', malformed: e, message: e.message } : checkExpectation(parsed, e),
  );
}

/** A rule line as written, comment removed. */
export function lineText(parsed: ParsedRobots, line: number): string {
  const l = parsed.lines[line - 1];
  const end = l.comment ? l.comment.from : l.span.to;
  return parsed.text.slice(l.span.from, end).trim();
}
