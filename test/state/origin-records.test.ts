import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readSavedRecords } from '../../src/state/originRecords';

const BODY = 'User-agent: *\nDisallow: /cart\n';

/** A record as `robots-lab fetch --save` writes it, by hand. */
function record(over: Record<string, unknown> = {}) {
  return {
    format: 'robots-lab/fetch@1',
    origin: 'https://shop.example',
    url: 'https://shop.example/robots.txt',
    finalUrl: 'https://shop.example/robots.txt',
    fetchedAt: '2026-11-27T10:00:00.000Z',
    status: 200,
    error: null,
    redirects: [],
    redirectEnd: null,
    contentType: 'text/plain',
    contentEncoding: null,
    lastModified: null,
    etag: null,
    bytes: BODY.length,
    kept: BODY.length,
    truncated: false,
    sha256: createHash('sha256').update(BODY).digest('hex'),
    revalidated: false,
    userAgent: 'robots-lab',
    kind: 'file',
    mode: 'rules',
    summary: '2xx: the file decides',
    reason: 'HTTP 200: the rules in the file decide.',
    ...over,
  };
}

const file = (name: string, text: string) => new File([text], name);

describe('saved fetch records brought into the page', () => {
  it('reads a record with its body as that origin’s file, with the record’s outcome', async () => {
    const read = await readSavedRecords([
      file('https_shop.example.json', JSON.stringify(record())),
      file('https_shop.example.txt', BODY),
    ]);
    expect(read.errors).toEqual([]);
    expect(read.files).toEqual([
      {
        origin: 'https://shop.example',
        text: BODY,
        fetchStatus: 200,
        record: {
          fetchedAt: '2026-11-27T10:00:00.000Z',
          sha256: record().sha256,
          summary: '2xx: the file decides',
          mode: 'rules',
          reason: 'HTTP 200: the rules in the file decide.',
        },
      },
    ]);
  });

  it('keeps a 503 record’s disallow-all outcome with an empty body', async () => {
    const empty = createHash('sha256').update('').digest('hex');
    const read = await readSavedRecords([
      file(
        'https_down.example.json',
        JSON.stringify(
          record({
            origin: 'https://down.example',
            status: 503,
            kept: 0,
            bytes: 0,
            sha256: empty,
            mode: 'disallow-all',
          }),
        ),
      ),
    ]);
    expect(read.errors).toEqual([]);
    expect(read.files[0]).toMatchObject({ origin: 'https://down.example', text: '', fetchStatus: 503 });
    expect(read.files[0].record?.mode).toBe('disallow-all');
  });

  it('refuses a body edited since it was saved, and a record without its body, naming the file', async () => {
    const read = await readSavedRecords([
      file('https_shop.example.json', JSON.stringify(record())),
      file('https_shop.example.txt', `${BODY}Disallow: /\n`),
      file('https_other.example.json', JSON.stringify(record({ origin: 'https://other.example' }))),
      file('notes.json', '{"format":"something else"}'),
    ]);
    expect(read.files).toEqual([]);
    expect(read.errors).toEqual([
      "https_shop.example.json: https_shop.example.txt does not hash to the record's SHA-256: fetch it again",
      'https_other.example.json: its body https_other.example.txt was not among the files',
      'notes.json: "format" is not "robots-lab/fetch@1"',
    ]);
  });
});
