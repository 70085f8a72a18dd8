// The Sitemaps tab's report (docs/behaviour.md §10; sitemaps.org limits: 50,000
// URLs, 50 MB). Every expected value is written by hand from the file below.
import { describe, expect, it } from 'vitest';
import type { SitemapListInfo, SitemapReport } from '../../src/model/wire';
import { apiAfterRun } from '../fakes/handler';

const ROBOTS = [
  'User-agent: *', // 1
  'Disallow: /private/', // 2
  'Disallow: /*.pdf$ # documents', // 3
  'Sitemap: https://shop.example.com/sitemap.xml', // 4
  'Sitemap: /sitemap2.xml', // 5: not absolute
  'Sitemap: https://cdn.example.net/s.xml', // 6: another host
  'Sitemap: https://shop.example.com/sitemap.xml', // 7: a repeat of line 4
].join('\n');

const SITEMAP_URLS = [
  'https://shop.example.com/',
  'https://shop.example.com/doc.pdf',
  'https://shop.example.com/private/a',
  'https://shop.example.com/private/b',
  'https://shop.example.com/ok',
];

function setup() {
  const { api } = apiAfterRun(
    ROBOTS,
    SITEMAP_URLS,
    [
      { kind: 'profile', id: 'googlebot' },
      { kind: 'token', token: 'OtherBot' },
    ],
    'https://shop.example.com/robots.txt',
  );
  const report = (list: SitemapListInfo | null, crawler = 0): SitemapReport =>
    api.sitemaps({ version: 1, robotsUrl: 'https://shop.example.com/robots.txt', list, crawler });
  return { report };
}

const LIST: SitemapListInfo = { name: 'sitemap.xml', count: 5, bytes: 900, run: 2 };

describe('the sitemap lines (docs/behaviour.md §10)', () => {
  it('lists every Sitemap: line, whether a crawler can use it, and why not', () => {
    const { lines } = setup().report(null);
    expect(lines.map((l) => [l.line, l.url, l.ok])).toEqual([
      [4, 'https://shop.example.com/sitemap.xml', true],
      [5, '/sitemap2.xml', false],
      [6, 'https://cdn.example.net/s.xml', true],
      [7, 'https://shop.example.com/sitemap.xml', true],
    ]);
    expect(lines[1].problems.join(' ')).toMatch(/not an absolute URL/);
    expect(lines[2].notes.join(' ')).toMatch(/on another host \(cdn\.example\.net\)/);
    expect(lines[3].notes.join(' ')).toMatch(/listed before, on line 4/);
    expect(lines[0].notes.join(' ')).toMatch(/at most 50,000 URLs and is at most 50 MB/);
  });
});

describe('an imported sitemap against the rules', () => {
  it('counts its URLs blocked for the chosen crawler by deciding line, with examples', () => {
    const { list } = setup().report(LIST, 0);
    expect(list?.limits).toEqual([]);
    expect(list?.blocked).toEqual({
      crawler: 0,
      label: 'Googlebot',
      judged: 5,
      finished: true,
      count: 3,
      // Most first: line 2 decides two URLs, line 3 one, though line 3's URL comes first in the list.
      byLine: [
        { line: 2, text: 'Disallow: /private/', count: 2 },
        { line: 3, text: 'Disallow: /*.pdf$', count: 1 },
      ],
      examples: [
        { row: 1, url: 'https://shop.example.com/doc.pdf', line: 3 },
        { row: 2, url: 'https://shop.example.com/private/a', line: 2 },
        { row: 3, url: 'https://shop.example.com/private/b', line: 2 },
      ],
    });
  });

  it('checks the column asked for', () => {
    expect(setup().report(LIST, 1).list?.blocked).toMatchObject({ crawler: 1, label: 'OtherBot', count: 3 });
  });

  it('a sitemap over the sitemaps.org limits is flagged', () => {
    const { list } = setup().report({ ...LIST, count: 50_001, bytes: 52_428_801 });
    expect(list?.limits).toHaveLength(2);
    expect(list?.limits[0]).toMatch(/^50,001 URLs: more than the 50,000/);
    expect(list?.limits[1]).toMatch(/^52,428,801 bytes uncompressed: more than the 50 MB/);
  });

  it('says nothing about blocked URLs until a run of that list exists, and nothing without a sitemap list', () => {
    expect(setup().report({ ...LIST, run: 99 }).list?.blocked).toBeNull();
    expect(setup().report(null).list).toBeNull();
  });
});
