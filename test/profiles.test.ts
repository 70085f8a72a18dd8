import { describe, expect, it } from 'vitest';
import { evaluateProfile, isValidUserAgentToObey, parseRobotsTxt } from '../src/core/index';
import { CRAWLER_CATEGORIES, CRAWLER_PROFILES, findProfile, nearCatalogueToken } from '../src/core/profiles';

describe('crawler profiles (docs/behaviour.md §5: a crawler is an ordered list of product tokens)', () => {
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

describe('crawler profiles in evaluation (docs/behaviour.md §5 example: groups googlebot-news, *, googlebot)', () => {
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

describe('the AI crawler catalogue (docs/behaviour.md §15)', () => {
  it('gives every profile a category, an honours-robots answer and a checked date or "unchecked"', () => {
    const categories = new Set(CRAWLER_CATEGORIES);
    for (const p of CRAWLER_PROFILES) {
      expect(categories.has(p.category), p.id).toBe(true);
      expect(['yes', 'partly', 'no', 'unstated'], p.id).toContain(p.honoursRobots);
      expect(p.checked === 'unchecked' || /^\d{4}-\d{2}-\d{2}$/.test(p.checked), p.id).toBe(true);
    }
  });

  it('lists the common AI tokens with the purpose their operators give', () => {
    const expected: Record<string, [string, string]> = {
      GPTBot: ['OpenAI', 'ai-training'],
      'OAI-SearchBot': ['OpenAI', 'ai-answers'],
      'ChatGPT-User': ['OpenAI', 'user-fetch'],
      ClaudeBot: ['Anthropic', 'ai-training'],
      'Claude-User': ['Anthropic', 'user-fetch'],
      'Claude-SearchBot': ['Anthropic', 'ai-answers'],
      PerplexityBot: ['Perplexity', 'ai-answers'],
      'Perplexity-User': ['Perplexity', 'user-fetch'],
      'Google-Extended': ['Google', 'control-token'],
      'Applebot-Extended': ['Apple', 'control-token'],
      CCBot: ['Common Crawl', 'ai-training'],
      Bytespider: ['ByteDance', 'ai-training'],
      'meta-externalagent': ['Meta', 'ai-training'],
      Amazonbot: ['Amazon', 'ai-answers'],
      'cohere-ai': ['Cohere', 'ai-training'],
      'MistralAI-Training': ['Mistral AI', 'ai-training'],
      'MistralAI-Index': ['Mistral AI', 'ai-answers'],
      'MistralAI-User': ['Mistral AI', 'user-fetch'],
      'Google-Agent': ['Google', 'user-fetch'],
      'Google-GeminiNotebook': ['Google', 'user-fetch'],
    };
    for (const [token, [operator, category]] of Object.entries(expected)) {
      const p = findProfile(token);
      expect([p?.operator, p?.category], token).toEqual([operator, category]);
    }
  });

  it("dates a check only where the operator's own site was read (hosts written by hand)", () => {
    const operatorSites: Record<string, string[]> = {
      Google: ['developers.google.com'],
      Microsoft: ['www.bing.com'],
      Apple: ['support.apple.com'],
      DuckDuckGo: ['duckduckgo.com'],
      Yandex: ['yandex.com'],
      Baidu: ['www.baidu.com'],
      OpenAI: ['developers.openai.com', 'help.openai.com'],
      Anthropic: ['support.claude.com'],
      'Common Crawl': ['commoncrawl.org'],
      Perplexity: ['docs.perplexity.ai'],
      Meta: ['developers.facebook.com'],
      Amazon: ['developer.amazon.com'],
      'Moonshot AI': ['www.kimi.com'],
      Diffbot: ['docs.diffbot.com'],
      'Mistral AI': ['docs.mistral.ai'],
    };
    const dated = CRAWLER_PROFILES.filter((p) => p.checked !== 'unchecked');
    expect(dated.length).toBe(43);
    for (const p of dated) expect(operatorSites[p.operator] ?? [], p.id).toContain(new URL(p.source).host);
    const unchecked = CRAWLER_PROFILES.filter((p) => p.checked === 'unchecked').map((p) => p.id);
    expect(unchecked.sort()).toEqual(['anthropic-ai', 'applebot', 'applebot-extended', 'bytespider', 'cohere-ai']);
  });

  it("says Google's special-case crawlers obey only groups naming them", () => {
    for (const id of ['apis-google', 'adsbot-google', 'adsbot-google-mobile', 'mediapartners-google']) {
      const p = findProfile(id);
      expect([p?.honoursRobots, p?.ignoresGlobal], id).toEqual(['partly', true]);
    }
    expect(findProfile('googlebot')?.honoursRobots).toBe('yes');
  });

  it('names, for each control token, the crawler whose fetches it governs', () => {
    expect(findProfile('google-extended')?.controls).toBe('googlebot');
    expect(findProfile('applebot-extended')?.controls).toBe('applebot');
    for (const p of CRAWLER_PROFILES.filter((x) => x.controls))
      expect(findProfile(p.controls ?? ''), p.id).toBeDefined();
  });
});

describe('nearCatalogueToken: the real token for a misspelt one', () => {
  it('corrects a stray hyphen, a dropped operator prefix and a one-letter slip', () => {
    expect(nearCatalogueToken('Claude-Bot')).toBe('ClaudeBot');
    expect(nearCatalogueToken('CloudVertexBot')).toBe('Google-CloudVertexBot');
    expect(nearCatalogueToken('GTPBot')).toBe('GPTBot');
    expect(nearCatalogueToken('PerplexityBott')).toBe('PerplexityBot');
  });

  it('leaves real tokens, in any case, and unrelated names alone', () => {
    expect(nearCatalogueToken('claudebot')).toBeNull();
    expect(nearCatalogueToken('Google-Extended')).toBeNull();
    expect(nearCatalogueToken('MyShopCrawler')).toBeNull();
    expect(nearCatalogueToken('Slurp')).toBeNull();
  });
});
