/**
 * A verdict's explanation is made when it is read (docs/behaviour.md §8:
 * the winning rule and every rule that matched), and a verdict can be sent
 * through postMessage as plain data.
 */
import { describe, expect, it, vi } from 'vitest';
import { compiledFor, evaluate, evaluateProfile, parseRobotsTxt, toPlainVerdict } from '../../src/core';
import { findProfile } from '../../src/core/profiles';

const TEXT = 'user-agent: *\ndisallow: /shop\nallow: /shop/open\ndisallow: /*open\n\nuser-agent: other\ndisallow: /\n';

describe('the explanation of a verdict is made when read (docs/behaviour.md §8)', () => {
  it('a call that reads only `allowed` and `rule` never lists the matching rules', () => {
    const parsed = parseRobotsTxt(TEXT);
    const compiled = compiledFor(parsed, [0]);
    const list = vi.spyOn(compiled, 'listMatches');
    const v = evaluate(parsed, 'https://e.com/shop/open', 'anybot');
    expect(v.allowed).toBe(true);
    expect(v.rule?.line).toBe(3);
    expect(list).not.toHaveBeenCalled();
    expect(v.matches.map((m) => [m.line, m.kind, m.length])).toEqual([
      [3, 'allow', 10],
      [4, 'disallow', 6],
      [2, 'disallow', 5],
    ]);
    expect(list).toHaveBeenCalledTimes(1);
    // Read again: the same list, not a second walk.
    expect(v.matches).toBe(v.matches);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('writes the reason the first time it is read', () => {
    const parsed = parseRobotsTxt(TEXT);
    const v = evaluate(parsed, 'https://e.com/shop/x', 'anybot');
    expect(v.reason).toBe(
      'Blocked by line 2 "Disallow: /shop": the longest matching rule (5 bytes) in the * group (user-agent line 1).',
    );
    expect(v.reason).toBe(v.reason);
  });

  it('gives each verdict its own explanation', () => {
    const parsed = parseRobotsTxt(TEXT);
    const a = evaluate(parsed, 'https://e.com/shop/x', 'anybot');
    const b = evaluate(parsed, 'https://e.com/elsewhere', 'anybot');
    expect(b.reason).toBe('Allowed: no rule in the * group (user-agent line 1) matches /elsewhere.');
    expect(a.matches.map((m) => m.line)).toEqual([2]);
    expect(b.matches).toEqual([]);
  });

  it('explains a crawler that no group applies to, and /robots.txt itself', () => {
    const parsed = parseRobotsTxt('user-agent: other\ndisallow: /\n');
    const none = evaluate(parsed, 'https://e.com/x', 'anybot');
    expect([none.allowed, none.rule, none.matches]).toEqual([true, null, []]);
    expect(none.reason).toBe('Allowed: no group names anybot and there is no * group.');
    const ads = evaluateProfile(parseRobotsTxt(TEXT), 'https://e.com/shop', findProfile('adsbot-google')!);
    expect(ads.reason).toBe('Allowed: no group names AdsBot-Google, and this crawler ignores the * group.');
    const self = evaluate(parseRobotsTxt('user-agent: *\ndisallow: /\n'), 'https://e.com/robots.txt', 'anybot');
    expect([self.allowed, self.robotsTxtItself]).toEqual([true, true]);
    expect(self.matches.map((m) => m.line)).toEqual([2]);
    expect(self.reason).toContain('/robots.txt itself is always fetchable');
  });
});

describe('a verdict as data', () => {
  const expected = {
    allowed: false,
    rule: { kind: 'disallow', line: 2, pattern: '/shop', raw: '/shop', length: 5, group: 0, viaIndexHtml: false },
    choice: { kind: 'global', groups: [0], agentLines: [1] },
    matches: [{ kind: 'disallow', line: 2, pattern: '/shop', raw: '/shop', length: 5, group: 0, viaIndexHtml: false }],
    tie: false,
    path: '/shop/x',
    reason:
      'Blocked by line 2 "Disallow: /shop": the longest matching rule (5 bytes) in the * group (user-agent line 1).',
    robotsTxtItself: false,
  };

  it('survives a structured clone (postMessage) once made plain', () => {
    const v = evaluate(parseRobotsTxt(TEXT), 'https://e.com/shop/x', 'anybot');
    expect(structuredClone(toPlainVerdict(v))).toEqual(expected);
  });

  it('carries its explanation into JSON', () => {
    const v = evaluate(parseRobotsTxt(TEXT), 'https://e.com/shop/x', 'anybot');
    expect(JSON.parse(JSON.stringify(v))).toEqual(expected);
  });

  it('keeps the parsed file out of a clone, JSON and a spread', () => {
    const v = evaluate(parseRobotsTxt(TEXT), 'https://e.com/shop/x', 'anybot');
    expect(Object.keys(v).sort()).toEqual(['allowed', 'choice', 'path', 'robotsTxtItself', 'rule', 'tie']);
    expect(JSON.stringify(v)).not.toContain('user-agent: *');
  });
});
