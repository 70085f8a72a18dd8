/**
 * The engine is exact to the byte (docs/behaviour.md §13): invalid UTF-8 in
 * a rule value, a second byte-order mark, a character cut by the 16,663-byte
 * line limit and a NUL in the URL path, with their neighbours. Every
 * expectation is written by hand from the reference's behaviour; the
 * byte-level model must give the same answers.
 */

import { describe, expect, it } from 'vitest';
import { evaluate, getPathParamsQuery, MAX_LINE_BYTES, parseRobotsTxt } from '../../src/core';
import { modelDecide } from '../model/reference-model';

/** Bytes from pieces: strings as UTF-8, numbers as raw bytes. */
function bytes(...pieces: (string | number[])[]): Uint8Array {
  const out: number[] = [];
  for (const p of pieces) out.push(...(typeof p === 'string' ? new TextEncoder().encode(p) : p));
  return Uint8Array.from(out);
}

interface Case {
  name: string;
  robots: Uint8Array;
  url: string;
  allowed: boolean;
  /** The deciding line, 0 when no rule decides. */
  line: number;
  /** The first rule's normalised pattern, when the case is about it. */
  pattern?: string;
}

const UA = 'user-agent: *\n';
const BOM = [0xef, 0xbb, 0xbf];
/** `disallow: /` and `a`s up to `bytes` bytes in all (the line limit counts the key too). */
const longRule = (bytesBeforeTail: number) => `disallow: /${'a'.repeat(bytesBeforeTail - 11)}`;
const as = (n: number) => 'a'.repeat(n - 11);

const CASES: Case[] = [
  // Invalid UTF-8 inside a rule value: the reference escapes the raw bytes.
  {
    name: 'a lone 0xFF blocks /%FF',
    robots: bytes(UA, 'disallow: /', [0xff], '\n'),
    url: 'http://a.com/%FF',
    allowed: false,
    line: 2,
    pattern: '/%FF',
  },
  {
    name: 'a lone 0xFF does not block the U+FFFD escape',
    robots: bytes(UA, 'disallow: /', [0xff], '\n'),
    url: 'http://a.com/%EF%BF%BD',
    allowed: true,
    line: 0,
  },
  {
    name: 'a truncated sequence keeps its byte, then ASCII',
    robots: bytes(UA, 'disallow: /', [0xc3], 'x\n'),
    url: '/%C3x',
    allowed: false,
    line: 2,
    pattern: '/%C3x',
  },
  {
    name: 'an overlong slash stays two bytes',
    robots: bytes(UA, 'allow: /', [0xc0, 0xaf], '\ndisallow: /\n'),
    url: '/%C0%AFz',
    allowed: true,
    line: 2,
    pattern: '/%C0%AF',
  },
  {
    name: 'an encoded surrogate stays three bytes',
    robots: bytes(UA, 'disallow: /', [0xed, 0xa0, 0x80], '\n'),
    url: '/%ED%A0%80',
    allowed: false,
    line: 2,
    pattern: '/%ED%A0%80',
  },
  {
    name: 'valid UTF-8 beside invalid bytes',
    robots: bytes(UA, 'disallow: /é', [0xfe], 'ツ\n'),
    url: '/%C3%A9%FE%E3%83%84',
    allowed: false,
    line: 2,
    pattern: '/%C3%A9%FE%E3%83%84',
  },
  {
    name: 'invalid bytes in a later line leave earlier ones as text',
    robots: bytes(UA, 'disallow: /é\n#', [0x80], '\n'),
    url: '/%C3%A9',
    allowed: false,
    line: 2,
    pattern: '/%C3%A9',
  },
  // The byte-order mark: skipped once, at the very start, a prefix too.
  { name: 'one BOM is skipped', robots: bytes(BOM, UA, 'disallow: /\n'), url: '/x', allowed: false, line: 2 },
  {
    name: 'a second BOM is part of the first key',
    robots: bytes(BOM, BOM, UA, 'disallow: /\n'),
    url: '/x',
    allowed: true,
    line: 0,
  },
  {
    name: 'a BOM prefix (two bytes) is skipped',
    robots: bytes([0xef, 0xbb], UA, 'disallow: /\n'),
    url: '/x',
    allowed: false,
    line: 2,
  },
  {
    name: 'a BOM then a BOM prefix: the prefix stays',
    robots: bytes(BOM, [0xef], UA, 'disallow: /\n'),
    url: '/x',
    allowed: true,
    line: 0,
  },
  {
    name: 'a BOM at the start of a later line stays',
    robots: bytes(UA, BOM, 'disallow: /\n'),
    url: '/x',
    allowed: true,
    line: 0,
  },
  // A character straddling the line limit keeps its first bytes.
  {
    name: 'é cut after its first byte',
    robots: bytes(UA, longRule(MAX_LINE_BYTES - 1), 'é\n'),
    url: `/${as(MAX_LINE_BYTES - 1)}%C3`,
    allowed: false,
    line: 2,
  },
  {
    name: 'é cut after its first byte does not need its second',
    robots: bytes(UA, longRule(MAX_LINE_BYTES - 1), 'é\n'),
    url: `/${as(MAX_LINE_BYTES - 1)}%C3%A9`,
    allowed: false,
    line: 2,
  },
  {
    name: 'é cut after its first byte is longer than the a-run',
    robots: bytes(UA, longRule(MAX_LINE_BYTES - 1), 'é\n'),
    url: `/${as(MAX_LINE_BYTES - 1)}`,
    allowed: true,
    line: 0,
  },
  {
    name: 'é that just fits is whole',
    robots: bytes(UA, longRule(MAX_LINE_BYTES - 2), 'é\n'),
    url: `/${as(MAX_LINE_BYTES - 2)}%C3`,
    allowed: true,
    line: 0,
  },
  {
    name: 'é after the limit is dropped',
    robots: bytes(UA, longRule(MAX_LINE_BYTES), 'é\n'),
    url: `/${as(MAX_LINE_BYTES)}`,
    allowed: false,
    line: 2,
  },
  {
    name: 'ツ cut after two bytes',
    robots: bytes(UA, longRule(MAX_LINE_BYTES - 2), 'ツ\n'),
    url: `/${as(MAX_LINE_BYTES - 2)}%E3%83`,
    allowed: false,
    line: 2,
  },
  {
    name: 'ツ cut after one byte',
    robots: bytes(UA, longRule(MAX_LINE_BYTES - 1), 'ツ\n'),
    url: `/${as(MAX_LINE_BYTES - 1)}%E3x`,
    allowed: false,
    line: 2,
  },
  {
    name: 'an emoji cut after three bytes',
    robots: bytes(UA, longRule(MAX_LINE_BYTES - 3), '😀\n'),
    url: `/${as(MAX_LINE_BYTES - 3)}%F0%9F%98`,
    allowed: false,
    line: 2,
  },
  {
    name: 'the cut keeps spaces before the kept bytes',
    robots: bytes(UA, longRule(MAX_LINE_BYTES - 3), '  é\n'),
    url: `/${as(MAX_LINE_BYTES - 3)}  %C3`,
    allowed: false,
    line: 2,
  },
  {
    name: 'an invalid byte run cut by the limit',
    robots: bytes(UA, longRule(MAX_LINE_BYTES - 1), [0xe3, 0x83], '\n'),
    url: `/${as(MAX_LINE_BYTES - 1)}%E3`,
    allowed: false,
    line: 2,
  },
  {
    name: 'an invalid byte run cut by the limit keeps one byte only',
    robots: bytes(UA, longRule(MAX_LINE_BYTES - 1), [0xe3, 0x83], '\nallow: /\n'),
    url: `/${as(MAX_LINE_BYTES - 1)}%E3%83`,
    allowed: false,
    line: 2,
  },
  // A NUL in the URL ends the path.
  {
    name: 'a NUL ends the path before an end anchor',
    robots: bytes(UA, 'disallow: /a$\n'),
    url: 'http://a.com/a\0b',
    allowed: false,
    line: 2,
  },
  {
    name: 'without the NUL the anchor does not match',
    robots: bytes(UA, 'disallow: /a$\n'),
    url: 'http://a.com/a%00b',
    allowed: true,
    line: 0,
  },
  {
    name: 'a NUL ends a query',
    robots: bytes(UA, 'allow: /x?$\ndisallow: /x\n'),
    url: 'http://a.com/x?\0y',
    allowed: true,
    line: 2,
  },
  {
    name: 'a NUL in the host leaves the path',
    robots: bytes(UA, 'disallow: /p$\n'),
    url: 'http://a\0b.com/p',
    allowed: false,
    line: 2,
  },
  {
    name: 'a NUL after the fragment changes nothing',
    robots: bytes(UA, 'disallow: /p$\n'),
    url: '/p#x\0y',
    allowed: false,
    line: 2,
  },
];

describe('verdicts on odd bytes agree with the reference (docs/behaviour.md §13)', () => {
  for (const c of CASES) {
    it(`engine: ${c.name}`, () => {
      const parsed = parseRobotsTxt(c.robots);
      const v = evaluate(parsed, c.url, 'FooBot', { robotsTxtAlwaysAllowed: false });
      expect({ allowed: v.allowed, line: v.rule?.line ?? 0 }).toEqual({ allowed: c.allowed, line: c.line });
      if (c.pattern !== undefined) expect(parsed.groups[0].rules[0].pattern).toBe(c.pattern);
    });
    it(`model: ${c.name}`, () => {
      const v = modelDecide(c.robots, c.url, 'FooBot');
      expect({ allowed: v.allowed, line: v.line }).toEqual({ allowed: c.allowed, line: c.line });
    });
  }
});

describe('text input behaves as its UTF-8 encoding (docs/behaviour.md §13)', () => {
  it('a string with two U+FEFF skips only the first', () => {
    const v = evaluate(parseRobotsTxt('\uFEFF\uFEFFuser-agent: *\ndisallow: /\n'), '/x', 'FooBot');
    expect(v.allowed).toBe(true);
    expect(evaluate(parseRobotsTxt('\uFEFFuser-agent: *\ndisallow: /\n'), '/x', 'FooBot').allowed).toBe(false);
  });

  it('a string line cut inside é keeps %C3', () => {
    const text = `user-agent: *\n${longRule(MAX_LINE_BYTES - 1)}é\n`;
    const parsed = parseRobotsTxt(text);
    expect(parsed.groups[0].rules[0].pattern.endsWith('a%C3')).toBe(true);
    expect(parsed.groups[0].rules[0].length).toBe(MAX_LINE_BYTES - 10 + 2);
    expect(parsed.lines[1].metadata.isLineTooLong).toBe(true);
  });

  it('a string line cut inside an emoji keeps its first bytes', () => {
    const parsed = parseRobotsTxt(`user-agent: *\n${longRule(MAX_LINE_BYTES - 2)}😀\n`);
    expect(parsed.groups[0].rules[0].pattern.endsWith('a%F0%9F')).toBe(true);
  });
});

describe('what stays decoded for display (docs/behaviour.md §13)', () => {
  it('invalid bytes show as U+FFFD in the text and in the rule as written', () => {
    const parsed = parseRobotsTxt(bytes(UA, 'disallow: /', [0xff], 'x\n'));
    expect(parsed.invalidUtf8).toBe(true);
    expect(parsed.groups[0].rules[0].raw).toBe('/\uFFFDx');
    expect(parsed.groups[0].rules[0].pattern).toBe('/%FFx');
    expect(parsed.byteLength).toBe(28);
  });

  it('spans after an invalid byte are character offsets of the decoded text', () => {
    const parsed = parseRobotsTxt(bytes(UA, 'disallow: /', [0xe3, 0x83], 'q\nallow: /z\n'));
    const rule = parsed.groups[0].rules[1];
    expect(parsed.text.slice(rule.rawSpan.from, rule.rawSpan.to)).toBe('/z');
    expect(parsed.groups[0].rules[0].pattern).toBe('/%E3%83q');
  });

  it('a BOM skipped from bytes is not in the text; one from a string is, at offset 0', () => {
    expect(parseRobotsTxt(bytes(BOM, 'user-agent: x')).text).toBe('user-agent: x');
    const fromString = parseRobotsTxt('\uFEFFuser-agent: x');
    expect(fromString.lines[0].span).toEqual({ from: 0, to: 14 });
    expect(fromString.lines[0].key?.text).toBe('user-agent');
  });
});

describe('the path a rule matches stops at a NUL (docs/behaviour.md §13)', () => {
  it.each([
    ['http://a.com/a\0b', '/a'],
    ['http://a.com/?\0', '/?'],
    ['http://a.com;\0x', '/;'],
    ['//h/\0', '/'],
    ['http://a\0.com/p?q', '/p?q'],
    ['/p#\0', '/p'],
    ['/p\0#x', '/p'],
  ])('%j → %j', (url, path) => {
    expect(getPathParamsQuery(url)).toBe(path);
  });
});
