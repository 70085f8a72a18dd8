/**
 * Who asked: user agents as crawlers write them (the strings are the
 * operators' published examples), matched to the catalogue by product token.
 */
import { describe, expect, it } from 'vitest';
import { AgentIdentifier } from '../../src/core/logs/agents';
import { DistinctCounter } from '../../src/core/logs/distinct';
import { addCrawlerRanges, IpRanges } from '../../src/core/logs/ipRanges';

describe('identifying the crawler a user agent names', () => {
  const id = new AgentIdentifier();
  const key = (ua: string) => id.identify(ua)?.key ?? null;

  it('finds a catalogue crawler by its product token anywhere in the string', () => {
    expect(key('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe('googlebot');
    expect(key('Googlebot-Image/1.0')).toBe('googlebot-image');
    expect(
      key('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.3; +https://openai.com/gptbot)'),
    ).toBe('gptbot');
    expect(
      key(
        'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)',
      ),
    ).toBe('adsbot-google-mobile');
  });

  it('marks user-triggered fetchers, which are reported apart', () => {
    expect(
      id.identify('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0')?.userTriggered,
    ).toBe(true);
    expect(id.identify('Mozilla/5.0 (compatible; ClaudeBot/1.0)')?.userTriggered).toBe(false);
  });

  it("names Mistral's and Google's 2026 fetchers from the strings their pages publish", () => {
    const who = (ua: string) => {
      const c = id.identify(ua);
      return c && [c.key, c.userTriggered];
    };
    const mistral = (token: string) =>
      `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ${token}/1.0; +https://docs.mistral.ai/robots)`;
    expect(who(mistral('MistralAI-User'))).toEqual(['mistralai-user', true]);
    expect(who(mistral('MistralAI-Index'))).toEqual(['mistralai-index', false]);
    expect(who(mistral('MistralAI-Training'))).toEqual(['mistralai-training', false]);
    expect(
      who(
        'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-Agent; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-agent) Chrome/W.X.Y.Z Safari/537.36',
      ),
    ).toEqual(['google-agent', true]);
    expect(
      who(
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36 (compatible; Google-GeminiNotebook; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-gemininotebook)',
      ),
    ).toEqual(['google-gemininotebook', true]);
  });

  it('keeps an unknown bot under its own token, and a non-browser client under its first product', () => {
    expect(id.identify('Mozilla/5.0 (compatible; SuperCrawler2/3.1; +https://x.example)')).toMatchObject({
      key: 'token:supercrawler2',
      label: 'SuperCrawler2',
      tokens: ['SuperCrawler'],
      profile: null,
    });
    expect(id.identify('curl/8.5.0')).toMatchObject({ key: 'token:curl', tokens: ['curl'] });
  });

  it('takes a browser for no crawler', () => {
    expect(
      id.identify(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBeNull();
    expect(id.identify('')).toBeNull();
  });
});

describe('published IP ranges', () => {
  it("reads Google's prefixes file and finds addresses in its IPv4 and IPv6 ranges", () => {
    const r = new IpRanges();
    const n = r.addJson(
      JSON.stringify({
        creationTime: '2026-11-20T15:46:03.000000',
        prefixes: [{ ipv6Prefix: '2001:4860:4801:10::/64' }, { ipv4Prefix: '66.249.64.0/27' }],
      }),
    );
    expect(n).toBe(2);
    expect(r.has('66.249.64.31')).toBe(true);
    expect(r.has('66.249.64.32')).toBe(false);
    expect(r.has('2001:4860:4801:10:0:0:0:1')).toBe(true);
    expect(r.has('2001:4860:4801:11::1')).toBe(false);
    expect(r.has('::ffff:66.249.64.1')).toBe(true);
    expect(r.has('not an address')).toBe(false);
  });

  it('reads a plain list of addresses and ranges too', () => {
    const r = new IpRanges();
    expect(r.addJson('["57.152.72.128", "51.8.253.152/30", "creationTime"]')).toBe(2);
    expect(r.has('57.152.72.128')).toBe(true);
    expect(r.has('51.8.253.155')).toBe(true);
    expect(r.has('51.8.253.156')).toBe(false);
  });

  it('reads IPv6 short forms as the full address, and refuses malformed addresses', () => {
    const one = new IpRanges();
    expect(one.addJson('["2001:db8::1/128", "::/128"]')).toBe(2);
    expect(one.has('2001:0db8:0:0:0:0:0:1')).toBe(true);
    expect(one.has('2001:db8::2')).toBe(false);
    expect(one.has('0:0:0:0:0:0:0:0')).toBe(true);
    expect(one.has('::1')).toBe(false);
    const everything = new IpRanges();
    expect(everything.addJson('["::/0", "0.0.0.0/0", "1::2::3", "256.1.1.1"]')).toBe(2);
    expect(everything.has('1::2')).toBe(true);
    expect(everything.has('1::2::3')).toBe(false);
    expect(everything.has('255.1.1.1')).toBe(true);
    expect(everything.has('256.1.1.1')).toBe(false);
  });

  it('adds a ranges file to each crawler it names, and refuses one that is not JSON or holds no address', () => {
    const byCrawler = new Map<string, IpRanges>();
    addCrawlerRanges(byCrawler, ['googlebot', 'googlebot-image'], 'google.json', '["66.249.64.0/27"]');
    addCrawlerRanges(byCrawler, ['googlebot'], 'more.json', '["192.0.2.1"]');
    expect(byCrawler.get('googlebot')?.has('192.0.2.1')).toBe(true);
    expect(byCrawler.get('googlebot-image')?.has('66.249.64.1')).toBe(true);
    expect(() => addCrawlerRanges(byCrawler, ['gptbot'], 'gptbot.json', '{"prefixes": [')).toThrow(
      /^gptbot\.json is not JSON: /,
    );
    expect(() => addCrawlerRanges(byCrawler, ['gptbot'], 'gptbot.json', '{"prefixes": []}')).toThrow(
      'gptbot.json holds no IP addresses or ranges',
    );
    expect(byCrawler.has('gptbot')).toBe(false);
  });
});

describe('distinct paths in bounded memory', () => {
  it('counts exactly while small', () => {
    const c = new DistinctCounter();
    for (const p of ['/a', '/b', '/a', '/c']) c.add(p);
    expect([c.count, c.estimated]).toEqual([3, false]);
  });

  it('estimates within 5% past its exact limit', () => {
    const c = new DistinctCounter();
    for (let i = 0; i < 200_000; i++) c.add(`/p/${i}`);
    for (let i = 0; i < 50_000; i++) c.add(`/p/${i}`);
    expect(c.estimated).toBe(true);
    expect(Math.abs(c.count - 200_000) / 200_000).toBeLessThan(0.05);
  });
});
