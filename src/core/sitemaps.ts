/**
 * Sitemap lines (docs/behaviour.md §10): listed, validated, and set against
 * the rules. A sitemap line names an absolute URL on any host and belongs to
 * no group. The size limits are those of the sitemaps.org protocol
 * (https://www.sitemaps.org/protocol.html): a sitemap file, or a sitemap
 * index, lists at most 50,000 URLs and is at most 50 MB (52,428,800 bytes)
 * uncompressed.
 */

import { parseUrl } from './globals';
import type { ParsedRobots, Span } from './types';

/** sitemaps.org: at most this many URLs (or sitemaps, in an index) per file. */
const SITEMAP_MAX_URLS = 50_000;
/** sitemaps.org: at most this many bytes per file, uncompressed (50 MiB, which the protocol calls 50 MB). */
const SITEMAP_MAX_BYTES = 52_428_800;

/** One `Sitemap:` line, checked. */
export interface SitemapLineCheck {
  line: number;
  /** The value as written. */
  url: string;
  span: Span;
  /** False when crawlers cannot use the line (not an absolute http(s) URL). */
  ok: boolean;
  /** What makes the line unusable. */
  problems: string[];
  /** Facts worth knowing that do not make it unusable. */
  notes: string[];
}

/**
 * Lists the file's sitemap lines with what is wrong with each. `robotsUrl`
 * (optional) is where the robots.txt lives: a sitemap on another host is
 * then noted (sitemaps.org allows it when listed in robots.txt).
 */
export function checkSitemapLines(parsed: ParsedRobots, robotsUrl?: string): SitemapLineCheck[] {
  const robots = robotsUrl ? parseUrl(robotsUrl) : null;
  const firstSeen = new Map<string, number>();
  return parsed.sitemaps.map((s) => {
    const problems: string[] = [];
    const notes: string[] = [];
    const u = /^[a-z][a-z0-9+.-]*:/i.test(s.url) ? parseUrl(s.url) : null;
    if (s.url === '') problems.push('empty: a sitemap line needs a URL');
    else if (!u) problems.push('not an absolute URL: write it in full, e.g. https://example.com/sitemap.xml');
    else if (u.protocol !== 'http:' && u.protocol !== 'https:') {
      problems.push(`scheme "${u.protocol.slice(0, -1)}": a sitemap URL is http or https`);
    } else {
      const pl = parsed.lines[s.line - 1];
      // `#` starts a comment even inside a URL (docs/behaviour.md §12, Lines): `s.xml#top` is read as `s.xml`.
      if (pl.comment && pl.value && pl.comment.from === pl.value.to) {
        notes.push('the "#" starts a comment, so the URL ends before it');
      }
      if (robots && u.host !== robots.host) {
        notes.push(`on another host (${u.host}): allowed for a sitemap listed in robots.txt (sitemaps.org)`);
      }
    }
    const seen = firstSeen.get(s.url);
    if (seen !== undefined) notes.push(`listed before, on line ${seen}`);
    else firstSeen.set(s.url, s.line);
    notes.push(
      `a sitemap lists at most ${SITEMAP_MAX_URLS.toLocaleString('en-US')} URLs and is at most 50 MB uncompressed (sitemaps.org)`,
    );
    return { line: s.line, url: s.url, span: s.span, ok: problems.length === 0, problems, notes };
  });
}

/** Whether a fetched sitemap file keeps to the sitemaps.org limits. */
export function checkSitemapSize(urlCount: number, uncompressedBytes: number): string[] {
  const out: string[] = [];
  if (urlCount > SITEMAP_MAX_URLS) {
    out.push(
      `${urlCount.toLocaleString('en-US')} URLs: more than the ${SITEMAP_MAX_URLS.toLocaleString('en-US')} a sitemap may list (sitemaps.org); split it and list the parts in a sitemap index`,
    );
  }
  if (uncompressedBytes > SITEMAP_MAX_BYTES) {
    out.push(
      `${uncompressedBytes.toLocaleString('en-US')} bytes uncompressed: more than the 50 MB (52,428,800 bytes) a sitemap may be (sitemaps.org)`,
    );
  }
  return out;
}
