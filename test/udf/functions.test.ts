/**
 * The UDF file's contract beyond verdicts, in a bare ECMAScript context:
 * SQL NULLs and wrong types give an error value (never a throw, which would
 * fail the query), the request-form step either matches the engine or says
 * the context lacks the URL class, stamps carry the version and a SHA-256
 * that node:crypto confirms, and `rules` lists what a table function needs.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, parseRobotsTxt, toRequestUrl } from '../../src/core';
import { bareContext, buildUdfText, inContext, PACKAGE_VERSION } from './bare';

let udf: string;
let bare: object;

beforeAll(async () => {
  udf = await buildUdfText();
  bare = bareContext(udf);
}, 60_000);

const ROBOTS =
  'User-agent: *\nDisallow: /private\n\nUser-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\nAllow: /public$\n';

const check = (context: object, args: unknown[]) =>
  inContext<Record<string, unknown>>(context, 'robotsLab.check(...input)', args);

describe('check: one row, never a throw', () => {
  it('gives the verdict, the deciding line and rule as written, and the obeyed group', () => {
    expect(check(bare, [ROBOTS, 'https://example.com/private/x', 'Googlebot'])).toEqual({
      allowed: false,
      line: 2,
      rule: 'Disallow: /private',
      groupLine: 1,
      error: null,
    });
    expect(check(bare, [ROBOTS, 'https://example.com/public', 'CCBot'])).toEqual({
      allowed: true,
      line: 7,
      rule: 'Allow: /public$',
      groupLine: 4,
      error: null,
    });
  });

  it('gives no line and no rule when nothing decides, and no group when none applies', () => {
    expect(check(bare, [ROBOTS, '/open', 'Googlebot'])).toMatchObject({
      allowed: true,
      line: null,
      rule: null,
      groupLine: 1,
    });
    expect(check(bare, ['User-agent: a\nDisallow: /\n', '/x', 'b'])).toMatchObject({ allowed: true, groupLine: null });
  });

  it.each([
    [[null, '/x', 'a'], 'robots_txt is NULL'],
    [[ROBOTS, null, 'a'], 'url is NULL'],
    [[ROBOTS, '/x', null], 'user_agent is NULL'],
    [[undefined, '/x', 'a'], 'robots_txt is NULL'],
    [[42, '/x', 'a'], 'robots_txt must be text or bytes, not number'],
    [[ROBOTS, 7, 'a'], 'url must be text, not number'],
    [[ROBOTS, '/x', 'a', { base64: true }], 'robots_txt is not base64'],
  ])('%j gives a NULL verdict with the error %j', (args, error) => {
    expect(check(bare, args)).toEqual({ allowed: null, line: null, rule: null, groupLine: null, error });
  });
});

describe('check with requestForm', () => {
  const typed = [
    '/caf\u00e9?q=a b',
    'https://EXAMPLE.com:443/a/../private',
    'https://b\u00fccher.example/private',
    '/x#frag',
  ];
  const crawlerForm = ['https://example.com/private/a?b=1', '/public', '/%C3%A9t%C3%A9'];

  it('without the URL class: a URL already in request form is judged, any other gives an error naming URL', () => {
    for (const url of crawlerForm) {
      const expected = evaluate(parseRobotsTxt(ROBOTS), url, 'GPTBot');
      expect(check(bare, [ROBOTS, url, 'GPTBot', { requestForm: true }])).toMatchObject({
        allowed: expected.allowed,
        error: null,
      });
    }
    for (const url of typed) {
      const row = check(bare, [ROBOTS, url, 'Googlebot', { requestForm: true }]);
      expect(row.allowed, url).toBeNull();
      expect(row.error, url).toMatch(/^requestForm: this JavaScript context has no URL class/);
    }
  });

  it("with the platform's URL class: the engine's request form and verdict", () => {
    const withUrl = bareContext(udf, { URL });
    for (const url of [...typed, ...crawlerForm]) {
      const request = toRequestUrl(url);
      const expected = evaluate(parseRobotsTxt(ROBOTS), request.url, 'Googlebot');
      expect(check(withUrl, [ROBOTS, url, 'Googlebot', { requestForm: true }]), url).toMatchObject({
        allowed: expected.allowed,
        line: expected.rule?.line ?? null,
        error: null,
      });
    }
    expect(check(withUrl, [ROBOTS, 'not a url', 'a', { requestForm: true }]).error).toBe(
      'url: not a URL or a path starting with /',
    );
  });
});

describe('stamps', () => {
  it('carry the package version and the SHA-256 of the robots.txt that decided', () => {
    const row = check(bare, [ROBOTS, '/x', 'a', { stamp: true }]);
    expect(row.version).toBe(PACKAGE_VERSION);
    expect(row.sha256).toBe(createHash('sha256').update(ROBOTS, 'utf8').digest('hex'));
    expect(check(bare, [ROBOTS, '/x', 'a'])).not.toHaveProperty('sha256');
  });

  it('hash any text as node:crypto hashes its UTF-8 (astral characters and lone surrogates included)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const ours = inContext<string>(bare, 'robotsLab.sha256(input)', text);
        expect(ours).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      }),
      { numRuns: 150 },
    );
  });

  it('hash bytes as they are, and NULL as NULL', () => {
    const bytes = [0xef, 0xbb, 0xbf, 0xff, 0x00, 0x41];
    expect(inContext(bare, 'robotsLab.sha256(new Uint8Array(input))', bytes)).toBe(
      createHash('sha256').update(Buffer.from(bytes)).digest('hex'),
    );
    expect(inContext(bare, 'robotsLab.sha256(null)', null)).toBeNull();
    expect(inContext(bare, 'robotsLab.version()', null)).toBe(PACKAGE_VERSION);
  });
});

describe('rules: the rows of a table function', () => {
  it('lists each group rule with its group, product tokens, line, kind and pattern as written', () => {
    const text =
      'Disallow: /orphan\nUser-agent: *\nDisallow: /private # why\n\nUser-agent: GPTBot/1.1\nUser-agent: CCBot\nAllow: /caf\u00e9\n';
    expect(inContext(bare, 'robotsLab.rules(input)', text)).toEqual([
      { group: 1, agents: ['*'], line: 3, kind: 'disallow', pattern: '/private' },
      { group: 2, agents: ['GPTBot', 'CCBot'], line: 7, kind: 'allow', pattern: '/caf\u00e9' },
    ]);
  });

  it('gives no rows for NULL', () => {
    expect(inContext(bare, 'robotsLab.rules(null)', null)).toEqual([]);
  });
});
