import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FETCH_RECORD_FORMAT, type RobotsFetchRecord } from '../../src/core/fetchRecord';
import { OriginRobots } from '../../src/net/origins';
import { saveFetched } from '../../src/net/store';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A saved 200 record for `origin` with `text` as its body. */
async function save(dir: string, origin: string, text: string): Promise<void> {
  const body = new TextEncoder().encode(text);
  const record: RobotsFetchRecord = {
    format: FETCH_RECORD_FORMAT,
    origin,
    url: `${origin}/robots.txt`,
    finalUrl: `${origin}/robots.txt`,
    fetchedAt: '2026-01-01T00:00:00.000Z',
    status: 200,
    error: null,
    redirects: [],
    redirectEnd: null,
    contentType: 'text/plain',
    contentEncoding: null,
    lastModified: null,
    etag: null,
    bytes: body.length,
    kept: body.length,
    truncated: false,
    sha256: createHash('sha256').update(body).digest('hex'),
    revalidated: false,
    userAgent: 'test',
    kind: 'file',
    mode: 'rules',
    summary: '200: the file decides',
    reason: 'The file was read.',
  };
  await saveFetched(dir, { record, body });
}

describe("many origins' robots.txt in a bounded cache", () => {
  it('maps URLs to their origin once, and has none for a path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'origins-'));
    dirs.push(dir);
    const origins = new OriginRobots<string>({ fetcher: null, dir, capacity: 1, open: () => '' });
    const a = origins.siteOf('https://a.example/x');
    expect(origins.siteOf('https://A.example:443/y?q')).toBe(a);
    expect(a?.url).toBe('https://a.example/robots.txt');
    expect(origins.siteOf('/no/origin')).toBeNull();
    expect([...origins.sites()].map((s) => s.origin)).toEqual(['https://a.example']);
  });

  it('drops the least recently used judge beyond capacity and reads its file back when asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'origins-'));
    dirs.push(dir);
    await save(dir, 'https://a.example', 'User-agent: *\nDisallow: /a\n');
    await save(dir, 'https://b.example', 'User-agent: *\nDisallow: /b\n');
    const opened: string[] = [];
    const closed: string[] = [];
    const origins = new OriginRobots<string>({
      fetcher: null,
      dir,
      capacity: 1,
      open: ({ body }, site) => {
        opened.push(site.origin);
        return new TextDecoder().decode(body);
      },
      close: (_judge, site) => closed.push(site.origin),
    });
    const a = origins.siteOf('https://a.example/1')!;
    const b = origins.siteOf('https://b.example/1')!;
    await a.ready;
    await b.ready;
    expect(a.fetched?.status).toBe(200);
    expect(origins.cachedJudge(a)).toBeNull();
    expect(await origins.load(a)).toBe('User-agent: *\nDisallow: /a\n');
    expect(origins.cachedJudge(a)).not.toBeNull();
    await origins.load(b);
    expect(origins.cachedJudge(a)).toBeNull();
    expect([...origins.judges()]).toEqual(['User-agent: *\nDisallow: /b\n']);
    await origins.load(a);
    expect(opened).toEqual(['https://a.example', 'https://b.example', 'https://a.example']);
    expect(closed).toEqual(['https://a.example', 'https://b.example']);
  });

  it('says which origin has no saved record', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'origins-'));
    dirs.push(dir);
    const origins = new OriginRobots<string>({ fetcher: null, dir, capacity: 4, open: () => '' });
    const site = origins.siteOf('http://unknown.test/x')!;
    await site.ready;
    expect(site.fetched).toBeNull();
    expect(site.missing).toBe(`no saved robots.txt record for http://unknown.test in ${dir}`);
  });
});
