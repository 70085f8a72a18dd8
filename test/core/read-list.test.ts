import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type ListBatch, readUrlList } from '../../src/core/readList';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Chunks of `size` bytes, as a file stream would give them. */
async function* chunked(data: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

async function all(batches: AsyncIterable<ListBatch>): Promise<{ urls: string[]; lines: number[]; index: boolean }> {
  const out = { urls: [] as string[], lines: [] as number[], index: false };
  for await (const b of batches) {
    out.urls.push(...b.urls);
    out.lines.push(...b.lines);
    if (b.sitemapIndex) out.index = true;
  }
  return out;
}

describe('the one URL-list reader', () => {
  it('reads a text list cut anywhere, with the line of each URL', async () => {
    const text = '# crawl export\nhttps://a.example/x\r\n\n  /shop?q=1  \nhttps://a.example/é\n';
    for (const size of [1, 3, 7, 1000]) {
      const got = await all(readUrlList(chunked(bytes(text), size), { name: 'urls.txt' }));
      expect(got.urls).toEqual(['https://a.example/x', '/shop?q=1', 'https://a.example/é']);
      expect(got.lines).toEqual([2, 4, 5]);
    }
  });

  it('gunzips a gzip list, whatever its name', async () => {
    const gz = gzipSync(bytes('https://a.example/1\nhttps://a.example/2\n'));
    const got = await all(readUrlList(chunked(gz, 5), { name: 'urls.txt' }));
    expect(got.urls).toEqual(['https://a.example/1', 'https://a.example/2']);
  });

  it('takes a ReadableStream, as File.stream() gives in a worker', async () => {
    const stream = new Blob([gzipSync(bytes('url,title\nhttps://a.example/p,Page\n'))]).stream();
    const got = await all(readUrlList(stream, { name: 'export.csv.gz', format: 'csv' }));
    expect(got.urls).toEqual(['https://a.example/p']);
    expect(got.lines).toEqual([2]);
  });

  it('reads the chosen CSV column', async () => {
    const csv = 'from;to\nhttps://a.example/old;https://a.example/new\n';
    const got = await all(readUrlList(chunked(bytes(csv), 4), { name: 'redirects.csv', column: 'to' }));
    expect(got.urls).toEqual(['https://a.example/new']);
  });

  it('says a sitemap index lists child sitemaps', async () => {
    const xml =
      '<?xml version="1.0"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      '<sitemap><loc>https://a.example/s1.xml</loc></sitemap>\n</sitemapindex>\n';
    const got = await all(readUrlList(chunked(bytes(xml), 16), { name: 'sitemap.xml' }));
    expect(got).toEqual({ urls: ['https://a.example/s1.xml'], lines: [3], index: true });
  });

  it('names the list when its gzip data is broken, after the URLs read before', async () => {
    const gz = gzipSync(bytes(`${'https://a.example/x\n'.repeat(2000)}`));
    const broken = gz.subarray(0, gz.length - 40);
    const urls: string[] = [];
    await expect(async () => {
      for await (const b of readUrlList(chunked(broken, 64), { name: 'cut.txt.gz' })) urls.push(...b.urls);
    }).rejects.toThrow('cannot read URL list "cut.txt.gz": broken gzip data');
    expect(urls.length).toBeGreaterThan(0);
  });

  it('refuses a column for a list that is not CSV', async () => {
    await expect(all(readUrlList(chunked(bytes('/a\n'), 8), { name: 'urls.txt', column: '2' }))).rejects.toThrow(
      '--column applies to CSV lists, but "urls.txt" is not a .csv file',
    );
  });
});
