import { describe, expect, it } from 'vitest';
import { evaluateProfile, isValidUserAgentToObey, parseRobotsTxt } from '../src/core/index';
import { CRAWLER_PROFILES, findProfile } from '../src/core/profiles';

describe('crawler profiles (SPEC §5: a crawler is an ordered list of product tokens)', () => {
  it('gives every profile at least one token, and every token is a valid product token', () => {
    for (const p of CRAWLER_PROFILES) {
      expect(p.tokens.length, p.id).toBeGreaterThan(0);
      for (const t of p.tokens) expect(isValidUserAgentToObey(t), `${p.id}: ${t}`).toBe(true);
    }
  });

  it('has unique lower-case ids and unique names', () => {
    const ids = CRAWLER_PROFILES.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toBe(id.toLowerCase());
    const names = CRAWLER_PROFILES.map((p) => p.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('never repeats a token within one profile', () => {
    for (const p of CRAWLER_PROFILES) {
      const lower = p.tokens.map((t) => t.toLowerCase());
      expect(new Set(lower).size, p.id).toBe(lower.length);
    }
  });

  it('cites an https source, an operator and a purpose for every profile', () => {
    for (const p of CRAWLER_PROFILES) {
      expect(new URL(p.source).protocol, p.id).toBe('https:');
      expect(p.operator.length, p.id).toBeGreaterThan(0);
      expect(p.purpose.length, p.id).toBeGreaterThan(0);
    }
  });

  it('makes Googlebot-Image, -News and -Video fall back to the googlebot group', () => {
    for (const id of ['googlebot-image', 'googlebot-news', 'googlebot-video']) {
      const p = findProfile(id)!;
      expect(p.tokens.map((t) => t.toLowerCase())).toEqual([id, 'googlebot']);
      expect(p.ignoresGlobal).toBe(false);
    }
  });

  it('makes AdsBot-Google, AdsBot-Google-Mobile, APIs-Google and Mediapartners-Google ignore the * group', () => {
    for (const id of ['adsbot-google', 'adsbot-google-mobile', 'apis-google', 'mediapartners-google']) {
      expect(findProfile(id)?.ignoresGlobal, id).toBe(true);
    }
  });

  it('lets only special-case crawlers ignore the * group', () => {
    const ignoring = CRAWLER_PROFILES.filter((p) => p.ignoresGlobal)
      .map((p) => p.id)
      .sort();
    expect(ignoring).toEqual(['adsbot-google', 'adsbot-google-mobile', 'apis-google', 'mediapartners-google']);
  });

  it('covers the major search engines and AI crawlers', () => {
    for (const name of [
      'Googlebot',
      'Bingbot',
      'Applebot',
      'DuckDuckBot',
      'YandexBot',
      'Baiduspider',
      'GPTBot',
      'OAI-SearchBot',
      'ChatGPT-User',
      'ClaudeBot',
      'Claude-User',
      'Claude-SearchBot',
      'CCBot',
      'PerplexityBot',
      'Google-Extended',
      'Applebot-Extended',
      'meta-externalagent',
      'Amazonbot',
      'Bytespider',
    ]) {
      expect(findProfile(name), name).toBeDefined();
    }
  });

  it('finds a profile case-insensitively by id, name or first token', () => {
    expect(findProfile('GOOGLEBOT-IMAGE')?.id).toBe('googlebot-image');
    expect(findProfile('  gptbot ')?.name).toBe('GPTBot');
    expect(findProfile('BINGBOT')?.id).toBe('bingbot');
  });

  it('finds nothing for an unknown name or the empty string', () => {
    expect(findProfile('NoSuchBot')).toBeUndefined();
    expect(findProfile('')).toBeUndefined();
  });
});

describe('crawler profiles in evaluation (SPEC §5 example: groups googlebot-news, *, googlebot)', () => {
  const robots = parseRobotsTxt(
    'user-agent: googlebot-news\ndisallow: /news-only\n\nuser-agent: *\ndisallow: /star-only\n\nuser-agent: googlebot\ndisallow: /google-only\n',
  );
  const blockedBy = (id: string, path: string) => {
    const v = evaluateProfile(robots, `https://example.com${path}`, findProfile(id)!);
    return v.allowed ? null : (v.rule?.line ?? null);
  };

  it('lets Googlebot-News obey only its own group', () => {
    expect(blockedBy('googlebot-news', '/news-only')).toBe(2);
    expect(blockedBy('googlebot-news', '/google-only')).toBeNull();
  });

  it('makes Googlebot-Image obey the googlebot group when no googlebot-image group exists', () => {
    expect(blockedBy('googlebot-image', '/google-only')).toBe(8);
    expect(blockedBy('googlebot-image', '/star-only')).toBeNull();
  });

  it('makes AdsBot-Google ignore the * group', () => {
    expect(blockedBy('adsbot-google', '/star-only')).toBeNull();
    expect(blockedBy('gptbot', '/star-only')).toBe(5);
  });

  it('makes Applebot follow the googlebot group when no group names Applebot', () => {
    expect(blockedBy('applebot', '/google-only')).toBe(8);
  });
});
