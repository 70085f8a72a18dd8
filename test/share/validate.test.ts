/**
 * Untrusted shared states (issue 10 item 4): types and sizes checked,
 * unknown fields dropped, hostile text kept as inert strings, and no
 * prototype pollution.
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/share/format';
import { validateState } from '../../src/share/validate';

const BASE = {
  robotsText: 'User-agent: *\nDisallow: /\n',
  robotsUrl: 'https://example.com/robots.txt',
  urlText: 'https://example.com/\n',
  crawlers: { profiles: ['googlebot'], tokens: ['MyBot'] },
  settings: { normalise: true, fetchStatus: 200 },
  selected: { row: 0, col: 0 },
};

function ok(raw: unknown) {
  const r = validateState(raw);
  if (!r.ok) throw new Error(r.error);
  return r;
}

describe('script-like payloads stay inert strings', () => {
  it('keeps <img onerror>, javascript: sitemaps and HTML comments verbatim, as text', () => {
    const robotsText =
      '<img src=x onerror=alert(1)>\nUser-agent: *\n# <script>alert(document.cookie)</script>\nSitemap: javascript:alert(1)\n';
    const r = ok({ ...BASE, robotsText, robotsUrl: 'javascript:alert(1)', urlText: '<svg onload=alert(1)>\n' });
    expect(r.state.robotsText).toBe(robotsText);
    expect(r.state.robotsUrl).toBe('javascript:alert(1)');
    expect(r.state.urlText).toBe('<svg onload=alert(1)>\n');
    expect(r.warnings).toEqual([]);
  });

  it('keeps a script-like token as a plain string token', () => {
    const r = ok({ ...BASE, crawlers: { profiles: [], tokens: ['<b onmouseover=alert(1)>'] } });
    expect(r.state.crawlers.tokens).toEqual(['<b onmouseover=alert(1)>']);
  });
});

describe('prototype-pollution keys do not pollute', () => {
  const HOSTILE =
    '{"robotsText":"x","__proto__":{"polluted":"yes","robotsUrl":"https://evil.example/"},' +
    '"constructor":{"prototype":{"polluted":"yes"}},' +
    '"crawlers":{"__proto__":{"polluted":"yes"},"profiles":["__proto__","googlebot"],"tokens":["__proto__"]},' +
    '"settings":{"__proto__":{"normalise":false,"fetchStatus":500}},"selected":{"__proto__":{"row":1,"col":1}}}';

  it('leaves Object.prototype untouched and the result with plain prototypes and no such keys', () => {
    const r = ok(JSON.parse(HOSTILE));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
    for (const o of [r.state, r.state.crawlers, r.state.settings]) {
      expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
      expect(Object.hasOwn(o, '__proto__')).toBe(false);
      expect(Object.hasOwn(o, 'constructor')).toBe(false);
    }
    // Nothing inherited from the hostile __proto__ objects was read as a value.
    expect(r.state.robotsUrl).toBe('');
    expect(r.state.settings).toEqual({ normalise: true, fetchStatus: 200 });
    expect(r.state.selected).toBeNull();
    // "__proto__" as a token is a harmless string; as a profile id it is unknown.
    expect(r.state.crawlers).toEqual({ profiles: ['googlebot'], tokens: ['__proto__'] });
    expect(r.warnings).toContain('2 unknown field(s) were ignored.');
  });

  it('does not read fields inherited through a polluted prototype', () => {
    const inherited = Object.create({ robotsText: 'inherited' }) as object;
    expect(validateState(inherited)).toEqual({
      ok: false,
      error: 'The shared data is not a Robots Lab state (it has no robots.txt text).',
    });
  });
});

describe('types are checked field by field', () => {
  it('drops unknown fields with a warning', () => {
    const r = ok({ ...BASE, html: '<b>x</b>', onload: 'alert(1)' });
    expect(Object.keys(r.state).sort()).toEqual([
      'crawlers',
      'robotsText',
      'robotsUrl',
      'selected',
      'settings',
      'urlText',
    ]);
    expect(r.warnings).toEqual(['2 unknown field(s) were ignored.']);
  });

  it('replaces wrongly typed fields by neutral values and says so', () => {
    const r = ok({
      robotsText: 'x',
      robotsUrl: 7,
      urlText: ['a'],
      crawlers: 'googlebot',
      settings: { normalise: 'yes', fetchStatus: '200' },
      selected: { row: -1, col: 0 },
    });
    expect(r.state).toEqual({
      robotsText: 'x',
      robotsUrl: '',
      urlText: '',
      crawlers: { profiles: [], tokens: [] },
      settings: { normalise: true, fetchStatus: 200 },
      selected: null,
    });
    expect(r.warnings).toHaveLength(6);
  });

  it('fills missing fields with neutral values and says which', () => {
    const r = ok({ robotsText: 'x' });
    expect(r.state).toEqual({
      robotsText: 'x',
      robotsUrl: '',
      urlText: '',
      crawlers: { profiles: [], tokens: [] },
      settings: { normalise: true, fetchStatus: 200 },
      selected: null,
    });
    expect(r.warnings).toEqual([
      'The shared state had no robotsUrl; it was left empty.',
      'The shared state had no urlText; it was left empty.',
    ]);
  });

  it('refuses what is not a state at all', () => {
    for (const raw of [null, undefined, 42, 'text', [], [BASE], true]) {
      const r = validateState(raw);
      expect(r.ok).toBe(false);
    }
    expect(validateState({ robotsText: null })).toMatchObject({ ok: false });
  });
});

describe('numbers are checked', () => {
  it('rejects huge, fractional, negative and non-finite statuses and cells', () => {
    for (const fetchStatus of [1e308, -200, 200.5, 99, 600, Number.NaN, Number.POSITIVE_INFINITY, '404']) {
      expect(ok({ ...BASE, settings: { normalise: false, fetchStatus } }).state.settings).toEqual({
        normalise: false,
        fetchStatus: 200,
      });
    }
    for (const selected of [
      { row: 1e300, col: 0 },
      { row: 0, col: 0.5 },
      { row: 2 ** 53, col: 1 },
      { row: '1', col: 1 },
      [1, 2],
    ]) {
      expect(ok({ ...BASE, selected }).state.selected).toBeNull();
    }
  });

  it('keeps every HTTP status and 0 (unreachable)', () => {
    for (const fetchStatus of [0, 100, 200, 301, 404, 429, 503, 599]) {
      expect(ok({ ...BASE, settings: { normalise: true, fetchStatus } }).state.settings.fetchStatus).toBe(fetchStatus);
    }
  });

  it('reads JSON with a number too large for a double as a rejected status, without throwing', () => {
    expect(ok(JSON.parse('{"robotsText":"x","settings":{"fetchStatus":1e999}}')).state.settings.fetchStatus).toBe(200);
  });
});

describe('sizes are clamped', () => {
  it('cuts an overlong robots.txt URL to its limit with a warning', () => {
    const r = ok({ ...BASE, robotsUrl: `https://example.com/${'a'.repeat(LIMITS.robotsUrl)}` });
    expect(r.state.robotsUrl).toHaveLength(LIMITS.robotsUrl);
    expect(r.warnings).toEqual(['The shared robotsUrl was cut to 8,192 characters.']);
  });

  it('cuts an overlong robots.txt to 10 MiB characters', () => {
    const r = ok({ ...BASE, robotsText: 'x'.repeat(10 * 1024 * 1024 + 5) });
    expect(r.state.robotsText).toHaveLength(10 * 1024 * 1024);
  });

  it('never cuts between the two halves of a surrogate pair', () => {
    const max = LIMITS.robotsUrl;
    const cut = (robotsUrl: string) => ok({ ...BASE, robotsUrl }).state.robotsUrl;
    expect(cut(`${'a'.repeat(max - 1)}😀`)).toBe('a'.repeat(max - 1));
    expect(cut(`${'a'.repeat(max - 2)}😀b`)).toBe(`${'a'.repeat(max - 2)}😀`);
    expect(cut('a'.repeat(max + 1))).toBe('a'.repeat(max));
  });

  it('keeps at most 10,000 tokens, drops empty, overlong and repeated ones', () => {
    const tokens = [' A ', 'A', '', '   ', 'b'.repeat(257), 'c'.repeat(256), 42, null];
    const r = ok({ ...BASE, crawlers: { profiles: [], tokens } });
    expect(r.state.crawlers.tokens).toEqual(['A', 'c'.repeat(256)]);
    expect(r.warnings).toEqual(['6 empty, overlong, repeated or surplus product token(s) were dropped.']);
    const many = Array.from({ length: 12_000 }, (_, i) => `Bot${i}`);
    expect(ok({ ...BASE, crawlers: { tokens: many } }).state.crawlers.tokens).toEqual(many.slice(0, 10_000));
  });

  it('keeps known profile ids once each, in order, and drops unknown ones', () => {
    const r = ok({ ...BASE, crawlers: { profiles: ['gptbot', 'nosuchbot', 'googlebot', 'gptbot', 3], tokens: [] } });
    expect(r.state.crawlers.profiles).toEqual(['gptbot', 'googlebot']);
    expect(r.warnings).toEqual(['3 unknown or repeated crawler profile(s) were dropped.']);
  });
});
