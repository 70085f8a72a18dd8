import { describe, expect, it } from 'vitest';
import { formatResults, type ResultRow } from '../../src/cli/format';
import { detectListFormat, parseCsv, parseCsvList, parseSitemap, parseTextList } from '../../src/cli/url-lists';

describe('URL lists', () => {
  it('detects the format from the extension, else from the content', () => {
    expect(detectListFormat('a.csv', '/x')).toBe('csv');
    expect(detectListFormat('a.TSV', '/x')).toBe('csv');
    expect(detectListFormat('sitemap.xml.gz', '')).toBe('sitemap');
    expect(detectListFormat('(stdin)', '  <?xml version="1.0"?>\n<urlset>')).toBe('sitemap');
    expect(detectListFormat('urls', '/a\n/b')).toBe('txt');
  });

  it('keeps # inside a URL (a fragment) but skips whole-line comments', () => {
    expect(parseTextList('#c\nhttps://e.com/a#frag\r\n  # indented comment\n', 'l').map((u) => u.url)).toEqual([
      'https://e.com/a#frag',
    ]);
  });

  it('parses RFC 4180 CSV: quoted separators, doubled quotes, line breaks inside quotes, CR LF', () => {
    expect(parseCsv('a,"b,c","say ""hi""","two\nlines"\r\nx,y\n')).toEqual([
      ['a', 'b,c', 'say "hi"', 'two\nlines'],
      ['x', 'y'],
    ]);
  });

  it('reads a CSV without a header row, and a TSV', () => {
    expect(parseCsvList('/a,1\n/b,2\n', 'l.csv').map((u) => [u.url, u.origin])).toEqual([
      ['/a', 'l.csv:1'],
      ['/b', 'l.csv:2'],
    ]);
    expect(parseCsvList('id\turl\n1\thttps://e.com/x\n', 'l.tsv').map((u) => u.url)).toEqual(['https://e.com/x']);
  });

  it('picks a CSV column by 1-based number', () => {
    expect(parseCsvList('a,b\n/x,/y\n', 'l.csv', '2').map((u) => u.url)).toEqual(['/y']);
  });

  it('reads namespaced <loc> elements, CDATA and numeric entities from a sitemap index', () => {
    const xml =
      '<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      '<sm:sitemap><sm:loc><![CDATA[https://e.com/a?x=1&y=2]]></sm:loc></sm:sitemap>\n' +
      '<sm:sitemap><sm:loc>https://e.com/caf&#xE9;</sm:loc></sm:sitemap>\n</sm:sitemapindex>';
    expect(parseSitemap(xml, 's.xml').map((u) => [u.url, u.origin])).toEqual([
      ['https://e.com/a?x=1&y=2', 's.xml:2'],
      ['https://e.com/café', 's.xml:3'],
    ]);
  });
});

describe('table output', () => {
  it('formats 200,000 rows without overflowing the stack', () => {
    const row: ResultRow = {
      url: '/a',
      requestUrl: '/a',
      changes: [],
      origin: 'l:1',
      crawler: 'x',
      profile: null,
      tokens: ['x'],
      status: 'allowed',
      allowed: true,
      line: null,
      lineText: null,
      rule: null,
      note: 'no group applies',
      expected: null,
      ok: null,
    };
    const out = formatResults(
      Array.from({ length: 200_000 }, () => row),
      'table',
    );
    expect(out.split('\n')).toHaveLength(200_002);
  });
});
