/**
 * URL list files read in the worker with the engine's list reader, and the
 * list it holds: a long one stays there (the page gets a handle and asks for
 * rows), a short one goes back as text; a CSV waits for its URL column.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_ROBOTS_TXT } from '../../src/fixtures/example';
import type { ListImport, RunChunk, RunEnd, RunStart } from '../../src/model/wire';
import type { Shelf } from '../../src/persist/shelf';
import { RobotsApi } from '../../src/worker/api';
import { callContext, syncHost } from '../fakes/handler';

/** A shelf in a Map. */
function mapShelf(map = new Map<string, unknown>()): Shelf & { map: Map<string, unknown> } {
  return {
    map,
    get: async (k) => map.get(k),
    set: async (k, v) => void map.set(k, v),
    delete: async (k) => void map.delete(k),
  };
}

function newApi(shelf = mapShelf()) {
  return new RobotsApi({ ...syncHost(), values: () => shelf });
}

/** What an import answers, with the counts it streamed; or why it failed. */
async function imp(body: string | Uint8Array<ArrayBuffer>, name: string, column: number | null = null, api = newApi()) {
  const { ctx, chunks } = callContext<number>();
  try {
    const answer: ListImport = await api.importList({ file: new Blob([body]), name, column, id: 1 }, ctx);
    return { answer, progress: chunks };
  } catch (e) {
    return { failed: (e as Error).message };
  }
}

/** Runs the held list (urlsText null) or `urlsText` for Googlebot; its row count. */
async function rowsRun(api: RobotsApi, urlsText: string | null): Promise<number> {
  api.setText({ version: 1, text: EXAMPLE_ROBOTS_TXT });
  const { ctx } = callContext<RunStart | RunChunk>();
  const crawlers = [{ kind: 'profile' as const, id: 'googlebot' }];
  const end: RunEnd = await api.evaluate(
    { run: 3, version: 1, urlsText, crawlers, normalise: true, robotsUrl: '', fetchStatus: 200 },
    ctx,
  );
  return end.rows;
}

const SITEMAP =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
  '<url><loc>https://shop.example.com/caf%C3%A9</loc></url>\n<url><loc>https://shop.example.com/cart</loc></url>\n</urlset>\n';

describe('a CSV: its column is chosen before the list is read', () => {
  const csv = 'id,page,referrer\n1,https://e.com/a,/r1\n2,https://e.com/b,/r2\n';

  it('answers the header, the width, the likely URL column and the first rows, and reads nothing more', async () => {
    const r = await imp(csv, 'crawl.csv');
    expect(r.answer).toEqual({
      kind: 'csv',
      name: 'crawl.csv',
      csv: {
        header: ['id', 'page', 'referrer'],
        columns: 3,
        guess: 1,
        sample: [
          ['1', 'https://e.com/a', '/r1'],
          ['2', 'https://e.com/b', '/r2'],
        ],
      },
    });
  });

  it('reads the chosen column once it is chosen', async () => {
    expect((await imp(csv, 'crawl.csv', 1)).answer).toMatchObject({
      kind: 'list',
      format: 'csv',
      count: 2,
      text: 'https://e.com/a\nhttps://e.com/b\n',
      handle: null,
    });
    expect((await imp(csv, 'crawl.csv', 2)).answer).toMatchObject({ text: '/r1\n/r2\n' });
  });
});

describe('text and sitemap files', () => {
  it('skips `#` comment lines, indented ones too, as the CLI reads a .txt list', async () => {
    const r = await imp('# my pages\nhttps://e.com/a\n  # later\n\nhttps://e.com/b#frag\n', 'list.txt');
    expect(r.answer).toMatchObject({ kind: 'list', count: 2, text: 'https://e.com/a\nhttps://e.com/b#frag\n' });
  });

  it('reads a sitemap index and says so (its child sitemaps are not fetched)', async () => {
    const xml =
      '<?xml version="1.0"?>\n<sitemapindex><sitemap><loc>https://e.com/s1.xml</loc></sitemap></sitemapindex>';
    expect((await imp(xml, 'index.xml')).answer).toMatchObject({
      format: 'sitemap',
      sitemapIndex: true,
      count: 1,
      text: 'https://e.com/s1.xml\n',
    });
  });

  it('gunzips a .xml.gz and gives the same list as the plain file', async () => {
    const want = {
      format: 'sitemap',
      count: 2,
      text: 'https://shop.example.com/caf%C3%A9\nhttps://shop.example.com/cart\n',
    };
    expect((await imp(gzipSync(SITEMAP), 'sitemap.xml.gz')).answer).toMatchObject(want);
    expect((await imp(SITEMAP, 'sitemap.xml')).answer).toMatchObject(want);
  });

  it('says why a file cannot be read: a cut gzip stream, XML that is not a sitemap', async () => {
    expect(await imp(gzipSync(SITEMAP).subarray(0, 30), 'sitemap.xml.gz')).toEqual({
      failed: 'cannot read URL list "sitemap.xml.gz": broken gzip data',
    });
    expect(await imp('<html></html>', 'page.xml')).toMatchObject({
      failed: expect.stringContaining('does not look like a sitemap'),
    });
  });
});

describe('a long list stays in the worker', () => {
  const urls = Array.from({ length: 30_000 }, (_, i) => `https://e.com/p/${i}`);
  const text = `${urls.join('\n')}\n`;

  it('answers a handle with the count and the first 500 rows, and streams the count read so far', async () => {
    const { answer, progress } = (await imp(text, 'urls.txt')) as { answer: ListImport; progress: number[] };
    if (answer.kind !== 'list' || !answer.handle) throw new Error('no handle');
    expect(answer.text).toBeNull();
    expect(answer.handle).toEqual({ id: 1, name: 'urls.txt', count: 30_000, head: urls.slice(0, 500) });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((n, i) => n > (progress[i - 1] ?? 0) && n <= 30_000)).toBe(true);
  });

  it('runs it as the held list, gives its rows and its text by number, and keeps it under a typed list', async () => {
    const api = newApi();
    await imp(text, 'urls.txt', null, api);
    expect(await rowsRun(api, null)).toBe(30_000);
    expect(api.listRows({ id: 1, from: 29_998, to: 30_005 })).toEqual([urls[29_998], urls[29_999]]);
    expect(api.listRows({ id: 2, from: 0, to: 1 })).toBeNull();
    expect(api.listText({ id: 1 })).toBe(text);
    // A typed list runs on its own; the held list is still there for the next run that asks for it.
    expect(await rowsRun(api, '/a\n/b\n')).toBe(2);
    expect(await rowsRun(api, null)).toBe(30_000);
  });

  it('is saved to IndexedDB and read back by a fresh worker, as is a list an earlier version saved as one string', async () => {
    const shelf = mapShelf();
    const api = newApi(shelf);
    await imp(text, 'urls.txt', null, api);
    expect(await api.saveList({ key: 'robots-lab:urlText' })).toBe(30_000);
    expect(shelf.map.get('robots-lab:urlText')).toEqual([text]);
    const fresh = newApi(shelf);
    expect(await fresh.loadList({ key: 'robots-lab:urlText', id: 7 })).toEqual({
      id: 7,
      name: null,
      count: 30_000,
      head: urls.slice(0, 500),
    });
    expect(await rowsRun(fresh, null)).toBe(30_000);
    shelf.map.set('robots-lab:urlText', '/old/a\n\n/old/b\n');
    expect(await fresh.loadList({ key: 'robots-lab:urlText', id: 8 })).toMatchObject({
      count: 2,
      head: ['/old/a', '/old/b'],
    });
    expect(await fresh.loadList({ key: 'missing', id: 9 })).toBeNull();
  });
});
