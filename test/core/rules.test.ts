/**
 * The protocol's rules, one test each, named after the docs/behaviour.md section they
 * prove. The conformance vectors cover the reference's verdicts; these
 * cover the explanation, profiles, request URLs, scope and limits.
 */
import { describe, expect, it } from 'vitest';
import {
  applyGoogleSizeLimit,
  checkScope,
  createChecker,
  evaluate,
  evaluateProfile,
  fetchOutcome,
  MAX_LINE_BYTES,
  parseRobotsTxt,
  toRequestUrl,
} from '../../src/core';
import { CRAWLER_PROFILES, findProfile } from '../../src/core/profiles';

const GROUP_CHOICE = `user-agent: googlebot-news
disallow: /news-only

user-agent: *
disallow: /star-only

user-agent: googlebot
disallow: /bot-only
`;

describe('docs/behaviour.md §4 groups', () => {
  it('consecutive user-agent lines share a group; blank lines do not end a group', () => {
    const p = parseRobotsTxt(
      'user-agent: a\ndisallow: /c\n\nuser-agent: b\ndisallow: /d\n\nuser-agent: e\nuser-agent: f\ndisallow: /g\n\nuser-agent: h\n',
    );
    expect(p.groups.map((g) => g.agents.map((a) => a.value))).toEqual([['a'], ['b'], ['e', 'f'], ['h']]);
    expect(p.groups[3].rules).toHaveLength(0);
  });

  it('rules before the first user-agent line belong to no group', () => {
    const p = parseRobotsTxt('disallow: /x\nuser-agent: a\nallow: /y\n');
    expect(p.orphanRules.map((r) => r.line)).toEqual([1]);
    expect(p.lines[0].group).toBe(-1);
    expect(evaluate(p, 'http://e.com/x', 'a').allowed).toBe(true);
  });

  it('sitemap and unknown lines neither end nor start a group', () => {
    const p = parseRobotsTxt(
      'user-agent: a\nsitemap: https://e.com/s.xml\ncrawl-delay: 3\nuser-agent: b\ndisallow: /\n',
    );
    expect(p.groups).toHaveLength(1);
    expect(p.groups[0].agents.map((a) => a.value)).toEqual(['a', 'b']);
    expect(p.sitemaps.map((s) => s.url)).toEqual(['https://e.com/s.xml']);
  });
});

describe('docs/behaviour.md §5 which group a crawler obeys', () => {
  const p = parseRobotsTxt(GROUP_CHOICE);
  const obeys = (id: string) => {
    const v = evaluateProfile(p, 'http://e.com/', findProfile(id)!);
    return v.choice.kind === 'named' ? v.choice.groups : v.choice.kind === 'global' ? ['*', ...v.choice.groups] : [];
  };

  it('Googlebot-News obeys only its own group (group 1)', () => expect(obeys('googlebot-news')).toEqual([0]));
  it('Googlebot obeys the googlebot group (group 3)', () => expect(obeys('googlebot')).toEqual([2]));
  it('Googlebot-Image falls back to the googlebot group (group 3)', () => {
    expect(obeys('googlebot-image')).toEqual([2]);
    const v = evaluateProfile(p, 'http://e.com/bot-only/x', findProfile('googlebot-image')!);
    expect(v.allowed).toBe(false);
    expect(v.rule?.line).toBe(8);
    expect(v.reason).toContain('falls back to Googlebot');
  });
  it('an unnamed crawler obeys the * group (group 2)', () => expect(obeys('gptbot')).toEqual(['*', 1]));
  it('AdsBot-Google ignores the * group', () => {
    const v = evaluateProfile(p, 'http://e.com/star-only', findProfile('adsbot-google')!);
    expect(v.allowed).toBe(true);
    expect(v.choice.kind).toBe('none');
    expect(v.reason).toContain('ignores the * group');
  });

  it('groups naming the same crawler are merged', () => {
    const m = parseRobotsTxt(
      'user-agent: googlebot-news\ndisallow: /fish\n\nuser-agent: *\ndisallow: /carrots\n\nuser-agent: googlebot-news\ndisallow: /shrimp\n',
    );
    expect(evaluate(m, 'http://e.com/fish', 'googlebot-news').allowed).toBe(false);
    expect(evaluate(m, 'http://e.com/shrimp', 'googlebot-news').allowed).toBe(false);
    expect(evaluate(m, 'http://e.com/carrots', 'googlebot-news').allowed).toBe(true);
    expect(evaluate(m, 'http://e.com/carrots', 'otherbot').allowed).toBe(false);
    const v = evaluate(m, 'http://e.com/shrimp', 'Googlebot-News');
    expect(v.choice).toMatchObject({ kind: 'named', groups: [0, 2], agentLines: [1, 7] });
  });

  it('every built-in profile gives a verdict with an explained choice', () => {
    for (const profile of CRAWLER_PROFILES) {
      const v = evaluateProfile(p, 'http://e.com/star-only', profile);
      expect(v.reason.length, profile.id).toBeGreaterThan(10);
    }
  });
});

describe('docs/behaviour.md §8 which rule wins, with its explanation', () => {
  it('the longest match wins and every matching rule is listed with its byte length', () => {
    const p = parseRobotsTxt('user-agent: *\nallow: /p\ndisallow: /\n');
    const v = evaluate(p, 'http://example.com/page', 'bot');
    expect(v.allowed).toBe(true);
    expect(v.rule).toMatchObject({ kind: 'allow', line: 2, length: 2 });
    expect(v.matches.map((m) => [m.line, m.length])).toEqual([
      [2, 2],
      [3, 1],
    ]);
  });

  it('allow wins a tie in length, and the verdict says it was a tie', () => {
    const v = evaluate(
      parseRobotsTxt('user-agent: *\nallow: /folder\ndisallow: /folder\n'),
      'http://example.com/folder/page',
      'bot',
    );
    expect(v.allowed).toBe(true);
    expect(v.tie).toBe(true);
    expect(v.reason).toContain('allow wins ties');
  });

  it('byte length counts percent-encoded non-ASCII as written in UTF-8', () => {
    const p = parseRobotsTxt('user-agent: *\ndisallow: /ツ\nallow: /%E3%83%84\n');
    expect(p.groups[0].rules.map((r) => r.length)).toEqual([10, 10]);
    const v = evaluate(p, 'http://e.com/%E3%83%84', 'bot');
    expect(v.allowed).toBe(true);
    expect(v.rule?.line).toBe(3);
  });

  it('the index.html rule allows the directory exactly, with the shorter priority', () => {
    const p = parseRobotsTxt('user-agent: *\ndisallow: /d/\nallow: /d/index.html\n');
    const dir = evaluate(p, 'http://e.com/d/', 'bot');
    expect(dir.allowed).toBe(true);
    expect(dir.rule).toMatchObject({ line: 3, viaIndexHtml: true, pattern: '/d/$', length: 4 });
    expect(evaluate(p, 'http://e.com/d/other', 'bot').allowed).toBe(false);
  });

  it('an allow that matches by its own pattern is listed once, not again by its index.html reading', () => {
    const p = parseRobotsTxt('user-agent: *\nallow: /*/index.html\nallow: /*/index.html\ndisallow: /\n');
    // `/a/index.html/` matches `/*/index.html` and also its reading `/*/$`.
    const v = evaluate(p, '/a/index.html/', 'anybot');
    expect(v.matches.map((m) => [m.line, m.pattern, m.viaIndexHtml])).toEqual([
      [2, '/*/index.html', false],
      [3, '/*/index.html', false],
      [4, '/', false],
    ]);
    // `/a/` matches only by that reading.
    expect(evaluate(p, '/a/', 'anybot').matches.map((m) => [m.line, m.pattern, m.viaIndexHtml])).toEqual([
      [2, '/*/$', true],
      [3, '/*/$', true],
      [4, '/', false],
    ]);
  });

  it('/robots.txt itself is always allowed (RFC 9309), and the reason says so', () => {
    const p = parseRobotsTxt('user-agent: *\ndisallow: /\n');
    const v = evaluate(p, 'http://e.com/robots.txt', 'bot');
    expect(v.allowed).toBe(true);
    expect(v.robotsTxtItself).toBe(true);
    expect(evaluate(p, 'http://e.com/robots.txt', 'bot', { robotsTxtAlwaysAllowed: false }).allowed).toBe(false);
    expect(createChecker(p, { tokens: ['bot'] }).decide('http://e.com/robots.txt')).toBe(0);
  });

  it('a bulk checker gives the same decisions as evaluate', () => {
    const p = parseRobotsTxt(GROUP_CHOICE);
    const c = createChecker(p, { tokens: ['Googlebot-Image', 'Googlebot'] });
    expect(c.decide('http://e.com/bot-only')).toBe(-8);
    expect(c.decide('http://e.com/news-only')).toBe(0);
  });
});

describe('docs/behaviour.md §12 Lines', () => {
  it('marks a line cut after 16,663 bytes and keeps the cut line', () => {
    const long = `disallow: /${'a'.repeat(MAX_LINE_BYTES)}`;
    const p = parseRobotsTxt(`user-agent: *\n${long}\nallow: /b\n`);
    const l = p.lines[1];
    expect(l.metadata.isLineTooLong).toBe(true);
    expect(l.cutAt).toBe(l.span.from + MAX_LINE_BYTES);
    expect(p.groups[0].rules[0].length).toBe(MAX_LINE_BYTES - 'disallow: '.length);
  });

  it('a comment starts at the first # even inside a value', () => {
    const p = parseRobotsTxt('user-agent: *\ndisallow: /a#b\n');
    expect(p.groups[0].rules[0].pattern).toBe('/a');
    expect(p.lines[1].comment).toEqual({ from: 26, to: 28 });
  });

  it('spans point at the key and the value in the text', () => {
    const text = '  User-Agent :  Googlebot/2.1  # main\n';
    const p = parseRobotsTxt(text);
    const l = p.lines[0];
    expect(text.slice(l.key!.from, l.key!.to)).toBe('User-Agent');
    expect(text.slice(l.value!.from, l.value!.to)).toBe('Googlebot/2.1');
    expect(p.groups[0].agents[0].productToken).toBe('Googlebot');
  });

  it('keys matched by prefix keep what follows the keyword', () => {
    const p = parseRobotsTxt('user-agents: a\nDisallowed: /x\n');
    expect(p.lines.map((l) => [l.kind, l.keySuffix])).toEqual([
      ['user-agent', 's'],
      ['disallow', 'ed'],
      ['blank', null],
    ]);
  });

  it('known unsupported keys are "other" with their canonical name', () => {
    const p = parseRobotsTxt('Crawl-Delay: 10\nNoindex: /x\nfoo: bar\n');
    expect(p.lines.slice(0, 3).map((l) => [l.kind, l.knownKey])).toEqual([
      ['other', 'crawl-delay'],
      ['other', 'noindex'],
      ['unknown', null],
    ]);
  });
});

describe('docs/behaviour.md §3 Google reads the first 500 KiB', () => {
  it('cuts at 512,000 bytes without splitting a character', () => {
    const text = `${'a'.repeat(511_999)}ツb`;
    const { text: kept, cutAt } = applyGoogleSizeLimit(text);
    expect(cutAt).toBe(511_999);
    expect(kept.length).toBe(511_999);
    expect(applyGoogleSizeLimit('small').cutAt).toBeNull();
  });
});

describe('request URLs: what a crawler requests (docs/behaviour.md §12 The URL)', () => {
  it('percent-encodes non-ASCII paths as UTF-8 with upper-case hex', () => {
    const r = toRequestUrl('https://example.com/ツ?q=é');
    expect(r.url).toBe('https://example.com/%E3%83%84?q=%C3%A9');
    expect(r.changed).toBe(true);
    expect(r.changes).toContain('non-ASCII characters percent-encoded as UTF-8');
  });

  it('converts an internationalised host to punycode', () => {
    const r = toRequestUrl('http://www.müller.eu/a');
    expect(r.url).toBe('http://www.xn--mller-kva.eu/a');
    expect(r.changes.some((c) => c.includes('punycode'))).toBe(true);
  });

  it('upper-cases percent-escapes and drops the fragment', () => {
    const r = toRequestUrl('/a%2fb#top');
    expect(r.url).toBe('/a%2Fb');
    expect(r.changes).toContain('fragment removed (crawlers do not send it)');
    expect(r.changes).toContain('percent-escapes upper-cased');
  });

  it('leaves a request-form URL unchanged', () => {
    const r = toRequestUrl('https://example.com/a/b?x=1');
    expect(r).toMatchObject({ url: 'https://example.com/a/b?x=1', changed: false, changes: [] });
  });

  it('reads host-only input with the scheme of the robots.txt URL', () => {
    expect(toRequestUrl('example.com/page', 'http://example.com/robots.txt').url).toBe('http://example.com/page');
  });

  it('rejects what is not a URL with a clear error', () => {
    expect(toRequestUrl('not a url').error).toBeTruthy();
    expect(toRequestUrl('http://exa mple.com/').error).toBeTruthy();
  });
});

describe('docs/behaviour.md §1 which URLs a robots.txt governs', () => {
  const cases: [string, string, boolean][] = [
    ['http://example.com/robots.txt', 'http://example.com/', true],
    ['http://example.com/robots.txt', 'http://example.com/folder/file', true],
    ['http://example.com/robots.txt', 'http://other.example.com/', false],
    ['http://example.com/robots.txt', 'https://example.com/', false],
    ['http://example.com/robots.txt', 'http://example.com:8181/', false],
    ['http://www.example.com/robots.txt', 'http://shop.www.example.com/', false],
    ['http://www.müller.eu/robots.txt', 'http://www.xn--mller-kva.eu/', true],
    ['http://www.müller.eu/robots.txt', 'http://www.muller.eu/', false],
    ['ftp://example.com/robots.txt', 'ftp://example.com/', true],
    ['ftp://example.com/robots.txt', 'http://example.com/', false],
    ['http://212.96.82.21/robots.txt', 'http://example.com/', false],
    ['http://example.com:80/robots.txt', 'http://example.com/', true],
    ['http://example.com:80/robots.txt', 'http://example.com:81/', false],
    ['http://example.com:8181/robots.txt', 'http://example.com/', false],
  ];
  for (const [robots, url, inScope] of cases) {
    it(`${robots} ${inScope ? 'governs' : 'does not govern'} ${url}`, () => {
      const s = checkScope(robots, url);
      expect(s.inScope).toBe(inScope);
      if (!inScope) expect(s.reason).not.toBe('');
    });
  }
  it('a robots.txt in a sub-directory is not a robots.txt at all', () => {
    expect(checkScope('http://example.com/folder/robots.txt', 'http://example.com/folder/x').inScope).toBe(false);
  });
});

describe('docs/behaviour.md §2 what the fetch result means', () => {
  it.each([
    [200, 'rules'],
    [301, 'allow-all'],
    [401, 'allow-all'],
    [403, 'allow-all'],
    [404, 'allow-all'],
    [500, 'disallow-all'],
    [503, 'disallow-all'],
    [0, 'disallow-all'],
  ] as const)('HTTP %i → %s', (status, mode) => {
    expect(fetchOutcome(status).mode).toBe(mode);
  });
});

describe('request URLs: the fast path for input already in request form', () => {
  // Every input the fast path accepts must come out exactly as the full
  // WHATWG path would produce it; compare on inputs near its edges.
  const inputs = [
    'https://example.com/a/b?x=1&y=%2F',
    'http://localhost/x',
    'https://www.xn--mller-kva.eu/',
    '/a/b/c?d=e',
    'https://example.com/a/./b',
    'https://example.com/a/%2e%2e/b',
    'https://example.com/%zz',
    'https://example.com/%2f',
    'https://EXAMPLE.com/',
    'https://example.com:443/',
    'http://1.2.3.4/',
    'http://0x7f.1/',
    "https://example.com/it's",
    'https://example.com/a b',
    'https://example.com/a|b^c',
    'https://example.com/a\\b',
    '//example.com/a',
  ];
  for (const input of inputs) {
    it(`${input} gives the same request URL as the full normalisation`, () => {
      const fast = toRequestUrl(input);
      const slow = toRequestUrl(`${input}#`);
      if (slow.error) expect(fast.error).toBeTruthy();
      else expect(fast.url).toBe(slow.url);
    });
  }
});

describe('parsed data survives serialisation', () => {
  it('a rule serialises to JSON with its text and pattern', () => {
    const rule = parseRobotsTxt('user-agent: *\ndisallow: /ツ*$\n').groups[0].rules[0];
    expect(JSON.parse(JSON.stringify(rule))).toEqual({
      kind: 'disallow',
      line: 2,
      raw: '/ツ*$',
      rawSpan: { from: 24, to: 28 },
      pattern: '/%E3%83%84*$',
      length: 12,
      group: 0,
    });
  });
});
