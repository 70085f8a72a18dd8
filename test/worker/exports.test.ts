import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_ROWS } from '../../src/model/codes';
import type { ViewQuery } from '../../src/model/wire';
import { textBlob } from '../../src/worker/exportFile';
import { apiAfterRun } from '../fakes/handler';

// Lines: 1 User-agent: *, 2 Disallow: /private/, 3 Allow: /private/ok, 5 User-agent: GPTBot, 6 Disallow: /
const ROBOTS = 'User-agent: *\nDisallow: /private/\nAllow: /private/ok\n\nUser-agent: GPTBot\nDisallow: /\n';
const URLS = ['https://e.com/a', 'https://e.com/private/x,y', 'https://e.com/private/ok', 'https://e.com/café'];

/** A finished run of URLS for Googlebot and GPTBot, and a way to export it. */
function lab(urls = URLS) {
  const { api } = apiAfterRun(
    ROBOTS,
    urls,
    [
      { kind: 'profile', id: 'googlebot' },
      { kind: 'profile', id: 'gptbot' },
    ],
    'https://e.com/robots.txt',
  );
  return async (format: 'csv' | 'json', query: Partial<ViewQuery> = {}, wide = false) => {
    const r = api.export({ run: 2, query: { ...ALL_ROWS, ...query }, format, wide });
    return { text: await r.blob.text(), summary: r.summary };
  };
}

const HEADER = 'url,request_url,crawler,verdict,line,rule,note,expected,ok';

describe('exports (written by hand)', () => {
  it("writes every record in the CLI's CSV schema and counts records and URLs", async () => {
    const { text, summary } = await lab()('csv');
    expect(text.split('\r\n')).toEqual([
      HEADER,
      'https://e.com/a,https://e.com/a,Googlebot,allowed,,,,,',
      'https://e.com/a,https://e.com/a,GPTBot,blocked,6,Disallow: /,,,',
      '"https://e.com/private/x,y","https://e.com/private/x,y",Googlebot,blocked,2,Disallow: /private/,,,',
      '"https://e.com/private/x,y","https://e.com/private/x,y",GPTBot,blocked,6,Disallow: /,,,',
      'https://e.com/private/ok,https://e.com/private/ok,Googlebot,allowed,3,Allow: /private/ok,,,',
      'https://e.com/private/ok,https://e.com/private/ok,GPTBot,blocked,6,Disallow: /,,,',
      'https://e.com/café,https://e.com/caf%C3%A9,Googlebot,allowed,,,,,',
      'https://e.com/café,https://e.com/caf%C3%A9,GPTBot,blocked,6,Disallow: /,,,',
      '',
    ]);
    expect(summary).toEqual({ records: 8, urls: 4, crawlers: 2, complete: true, judged: 4, total: 4 });
  });

  it('keeps only the filtered records: blocked for Googlebot is Googlebot’s blocked records', async () => {
    const { text, summary } = await lab()('csv', { verdict: 'blocked', crawler: 0 });
    expect(text).toBe(
      `${HEADER}\r\n"https://e.com/private/x,y","https://e.com/private/x,y",Googlebot,blocked,2,Disallow: /private/,,,\r\n`,
    );
    expect(summary).toMatchObject({ records: 1, urls: 1, crawlers: 1 });
  });

  it('keeps the cells a rule decides in any column when no crawler is chosen', async () => {
    const { text } = await lab()('json', { rule: 3 });
    expect(JSON.parse(text)).toEqual([
      {
        url: 'https://e.com/private/ok',
        requestUrl: 'https://e.com/private/ok',
        crawler: 'Googlebot',
        status: 'allowed',
        line: 3,
        lineText: 'Allow: /private/ok',
        note: '',
      },
    ]);
  });

  it('keeps every crawler of the rows a search keeps', async () => {
    const { summary, text } = await lab()('csv', { search: 'CAFÉ' });
    expect(summary).toMatchObject({ records: 2, urls: 1, crawlers: 2 });
    expect(text.split('\r\n')).toHaveLength(4);
    // A crawler chosen for the verdict filter narrows nothing while that filter is off.
    const one = await lab()('csv', { search: 'CAFÉ', crawler: 0 });
    expect(one).toEqual({ summary, text });
  });

  it('writes a wide CSV: a row per URL, verdict, line and rule per crawler', async () => {
    const { text, summary } = await lab()('csv', { sort: { key: 'url', col: 0, desc: true } }, true);
    expect(text.split('\r\n')).toEqual([
      'url,request_url,Googlebot verdict,Googlebot line,Googlebot rule,GPTBot verdict,GPTBot line,GPTBot rule',
      '"https://e.com/private/x,y","https://e.com/private/x,y",blocked,2,Disallow: /private/,blocked,6,Disallow: /',
      'https://e.com/private/ok,https://e.com/private/ok,allowed,3,Allow: /private/ok,blocked,6,Disallow: /',
      'https://e.com/café,https://e.com/caf%C3%A9,allowed,,,blocked,6,Disallow: /',
      'https://e.com/a,https://e.com/a,allowed,,,blocked,6,Disallow: /',
      '',
    ]);
    expect(summary).toMatchObject({ records: 8, urls: 4 });
  });

  it('leaves a filtered-out cell empty in the wide layout', async () => {
    const { text } = await lab()('csv', { verdict: 'allowed' }, true);
    expect(text.split('\r\n')).toEqual([
      'url,request_url,Googlebot verdict,Googlebot line,Googlebot rule,GPTBot verdict,GPTBot line,GPTBot rule',
      'https://e.com/a,https://e.com/a,allowed,,,,,',
      'https://e.com/private/ok,https://e.com/private/ok,allowed,3,Allow: /private/ok,,,',
      'https://e.com/café,https://e.com/caf%C3%A9,allowed,,,,,',
      '',
    ]);
  });

  it('names not-judged records and says why in the note', async () => {
    const { text } = await lab(['not a url'])('json');
    const [record] = JSON.parse(text);
    expect(record).toMatchObject({ url: 'not a url', requestUrl: '', status: 'invalid-url', line: null });
    expect(record.note).not.toBe('');
  });

  it('writes an empty JSON array when the filter keeps nothing', async () => {
    const { text, summary } = await lab()('json', { verdict: 'unjudged' });
    expect(JSON.parse(text)).toEqual([]);
    expect(summary).toMatchObject({ records: 0, urls: 0 });
  });
});

describe('an export file is built from bounded chunks, never one string', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('joins parts into chunks of about a mebibyte and loses nothing', async () => {
    // The parts the Blob is made of are not readable from the Blob: record them as it is made.
    const made: string[][] = [];
    const RealBlob = Blob;
    vi.stubGlobal(
      'Blob',
      class extends RealBlob {
        constructor(parts: string[], options?: BlobPropertyBag) {
          super(parts, options);
          made.push(parts);
        }
      },
    );
    const part = 'x'.repeat(1000);
    const blob = textBlob(
      'csv',
      Array.from({ length: 3000 }, () => part),
    );
    expect(made).toHaveLength(1);
    const chunks = made[0] ?? [];
    expect(chunks.length).toBe(3);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual((1 << 20) + 1000);
    expect(await blob.text()).toBe(part.repeat(3000));
  });
});
