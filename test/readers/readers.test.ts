/**
 * Every reader behaviour, each test naming its source:
 * - RFC 9309: https://www.rfc-editor.org/rfc/rfc9309
 * - Bing: Frédéric Dubut (Bing) on a bingbot section; the rest is RFC 9309's reading (docs/readers.md)
 * - Yandex: yandex.com/support/webmaster, "User-agent directive", "Disallow and Allow directives",
 *   "Robots.txt parsing errors"
 * - 1994: robotstxt.org/orig.html, docs/behaviour.md §11
 * Expected verdicts are written by hand from those texts.
 */
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/core/index';
import { type ReaderVerdict, readAll } from '../../src/core/readers/index';

function strip(lines: string[], url: string, tokens: string[]) {
  return readAll(parseRobotsTxt(lines.join('\n')), url, { tokens });
}

/** reader → "allowed|blocked line" */
const brief = (all: ReaderVerdict[]) =>
  Object.fromEntries(all.map((r) => [r.reader, `${r.allowed ? 'allowed' : 'blocked'} ${r.line ?? '-'}`]));
const why = (all: ReaderVerdict[], reader: string) => all.find((r) => r.reader === reader)!.why;

describe('readers agree where the texts agree', () => {
  it('longest match wins, allow on a tie (RFC 9309 §2.2.2; Yandex "Combining directives")', () => {
    const all = strip(['User-agent: *', 'Allow: /p', 'Disallow: /'], '/page', ['SomeBot']);
    expect(brief(all)).toEqual({
      google: 'allowed 2',
      rfc9309: 'allowed 2',
      bing: 'allowed 2',
      yandex: 'allowed 2',
      // 1994: no Allow lines; Disallow: / blocks everything.
      legacy1994: 'blocked 3',
    });
    expect(all.filter((r) => r.agreesWithGoogle).map((r) => r.reader)).toEqual(['google', 'rfc9309', 'bing', 'yandex']);
    expect(why(all, 'rfc9309')).toEqual([]);
  });

  it('on a tie allow wins, wherever the lines stand (RFC 9309 §2.2.2; Yandex "Combining directives")', () => {
    const all = strip(['User-agent: *', 'Disallow: /folder', 'Allow: /folder'], '/folder/page', ['SomeBot']);
    expect(brief(all)).toMatchObject({
      google: 'allowed 3',
      rfc9309: 'allowed 3',
      bing: 'allowed 3',
      yandex: 'allowed 3',
    });
  });

  it('/robots.txt itself is allowed by every reader (RFC 9309 §2.2.2)', () => {
    const all = strip(['User-agent: *', 'Disallow: /'], '/robots.txt', ['x']);
    expect(all.every((r) => r.allowed)).toBe(true);
  });

  it('Bing: a bingbot section replaces the * section (Dubut, Bing)', () => {
    const all = strip(['User-agent: *', 'Disallow: /a', '', 'User-agent: bingbot', 'Disallow: /b'], '/a', ['bingbot']);
    expect(brief(all).bing).toBe('allowed -');
    expect(why(all, 'bing')).toEqual([]);
  });
});

describe('RFC 9309 read literally (and Bing, which borrows its reading)', () => {
  it('typo key "dissallow" is not accepted (§2.2: the keys are user-agent, allow, disallow)', () => {
    const all = strip(['User-agent: *', 'Dissallow: /private'], '/private/x', ['SomeBot']);
    expect(brief(all)).toMatchObject({ google: 'blocked 2', rfc9309: 'allowed -', bing: 'allowed -' });
    expect(why(all, 'rfc9309')).toEqual(['RFC 9309: typo key "Dissallow" not accepted']);
    expect(why(all, 'bing')).toEqual(['Bing: typo key "Dissallow" not accepted']);
  });

  it('a key that only starts with "disallow" is not the key (§2.2)', () => {
    const all = strip(['User-agent: *', 'Disallowed: /x'], '/x', ['SomeBot']);
    expect(brief(all).rfc9309).toBe('allowed -');
    expect(why(all, 'rfc9309')).toEqual(['RFC 9309: "Disallowed" is not the key "disallow", so the line is not read']);
  });

  it('a line without ":" is not a rule (§2.2 grammar)', () => {
    const all = strip(['User-agent: *', 'Disallow /x'], '/x', ['SomeBot']);
    expect(brief(all)).toMatchObject({ google: 'blocked 2', rfc9309: 'allowed -' });
    expect(why(all, 'rfc9309')).toEqual(['RFC 9309: "Disallow /x" has no ":" after the key, so it is not read']);
  });

  it('a path pattern starts with "/" (§2.2 grammar: path-pattern = "/" …); Google also reads "*…"', () => {
    const all = strip(['User-agent: *', 'Disallow: *.php'], '/a.php', ['SomeBot']);
    expect(brief(all)).toMatchObject({ google: 'blocked 2', rfc9309: 'allowed -', yandex: 'blocked 2' });
    expect(why(all, 'rfc9309')).toEqual(['RFC 9309: "*.php" does not start with "/", so the rule is not read']);
  });

  it('the user-agent value is the product token, compared whole (§2.2.1)', () => {
    const all = strip(['User-agent: Googlebot/2.1', 'Disallow: /g', '', 'User-agent: *', 'Disallow: /s'], '/g', [
      'Googlebot',
    ]);
    expect(brief(all)).toMatchObject({ google: 'blocked 2', rfc9309: 'allowed -' });
    expect(why(all, 'rfc9309')).toEqual([
      'RFC 9309: "Googlebot/2.1" does not name Googlebot (Google compares only the leading product token)',
    ]);
  });

  it('a percent-encoded unreserved character is decoded before comparing (§2.2.2): %62 is b', () => {
    const all = strip(['User-agent: *', 'Disallow: /%62ar'], '/bar', ['SomeBot']);
    expect(brief(all)).toMatchObject({ google: 'allowed -', rfc9309: 'blocked 2', yandex: 'allowed -' });
    expect(why(all, 'rfc9309')).toEqual([
      'RFC 9309: percent-escapes of unreserved characters are decoded before comparing',
    ]);
  });

  it('escapes of unreserved characters in the URL are decoded too (§2.2.2): /%62ar is /bar', () => {
    const all = strip(['User-agent: *', 'Disallow: /bar'], '/%62ar', ['SomeBot']);
    expect(brief(all)).toMatchObject({ google: 'allowed -', rfc9309: 'blocked 2' });
    expect(why(all, 'rfc9309')).toEqual([
      'RFC 9309: percent-escapes of unreserved characters are decoded before comparing',
    ]);
  });

  it('only Google reads Allow: /d/index.html as allowing /d/ (Google-specific; not in §2.2.2)', () => {
    const all = strip(['User-agent: *', 'Disallow: /d/', 'Allow: /d/index.html'], '/d/', ['SomeBot']);
    expect(brief(all)).toMatchObject({ google: 'allowed 3', rfc9309: 'blocked 2' });
    expect(why(all, 'rfc9309')).toEqual([
      'RFC 9309: only Google reads "/d/index.html" as also allowing the directory itself',
    ]);
  });
});

describe('Yandex', () => {
  it('a blank line ends the group: a rule after it has no User-agent in front ("Disallow and Allow directives" note; "Robots.txt parsing errors")', () => {
    const all = strip(['User-agent: *', '', 'Disallow: /x'], '/x/1', ['SomeBot']);
    expect(brief(all)).toMatchObject({ google: 'blocked 3', yandex: 'allowed -', rfc9309: 'blocked 3' });
    expect(why(all, 'yandex')).toEqual(['Yandex: the blank line 2 ends the group, so line 3 belongs to no group']);
  });

  it('"User-agent: Yandex" serves every Yandex robot, and then * is ignored ("User-agent directive")', () => {
    const file = ['User-agent: Yandex', 'Disallow: /a', '', 'User-agent: *', 'Disallow: /b'];
    const a = strip(file, '/a', ['YandexBot']);
    expect(brief(a)).toMatchObject({ google: 'allowed -', yandex: 'blocked 2' });
    expect(why(a, 'yandex')).toEqual([
      'Yandex: "User-agent: Yandex" serves every Yandex robot that no group names itself',
    ]);
    const b = strip(file, '/b', ['YandexBot']);
    expect(brief(b)).toMatchObject({ google: 'blocked 5', yandex: 'allowed -' });
  });

  it('a group naming the robot itself wins over "User-agent: Yandex" ("User-agent directive" example)', () => {
    const file = ['User-agent: YandexBot', 'Disallow: /*id=', '', 'User-agent: Yandex', 'Disallow: /*sid='];
    // YandexBot obeys only its own group; the other Yandex robots obey the Yandex group.
    expect(brief(strip(file, '/p?id=1', ['YandexBot'])).yandex).toBe('blocked 2');
    expect(brief(strip(file, '/p?id=1', ['YandexImages'])).yandex).toBe('allowed -');
    expect(brief(strip(file, '/p?sid=1', ['YandexImages'])).yandex).toBe('blocked 5');
  });

  it('rules may start with "*" ("Robots.txt parsing errors": a rule starts with / or *)', () => {
    expect(brief(strip(['User-agent: *', 'Disallow: *.php'], '/a.php', ['x'])).yandex).toBe('blocked 2');
  });
});

describe('the 1994 convention (docs/behaviour.md §11)', () => {
  it('no Allow lines, first match wins', () => {
    const all = strip(['User-agent: *', 'Disallow: /private', 'Allow: /private/public'], '/private/public/a', ['x']);
    expect(brief(all)).toMatchObject({ google: 'allowed 3', legacy1994: 'blocked 2' });
    expect(why(all, 'legacy1994')).toEqual(['1994: no Allow lines, first match wins (line 3 is not read)']);
  });

  it('no wildcards: Disallow: *.cgi matches nothing useful', () => {
    const all = strip(['User-agent: *', 'Disallow: /*.cgi'], '/a.cgi', ['x']);
    expect(brief(all)).toMatchObject({ google: 'blocked 2', legacy1994: 'allowed -' });
    expect(why(all, 'legacy1994')).toEqual(['1994: no wildcards, "*" and "$" are plain characters']);
  });

  it('a blank line ends a record: the StackRambler example', () => {
    const file = ['user-agent: StackRambler', 'disallow: /alt', 'disallow: /mac', '', 'disallow: /koi'];
    const all = strip(file, '/koi8', ['StackRambler']);
    expect(brief(all)).toMatchObject({ google: 'blocked 5', rfc9309: 'blocked 5', legacy1994: 'allowed -' });
    expect(why(all, 'legacy1994')).toEqual(['1994: the blank line 4 ends the group, so line 5 belongs to no group']);
  });

  it('a robot uses the first record that names it; Google merges', () => {
    const file = ['User-agent: googlebot', 'Disallow: /a', '', 'User-agent: googlebot', 'Disallow: /b'];
    const all = strip(file, '/b', ['Googlebot']);
    expect(brief(all)).toMatchObject({ google: 'blocked 5', legacy1994: 'allowed -' });
    expect(why(all, 'legacy1994')).toEqual([
      '1994: a robot obeys only the first record that names it; Google merges them',
    ]);
  });

  it('the robot name is matched as a case-insensitive substring, without version', () => {
    const all = strip(['User-agent: googlebot/1.0', 'Disallow: /a'], '/a', ['Googlebot-Image']);
    expect(brief(all)).toMatchObject({ google: 'allowed -', legacy1994: 'blocked 2' });
  });
});

describe('where readers disagree, over a list', () => {
  it('streams only the URLs whose verdicts are not all the same', () => {
    const parsed = parseRobotsTxt(['User-agent: *', 'Disallow: /private', 'Allow: /private/public'].join('\n'));
    const urls = ['/', '/private/x', '/private/public/y'];
    const out = urls
      .map((url) => ({ url, verdicts: readAll(parsed, url, { tokens: ['x'] }) }))
      .filter(({ verdicts }) => verdicts.some((v) => v.allowed !== verdicts[0].allowed));
    // Only the Allow line splits the readers (1994 has no Allow).
    expect(out.map((d) => d.url)).toEqual(['/private/public/y']);
    expect(out[0].verdicts.filter((v) => !v.allowed).map((v) => v.reader)).toEqual(['legacy1994']);
  });
});
