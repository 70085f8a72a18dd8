/**
 * The package's library entry (src/lib.ts) answers as a crawler is
 * answered: a User-Agent value is read for its product token, a checker's
 * result reads as it should in an `if`, and Googlebot's 500 KiB cap applies
 * to strings and bytes alike. Expected verdicts are written by hand.
 */
import { describe, expect, it } from 'vitest';
import { applyGoogleSizeLimit, crawlerToken, createChecker, evaluate, lintFile, parseRobotsTxt } from '../../src/lib';

const BLOCKS_GPTBOT = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n';

describe('an agent that is not a product token', () => {
  const parsed = parseRobotsTxt(BLOCKS_GPTBOT);
  const sent = [
    'GPTBot/1.0',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0; +https://openai.com/gptbot)',
    'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  ];
  for (const ua of sent) {
    it(`reads "${ua.slice(0, 40)}…" as GPTBot, which this file blocks`, () => {
      expect(evaluate(parsed, 'https://example.com/page', ua).allowed).toBe(false);
      expect(createChecker(parsed, { tokens: [ua] }).check('https://example.com/page')).toBe(false);
    });
  }

  it('matches the value literally with exactToken, as Google’s library does', () => {
    expect(evaluate(parsed, 'https://example.com/page', 'GPTBot/1.0', { exactToken: true }).allowed).toBe(true);
  });

  it('leaves a product token and a value with no Name/ as they are', () => {
    expect(crawlerToken('GPTBot')).toBe('GPTBot');
    expect(crawlerToken('Foo Bar')).toBe('Foo Bar');
    expect(crawlerToken('Googlebot/2.1 (+http://www.google.com/bot.html)')).toBe('Googlebot');
  });
});

describe('createChecker().check', () => {
  it('is true when allowed (with or without a rule) and false when blocked', () => {
    const c = createChecker(parseRobotsTxt('User-agent: *\nDisallow: /private\nAllow: /private/open\n'), {
      tokens: ['AnyBot'],
    });
    expect(c.check('https://example.com/elsewhere')).toBe(true);
    expect(c.check('https://example.com/private/open')).toBe(true);
    expect(c.check('https://example.com/private/x')).toBe(false);
    expect(c.decide('https://example.com/elsewhere')).toBe(0);
    expect(c.decide('https://example.com/private/x')).toBe(-2);
  });
});

describe("Googlebot's 500 KiB cap in the library", () => {
  // The Disallow starts after the first 512,000 bytes: Googlebot never reads it.
  const padding = `# ${'x'.repeat(600_000)}\n`;
  const text = `User-agent: *\n${padding}Disallow: /\n`;
  const bytes = new TextEncoder().encode(text);

  it('ignores rules past the cap in a string, a Uint8Array and a Buffer alike', () => {
    for (const input of [text, bytes, Buffer.from(bytes)]) {
      expect(evaluate(parseRobotsTxt(input), '/page', 'AnyBot').allowed).toBe(true);
    }
  });

  it('reads the whole file when asked', () => {
    expect(evaluate(parseRobotsTxt(text, { sizeLimit: false }), '/page', 'AnyBot').allowed).toBe(false);
    expect(evaluate(parseRobotsTxt(bytes, { sizeLimit: false }), '/page', 'AnyBot').allowed).toBe(false);
  });

  it('cuts bytes before a character that straddles the limit, as it cuts a string', () => {
    // 511,999 ASCII bytes, then ツ (3 bytes) across the limit.
    const s = `${'a'.repeat(511_999)}ツ`;
    const cutText = applyGoogleSizeLimit(s);
    const cutBytes = applyGoogleSizeLimit(Buffer.from(s));
    expect(cutText.cutAt).toBe(511_999);
    expect(cutBytes.cutAt).toBe(511_999);
    expect(cutBytes.bytes.length).toBe(511_999);
  });
});

describe("a file's diagnostics from its bytes", () => {
  it('names an HTML page served as robots.txt, and nothing else of it', () => {
    const page = new TextEncoder().encode('<!DOCTYPE html>\n<html><body>Sign in</body></html>\n');
    const found = lintFile('robots.txt', page);
    expect(found.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([['html-page', 'error', 1, 1]]);
  });

  it('places a byte that is not UTF-8 at its line and column', () => {
    const bytes = Uint8Array.from([...new TextEncoder().encode('User-agent: *\nDisallow: /caf'), 0xe9, 0x0a]);
    const bad = lintFile('robots.txt', bytes).find((d) => d.code === 'invalid-utf8');
    expect([bad?.line, bad?.column]).toEqual([2, 15]);
  });
});
