import { describe, expect, it } from 'vitest';
import { checkExpectations, parseExpectations } from '../../src/core/expectations';
import { parseRobotsTxt } from '../../src/core/index';

const FILE = [
  'User-agent: *', // 1
  'Disallow: /private/', // 2
  '# expect: blocked GPTBot /private/', // 3
  '', // 4
  'User-agent: Googlebot', // 5
  'Disallow: /images/ # expect: allowed googlebot-image /images/logo.png', // 6
  '#EXPECT:  Allowed  googlebot,bingbot  /public', // 7
  '# expected: this is prose, not an expectation', // 8
  '# expect: allowed SomeBot https://example.com/private/x', // 9
].join('\n');

describe('expectations in the file (docs/expectations.md)', () => {
  it('reads full-line and trailing "# expect:" comments, case-insensitively, and skips other comments', () => {
    const list = parseExpectations(parseRobotsTxt(FILE));
    expect(list.map((e) => e.line)).toEqual([3, 6, 7, 9]);
    const [first, trailing, multi] = list;
    expect(first).toMatchObject({ expected: 'blocked', url: '/private/', requestUrl: '/private/' });
    expect(trailing).toMatchObject({ expected: 'allowed', url: '/images/logo.png' });
    expect(multi).toMatchObject({ expected: 'allowed' });
    if (!('crawlers' in multi)) throw new Error('expected a well-formed expectation');
    expect(multi.crawlers.map((c) => c.name)).toEqual(['Googlebot', 'Bingbot']);
  });

  it('the span is the comment itself, so an editor can mark it', () => {
    const parsed = parseRobotsTxt(FILE);
    const trailing = parseExpectations(parsed)[1];
    expect(parsed.text.slice(trailing.span.from, trailing.span.to)).toBe(
      '# expect: allowed googlebot-image /images/logo.png',
    );
  });

  it('checks each with the engine: pass and fail, with the deciding line (§5: Googlebot-Image falls back to googlebot)', () => {
    const results = checkExpectations(parseRobotsTxt(FILE));
    expect(results.map((r) => r.status)).toEqual(['pass', 'fail', 'pass', 'fail']);
    expect(results[0].message).toBe('GPTBot: blocked by line 2 (Disallow: /private/)');
    expect(results[1].message).toBe('Googlebot-Image: expected allowed, but blocked by line 6 (Disallow: /images/)');
    expect(results[2].message).toBe('Googlebot: allowed (no rule matches); Bingbot: allowed (no rule matches)');
    expect(results[3].message).toBe('SomeBot: expected allowed, but blocked by line 2 (Disallow: /private/)');
  });

  it('a list of crawlers fails when one of them fails, and says which', () => {
    const r = checkExpectations(
      parseRobotsTxt('User-agent: bingbot\nDisallow: /x\n# expect: allowed googlebot,bingbot /x/1\n'),
    );
    expect(r[0]).toMatchObject({
      status: 'fail',
      message: 'Bingbot: expected allowed, but blocked by line 2 (Disallow: /x)',
    });
  });

  it('judges the URL in request form: a raw ツ matches Allow: /ツ (the reference\'s "The URL")', () => {
    const r = checkExpectations(parseRobotsTxt('User-agent: *\nDisallow: /\nAllow: /ツ\n# expect: allowed x /ツ/a\n'));
    expect(r[0].status).toBe('pass');
  });

  it('reports a malformed expectation as a diagnostic and never throws', () => {
    const bad = [
      ['# expect: blocked GPTBot', 'an expectation needs three parts'],
      ['# expect: block GPTBot /x', 'unknown verdict "block": write "allowed" or "blocked"'],
      ['# expect: blocked Googlebot/2.1 /x', '"Googlebot/2.1" is not a known crawler nor a product token'],
      ['# expect: blocked GPTBot private/', '"private/" is not a path starting with "/" nor an http(s) URL'],
      ['# expect: blocked GPTBot /a b', 'nothing may follow the URL (found "b")'],
      ['# expect: blocked a,,b /x', 'empty crawler name'],
      ['# expect:', 'an expectation needs three parts'],
    ];
    for (const [line, message] of bad) {
      const [r] = checkExpectations(parseRobotsTxt(`User-agent: *\nDisallow: /\n${line}\n`));
      expect(r.status).toBe('malformed');
      expect(r.message).toContain(message);
      if (r.status === 'malformed') expect(r.malformed.line).toBe(3);
    }
  });

  it('a file without expectations has none', () => {
    expect(
      checkExpectations(parseRobotsTxt('User-agent: *\n# plain comment\nDisallow: /x # expected to go\n')),
    ).toEqual([]);
  });
});
