/**
 * A gzipped sitemap picked in the page is gunzipped in the worker
 * (DecompressionStream), then read like any sitemap.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { importList, readListFile } from '../../src/worker/import';

const SITEMAP =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
  '<url><loc>https://shop.example.com/caf%C3%A9</loc></url>\n<url><loc>https://shop.example.com/cart</loc></url>\n</urlset>\n';

describe('readListFile', () => {
  it('gunzips a .xml.gz and gives the same list as the plain file', async () => {
    const text = await readListFile(new Blob([gzipSync(SITEMAP)]), 'sitemap.xml.gz');
    expect(text).toBe(SITEMAP);
    expect(importList(text, 'sitemap.xml.gz', null)).toMatchObject({
      format: 'sitemap',
      count: 2,
      text: 'https://shop.example.com/caf%C3%A9\nhttps://shop.example.com/cart\n',
    });
  });

  it('reads a file that is not gzip as it is', async () => {
    expect(await readListFile(new Blob(['/a\n/b\n']), 'urls.txt')).toBe('/a\n/b\n');
  });

  it('refuses a cut gzip stream with a clear message', async () => {
    const cut = gzipSync(SITEMAP).subarray(0, 30);
    await expect(readListFile(new Blob([cut]), 'sitemap.xml.gz')).rejects.toThrow(
      'cannot read "sitemap.xml.gz": broken gzip data',
    );
  });
});
