import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/core/index';
import { checkSitemapLines, checkSitemapSize } from '../../src/core/sitemaps';

describe('sitemap lines (docs/behaviour.md §10)', () => {
  const parsed = parseRobotsTxt(
    [
      'Sitemap: https://example.com/sitemap.xml', // 1
      'User-agent: *', // 2
      'Disallow: /private/', // 3
      'Sitemap: /sitemap.xml', // 4
      'Sitemap: ftp://example.com/s.xml', // 5
      'sitemap: https://cdn.example.net/s.xml#top', // 6
      'Sitemap: https://example.com/sitemap.xml', // 7
    ].join('\n'),
  );
  const checks = checkSitemapLines(parsed, 'https://example.com/robots.txt');

  it('lists every sitemap line, wherever it stands, with its line', () => {
    expect(checks.map((c) => [c.line, c.url, c.ok])).toEqual([
      [1, 'https://example.com/sitemap.xml', true],
      [4, '/sitemap.xml', false],
      [5, 'ftp://example.com/s.xml', false],
      [6, 'https://cdn.example.net/s.xml', true],
      [7, 'https://example.com/sitemap.xml', true],
    ]);
  });

  it('needs an absolute http(s) URL (§10: "sitemap: <absolute URL>")', () => {
    expect(checks[1].problems).toEqual(['not an absolute URL: write it in full, e.g. https://example.com/sitemap.xml']);
    expect(checks[2].problems).toEqual(['scheme "ftp": a sitemap URL is http or https']);
  });

  it('notes another host (allowed: sitemaps.org cross-submission), a # cutting the URL (§12) and a repeat', () => {
    expect(checks[3].notes).toContain('the "#" starts a comment, so the URL ends before it');
    expect(checks[0].notes).not.toContain('the "#" starts a comment, so the URL ends before it');
    expect(checks[3].notes).toContain(
      'on another host (cdn.example.net): allowed for a sitemap listed in robots.txt (sitemaps.org)',
    );
    expect(checks[4].notes).toContain('listed before, on line 1');
    expect(checks[0].notes).not.toContain('listed before, on line 1');
  });

  it('states the sitemaps.org limits as a note on each line', () => {
    expect(checks[0].notes).toContain(
      'a sitemap lists at most 50,000 URLs and is at most 50 MB uncompressed (sitemaps.org)',
    );
  });

  it('checks a fetched sitemap against 50,000 URLs and 52,428,800 bytes (sitemaps.org)', () => {
    expect(checkSitemapSize(50_000, 52_428_800)).toEqual([]);
    expect(checkSitemapSize(50_001, 100)).toEqual([
      '50,001 URLs: more than the 50,000 a sitemap may list (sitemaps.org); split it and list the parts in a sitemap index',
    ]);
    expect(checkSitemapSize(10, 52_428_801)).toEqual([
      '52,428,801 bytes uncompressed: more than the 50 MB (52,428,800 bytes) a sitemap may be (sitemaps.org)',
    ]);
  });
});
