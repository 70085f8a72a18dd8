/**
 * `check --purposes`: per-purpose columns beside the verdict (docs/behaviour.md
 * §15). Expected values are read by hand from the file below: preferences
 * come from the groups the crawler obeys (§5), the longest Content-Usage
 * path applies (draft-ietf-aipref-attach §3.1), a disallow anywhere wins
 * (draft-ietf-aipref-vocab §5.1), and none applies where the crawler may not
 * fetch.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './harness';

const ROBOTS = [
  'User-agent: *', // 1
  'Disallow: /private', // 2
  'Content-Signal: search=yes, ai-input=yes, ai-train=no', // 3
  'Content-Usage: train-ai=n', // 4
  'Content-Usage: /open/ train-ai=y', // 5
  '', // 6
  'User-agent: GPTBot', // 7
  'Disallow: /', // 8
  '', // 9
  'User-agent: ShopBot', // 10
  'Allow: /', // 11
  'Content-Signal: use=reference', // 12
  '',
].join('\n');

const files = { 'robots.txt': ROBOTS };

async function jsonl(argv: string[]) {
  const r = await runCli(['check', 'robots.txt', '--purposes', '-f', 'jsonl', ...argv], files);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { url: string; crawler: string; purposes: unknown });
}

describe('check --purposes', () => {
  it('gives each purpose with its deciding lines, per URL and crawler (jsonl)', async () => {
    const rows = await jsonl(['-a', 'OtherBot', '-a', 'gptbot', '-a', 'ShopBot', '/page', '/open/data.csv']);
    expect(rows.map((r) => [r.url, r.crawler, r.purposes])).toEqual([
      [
        '/page',
        'OtherBot',
        {
          search: { expressed: 'allow', level: null, lines: [3] },
          'ai-input': { expressed: 'allow', level: null, lines: [3] },
          // Line 3 says ai-train=no and line 4 train-ai=n: both disallow.
          'ai-train': { expressed: 'disallow', level: null, lines: [3, 4] },
          use: { expressed: 'no-preference', level: null, lines: [] },
        },
      ],
      [
        '/page',
        'GPTBot',
        {
          search: { expressed: 'not-applicable', level: null, lines: [] },
          'ai-input': { expressed: 'not-applicable', level: null, lines: [] },
          'ai-train': { expressed: 'not-applicable', level: null, lines: [] },
          use: { expressed: 'not-applicable', level: null, lines: [] },
        },
      ],
      [
        '/page',
        'ShopBot',
        {
          search: { expressed: 'no-preference', level: null, lines: [] },
          'ai-input': { expressed: 'no-preference', level: null, lines: [] },
          'ai-train': { expressed: 'no-preference', level: null, lines: [] },
          use: { expressed: 'level', level: 'reference', lines: [12] },
        },
      ],
      [
        '/open/data.csv',
        'OtherBot',
        {
          search: { expressed: 'allow', level: null, lines: [3] },
          'ai-input': { expressed: 'allow', level: null, lines: [3] },
          // Line 5's longer path replaces line 4, but line 3's ai-train=no still disallows.
          'ai-train': { expressed: 'disallow', level: null, lines: [3] },
          use: { expressed: 'no-preference', level: null, lines: [] },
        },
      ],
      [
        '/open/data.csv',
        'GPTBot',
        expect.objectContaining({ search: expect.objectContaining({ expressed: 'not-applicable' }) }),
      ],
      [
        '/open/data.csv',
        'ShopBot',
        expect.objectContaining({ use: { expressed: 'level', level: 'reference', lines: [12] } }),
      ],
    ]);
  });

  it('adds the purpose columns to CSV, and "not applicable" where the path may not be fetched', async () => {
    const r = await runCli(
      ['check', 'robots.txt', '--purposes', '-f', 'csv', '-a', 'OtherBot', '/page', '/private/x'],
      files,
    );
    expect(r.stdout.split('\r\n')).toEqual([
      'url,request_url,crawler,verdict,line,rule,note,expected,ok,search,ai_input,ai_train,use',
      '/page,/page,OtherBot,allowed,,,no rule of the * group (line 1) matches,,,allow (line 3),allow (line 3),"disallow (lines 3, 4)",no preference',
      '/private/x,/private/x,OtherBot,blocked,2,Disallow: /private,,,,not applicable,not applicable,not applicable,not applicable',
      '',
    ]);
  });

  it('adds them to the table, and leaves them out without the flag', async () => {
    const r = await runCli(['check', 'robots.txt', '--purposes', '-a', 'ShopBot', '/page'], files);
    const [head, row] = r.stdout.split('\n');
    expect(head.split(/\s{2,}/)).toEqual([
      'URL',
      'CRAWLER',
      'VERDICT',
      'LINE',
      'RULE',
      'SEARCH',
      'AI-INPUT',
      'AI-TRAIN',
      'USE',
    ]);
    expect(row.split(/\s{2,}/)).toEqual([
      '/page',
      'ShopBot',
      'ALLOWED',
      '11',
      'Allow: /',
      'no preference',
      'no preference',
      'no preference',
      'reference (line 12)',
    ]);
    const plain = await runCli(['check', 'robots.txt', '-f', 'jsonl', '-a', 'ShopBot', '/page'], files);
    expect(JSON.parse(plain.stdout)).not.toHaveProperty('purposes');
  });

  it('judges every URL of a list on its own path, even where the verdict is the same', async () => {
    const r = await runCli(
      ['check', 'robots.txt', '--purposes', '-f', 'jsonl', '-a', 'OtherBot', '--urls', 'list.txt'],
      { ...files, 'list.txt': '/page\n/open/data.csv\n/open/more\n' },
    );
    const rows = r.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { purposes: Record<string, { lines: number[] }> });
    expect(rows.map((row) => row.purposes['ai-train'].lines)).toEqual([[3, 4], [3], [3]]);
  });

  it('gives null purposes for a URL out of the robots.txt scope (not judged)', async () => {
    const rows = await jsonl(['-a', 'OtherBot', '--robots-url', 'https://e.com/robots.txt', 'https://other.org/page']);
    expect(rows[0].purposes).toBeNull();
  });
});
