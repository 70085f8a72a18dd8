import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io';
import { run } from '../../src/cli/main';
import { CsvListReader, type ListReader, SitemapReader } from '../../src/core/liststream';
import { readUrlList } from '../../src/core/readList';
import { detectListFormat, inspectCsv } from '../../src/core/urllist';
import { memoryIo, runCli } from './harness';

/** Every URL of a list read by the one list reader, with `name:line`. */
async function listed(text: string, name: string, column?: string): Promise<[string, string][]> {
  const out: [string, string][] = [];
  async function* bytes() {
    yield new TextEncoder().encode(text);
  }
  for await (const { urls, lines } of readUrlList(bytes(), { name, column })) {
    for (let i = 0; i < urls.length; i++) out.push([urls[i], `${name}:${lines[i]}`]);
  }
  return out;
}

describe('URL lists', () => {
  it('detects the format from the extension, else from the content', () => {
    expect(detectListFormat('a.csv', '/x')).toBe('csv');
    expect(detectListFormat('a.TSV', '/x')).toBe('csv');
    expect(detectListFormat('sitemap.xml.gz', '')).toBe('sitemap');
    expect(detectListFormat('(stdin)', '  <?xml version="1.0"?>\n<urlset>')).toBe('sitemap');
    expect(detectListFormat('urls', '/a\n/b')).toBe('txt');
  });

  it('keeps # inside a URL (a fragment) but skips whole-line comments', async () => {
    expect(await listed('#c\nhttps://e.com/a#frag\r\n  # indented comment\n', 'l')).toEqual([
      ['https://e.com/a#frag', 'l:2'],
    ]);
  });

  it('parses RFC 4180 CSV: quoted separators, doubled quotes, line breaks inside quotes, CR LF', () => {
    const shape = inspectCsv('a,"b,c","say ""hi""","two\nlines"\r\n\r\nx,y\n', 'l.csv');
    expect(shape.header).toEqual(['a', 'b,c', 'say "hi"', 'two\nlines']);
    expect(shape.sample).toEqual([['x', 'y']]);
    expect([shape.columns, shape.rows]).toEqual([4, 1]);
  });

  it('reads a CSV without a header row, and a TSV', async () => {
    expect(await listed('/a,1\n/b,2\n', 'l.csv')).toEqual([
      ['/a', 'l.csv:1'],
      ['/b', 'l.csv:2'],
    ]);
    expect(await listed('id\turl\n1\thttps://e.com/x\n', 'l.tsv')).toEqual([['https://e.com/x', 'l.tsv:2']]);
  });

  it('picks a CSV column by 1-based number', async () => {
    expect(await listed('a,b\n/x,/y\n', 'l.csv', '2')).toEqual([['/y', 'l.csv:2']]);
  });

  it('reads namespaced <loc> elements, CDATA and numeric entities from a sitemap index', async () => {
    const xml =
      '<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      '<sm:sitemap><sm:loc><![CDATA[https://e.com/a?x=1&y=2]]></sm:loc></sm:sitemap>\n' +
      '<sm:sitemap><sm:loc>https://e.com/caf&#xE9;</sm:loc></sm:sitemap>\n</sm:sitemapindex>';
    expect(await listed(xml, 's.xml')).toEqual([
      ['https://e.com/a?x=1&y=2', 's.xml:2'],
      ['https://e.com/café', 's.xml:3'],
    ]);
  });
});

/** Feeds `text` to a reader `size` characters at a time; every URL with its line. */
function chunked(reader: ListReader, text: string, size: number): [string, number][] {
  const out: [string, number][] = [];
  const drain = () => {
    const { urls, lines } = reader.take();
    for (let i = 0; i < urls.length; i++) out.push([urls[i], lines[i]]);
  };
  for (let i = 0; i < text.length; i += size) {
    reader.write(text.slice(i, i + size));
    drain();
  }
  reader.end();
  drain();
  return out;
}

describe('CSV read as a stream', () => {
  // A spreadsheet export: BOM, ";" separators, a quoted cell with a line
  // break and doubled quotes, CR LF line ends, a blank line.
  const csv =
    '\uFEFFname;address;notes\r\n' + // line 1: header
    'home;https://e.com/;"say ""hi""\r\nover two lines"\r\n' + // lines 2-3
    '\r\n' + // line 4: blank
    'shop;"https://e.com/a;b";x\r\n' + // line 5: the separator inside quotes
    'cart;/cart?x=1;\r\n'; // line 6

  it.each([1, 2, 3, 7, 1000])('gives the same URLs and lines whatever the chunk size (%i)', (size) => {
    expect(chunked(new CsvListReader('l.csv'), csv, size)).toEqual([
      ['https://e.com/', 2],
      ['https://e.com/a;b', 5],
      ['/cart?x=1', 6],
    ]);
  });

  it('sniffs a tab separator and takes a named column', () => {
    const tsv = 'id\tURL\n1\t/x\n2\t/y\n';
    expect(chunked(new CsvListReader('crawl.txt', 'url'), tsv, 4)).toEqual([
      ['/x', 2],
      ['/y', 3],
    ]);
  });

  it('names the line when no column of URLs shows up', () => {
    // Line 1 is taken as a header; lines 2-1001 are the 1,000 rows read in vain.
    const rows = `${Array.from({ length: 1100 }, (_, i) => `a${i},b`).join('\n')}\n`;
    expect(() => chunked(new CsvListReader('l.csv'), rows, 100)).toThrow(
      'no column of URLs found in the first 1000 rows of "l.csv" (up to line 1001); name one with --column',
    );
  });
});

describe('sitemaps read as a stream', () => {
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n' + // 1
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n' + // 2
    '<url><loc>https://e.com/a?x=1&amp;y=2</loc>\n' + // 3
    '<image:image><image:loc>https://e.com/photo.jpg</image:loc></image:image></url>\n' + // 4
    '<!-- <url><loc>https://e.com/commented</loc></url> -->\n' + // 5
    '<loc>https://e.com/stray</loc>\n' + // 6: not inside a <url>
    '<url><loc><![CDATA[https://e.com/b]]></loc></url>\n' + // 7
    '</urlset>\n';

  it.each([1, 5, 64, 10_000])('takes only <url><loc> of the sitemap namespace, chunk size %i', (size) => {
    const reader = new SitemapReader('s.xml');
    expect(chunked(reader, xml, size)).toEqual([
      ['https://e.com/a?x=1&y=2', 3],
      ['https://e.com/b', 7],
    ]);
    expect(reader.kind).toBe('urlset');
  });

  it('says a sitemap index is one', () => {
    const index = '<sitemapindex><sitemap><loc>https://e.com/s1.xml</loc></sitemap></sitemapindex>';
    const reader = new SitemapReader('i.xml');
    expect(chunked(reader, index, 3)).toEqual([['https://e.com/s1.xml', 1]]);
    expect(reader.kind).toBe('sitemapindex');
  });

  it('names the line of malformed XML and of a root that is not a sitemap', () => {
    expect(() => chunked(new SitemapReader('s.xml'), '<urlset>\n<url>\n<loc>x</lox>\n', 4)).toThrow(
      '"s.xml" is not well-formed XML: line 3, column 12: unexpected close tag.',
    );
    expect(() => chunked(new SitemapReader('p.xml'), '<?xml version="1.0"?>\n<html><body/></html>', 4)).toThrow(
      '"p.xml" does not look like a sitemap: its root element <html> (line 2) is neither <urlset> nor <sitemapindex>',
    );
  });
});

describe('check with streamed lists', () => {
  const robots = 'User-agent: *\nDisallow: /private\n';

  it("lists a sitemap index's child sitemaps on standard error and does not test them as pages", async () => {
    const index =
      '<?xml version="1.0"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      '<sitemap><loc>https://e.com/private/s1.xml</loc></sitemap>\n' +
      '<sitemap><loc>https://e.com/s2.xml</loc></sitemap>\n</sitemapindex>\n';
    const files = { 'robots.txt': robots, 'index.xml': index };
    const alone = await runCli(['check', 'robots.txt', '-a', 'x', '--urls', 'index.xml', '-f', 'jsonl'], files);
    expect(alone.code).toBe(2);
    expect(alone.stdout).toBe('');
    expect(alone.stderr).toBe(
      'note: index.xml is a sitemap index; its child sitemaps are listed, not tested as pages:\n' +
        '  sitemap index: child sitemap https://e.com/private/s1.xml (index.xml:3)\n' +
        '  sitemap index: child sitemap https://e.com/s2.xml (index.xml:4)\n' +
        'robots-lab: no URLs to check: the lists given hold only child sitemaps; check the pages they list\n',
    );
    const mixed = await runCli(
      ['check', 'robots.txt', '-a', 'x', '/private/p', '--urls', 'index.xml', '-f', 'csv'],
      files,
    );
    expect(mixed.code).toBe(0);
    expect(mixed.stdout.trimEnd().split('\r\n')).toEqual([
      'url,request_url,crawler,verdict,line,rule,note,expected,ok',
      '/private/p,/private/p,x,blocked,2,Disallow: /private,,,',
    ]);
  });

  /** An io whose list file arrives in many chunks, recording how many were read when output first came. */
  function streamingIo(chunks: string[]): { io: CliIo; readAtFirstWrite: () => number; out: () => string } {
    let read = 0;
    let atFirst = -1;
    let out = '';
    const io: CliIo = {
      ...memoryIo().io,
      stdin: (async function* () {})(),
      stdout: {
        write: (c: string | Uint8Array) => {
          if (atFirst === -1) atFirst = read;
          out += typeof c === 'string' ? c : Buffer.from(c).toString();
        },
      },
      stderr: { write: () => undefined },
      readFile: async () => new TextEncoder().encode(robots),
      openFile: async () =>
        (async function* () {
          for (const c of chunks) {
            read++;
            yield new TextEncoder().encode(c);
          }
        })(),
    };
    return { io, readAtFirstWrite: () => atFirst, out: () => out };
  }

  it.each([
    ['big.csv', (i: number) => `${i},https://e.com/page/${i}\n`, 'id,url\n', ''],
    [
      'big.xml',
      (i: number) => `<url><loc>https://e.com/page/${i}</loc></url>\n`,
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
      '</urlset>\n',
    ],
  ])('writes rows of %s before the list has been read to its end', async (name, row, head, foot) => {
    // 40 chunks of 1,000 rows: about 15 MB of JSON Lines, more than one output piece.
    const chunks = [head];
    for (let c = 0; c < 40; c++) chunks.push(Array.from({ length: 1000 }, (_, i) => row(c * 1000 + i)).join(''));
    chunks.push(foot);
    const s = streamingIo(chunks);
    const code = await run(['check', 'robots.txt', '-a', 'x', '--urls', name, '-f', 'jsonl'], s.io);
    expect(code).toBe(0);
    expect(s.readAtFirstWrite()).toBeGreaterThan(0);
    expect(s.readAtFirstWrite()).toBeLessThan(chunks.length);
    const lines = s.out().trimEnd().split('\n');
    expect(lines).toHaveLength(40_000);
    expect(JSON.parse(lines[39_999]).url).toBe('https://e.com/page/39999');
  });
});
