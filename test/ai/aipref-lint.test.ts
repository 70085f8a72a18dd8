// Diagnostics for AI-preference lines (src/core/aipref/lint.ts through
// lintRobots). Each test names the code, the rule and its source;
// docs/lint-codes.md lists the codes; docs/behaviour.md §15.
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/core';
import { lintRobots, type RobotsDiagnostic, type RobotsDiagnosticCode } from '../../src/core/lint';
import { CLOUDFLARE_SHAPE } from './fixtures';

const lint = (text: string) => lintRobots(parseRobotsTxt(text));
const only = (text: string, code: RobotsDiagnosticCode) => lint(text).filter((d) => d.code === code);
const fixed = (text: string, d: RobotsDiagnostic) => {
  const f = d.fixes?.[0];
  if (!f) throw new Error(`no fix for ${d.code}`);
  return text.slice(0, f.from) + f.insert + text.slice(f.to);
};

describe('AI-preference diagnostics', () => {
  it('says nothing beyond "Google ignores it" about a well-formed Cloudflare-shaped file', () => {
    const codes = lint(CLOUDFLARE_SHAPE).map((d) => d.code);
    expect(codes.filter((c) => c.startsWith('aipref') || c === 'license-relative')).toEqual([]);
  });

  it('aipref-syntax: a dictionary that does not parse is an error, and says every preference is unknown (vocab-08 §6.5.1)', () => {
    const text = 'User-agent: *\nContent-Usage: / train-ai=n,,\nContent-Signal: search=yes;;\n';
    const ds = only(text, 'aipref-syntax');
    expect(ds.map((d) => [d.line, d.severity, text.slice(d.from, d.to)])).toEqual([
      [2, 'error', 'train-ai=n,,'],
      [3, 'error', 'search=yes;;'],
    ]);
    expect(ds[0].message).toContain('every preference on this line is unknown');
  });

  it('aipref-uppercase: upper-case labels break the dictionary; the fix lower-cases them (vocab-08 §6.5.1)', () => {
    const text = 'User-agent: *\nContent-Signal: Search=Yes, AI-Train=No\n';
    const [d] = only(text, 'aipref-uppercase');
    expect(d.severity).toBe('error');
    expect(fixed(text, d)).toBe('User-agent: *\nContent-Signal: search=yes, ai-train=no\n');
    expect(only(text, 'aipref-syntax')).toEqual([]);
  });

  it('aipref-vocab-mixed: yes/no in Content-Usage and y/n in Content-Signal, with the other spelling as the fix', () => {
    const text = 'User-agent: *\nContent-Usage: / train-ai=no, search=yes\nContent-Signal: ai-train=n\n';
    const ds = only(text, 'aipref-vocab-mixed');
    expect(ds.map((d) => [d.line, text.slice(d.from, d.to)])).toEqual([
      [2, 'train-ai=no'],
      [2, 'search=yes'],
      [3, 'ai-train=n'],
    ]);
    expect(fixed(text, ds[0])).toContain('Content-Usage: / train-ai=n, search=yes');
    expect(fixed(text, ds[2])).toContain('Content-Signal: ai-train=no');
  });

  it("aipref-vocab-mixed: the other vocabulary's label, fixed to this one's", () => {
    const text = 'User-agent: *\nContent-Usage: / ai-train=n\nContent-Signal: train-ai=no\n';
    const ds = only(text, 'aipref-vocab-mixed');
    expect(ds.map((d) => d.fixes?.[0].insert)).toEqual(['train-ai', 'ai-train']);
    expect(fixed(text, ds[0])).toContain('Content-Usage: / train-ai=n\n');
  });

  it('aipref-unknown-label: names the earlier draft a label came from, or says readers ignore it (vocab-08 §6.4)', () => {
    // bots and train-genai are in the label table of draft-ietf-aipref-vocab-03 (§6.1 there); nothing defines robots.
    const text = 'User-agent: *\nContent-Usage: / train-genai=n, bots=y, robots=n\nContent-Signal: search-ai=no\n';
    const ds = only(text, 'aipref-unknown-label');
    expect(ds.map((d) => [d.line, text.slice(d.from, d.to)])).toEqual([
      [2, 'train-genai=n'],
      [2, 'bots=y'],
      [2, 'robots=n'],
      [3, 'search-ai=no'],
    ]);
    expect(ds[0].message).toContain('draft-ietf-aipref-vocab-02 and -03');
    expect(ds[1].message).toContain('draft-ietf-aipref-vocab-03 and -04');
    expect(ds[2].message).not.toContain('earlier revision');
  });

  it('aipref-bad-value: a value the vocabulary does not define, and a use= level it does not know', () => {
    const text = 'User-agent: *\nContent-Usage: / train-ai="n"\nContent-Signal: search=maybe, use=some\n';
    expect(only(text, 'aipref-bad-value').map((d) => [d.line, text.slice(d.from, d.to)])).toEqual([
      [2, 'train-ai="n"'],
      [3, 'search=maybe'],
      [3, 'use=some'],
    ]);
    expect(only('User-agent: *\nContent-Signal: use=immediate\n', 'aipref-bad-value')).toEqual([]);
  });

  it('aipref-path-encoding: a path with characters RFC 3986 §2.1 wants encoded (attach-05 §3.1), fixed', () => {
    const text = 'User-agent: *\nContent-Usage: /café|menu train-ai=n\nContent-Usage: /ok%20path/*$ train-ai=n\n';
    const ds = only(text, 'aipref-path-encoding');
    expect(ds.map((d) => d.line)).toEqual([2]);
    expect(fixed(text, ds[0])).toContain('Content-Usage: /caf%C3%A9%7Cmenu train-ai=n');
  });

  it('aipref-no-path: a Content-Usage line without a path, fixed by inserting "/" (attach-05 §3)', () => {
    const text = 'User-agent: *\nContent-Usage: train-ai=n\n';
    const [d] = only(text, 'aipref-no-path');
    expect(fixed(text, d)).toBe('User-agent: *\nContent-Usage: / train-ai=n\n');
  });

  it('aipref-outside-group: a Content-Signal before any user-agent line addresses no crawler', () => {
    const text = 'Content-Signal: search=yes, ai-train=no\n\nUser-agent: *\nAllow: /\n';
    const [d] = only(text, 'aipref-outside-group');
    expect([d.line, d.severity]).toEqual([1, 'warning']);
    expect(fixed(text, d).startsWith('User-agent: *\nContent-Signal:')).toBe(true);
  });

  it('aipref-key-misspelt: Content-Signals and Licence get the real key, and no generic near-miss', () => {
    const text = 'User-agent: *\nContent-Signals: search=yes\nLicence: https://e.com/l.xml\n';
    const ds = only(text, 'aipref-key-misspelt');
    expect(ds.map((d) => d.fixes?.[0].insert)).toEqual(['Content-Signal', 'License']);
    expect(only(text, 'near-miss-key')).toEqual([]);
    expect(only(text, 'unknown-key')).toEqual([]);
  });

  it('license-relative: a License URL that is not absolute (RSL 1.0)', () => {
    const text = 'License: /license.xml\nLicense: https://e.com/license.xml\nLicense: e.com/l.xml\n';
    expect(only(text, 'license-relative').map((d) => [d.line, d.severity])).toEqual([
      [1, 'error'],
      [3, 'error'],
    ]);
  });

  it('aipref-splits-group: a preference line between two user-agent lines, moved below them by the fix', () => {
    const text = 'User-agent: GPTBot\nContent-Signal: ai-train=no\n# both\nUser-agent: CCBot\nDisallow: /\n';
    const [d] = only(text, 'aipref-splits-group');
    expect(d.line).toBe(2);
    expect(fixed(text, d)).toBe(
      'User-agent: GPTBot\n# both\nUser-agent: CCBot\nContent-Signal: ai-train=no\nDisallow: /\n',
    );
    // After the fix, nothing splits the group.
    expect(only(fixed(text, d), 'aipref-splits-group')).toEqual([]);
  });

  it("does not flag a preference line after the rules, or between a group's last rule and the next group", () => {
    const text = 'User-agent: a\nDisallow: /x\nContent-Signal: ai-train=no\nUser-agent: b\nDisallow: /\n';
    expect(only(text, 'aipref-splits-group')).toEqual([]);
  });

  it('keeps every diagnostic inside its own line', () => {
    const text =
      'Content-Signals: x\nUser-agent: a\nContent-Usage: /é Train=n\nUser-agent: b\nLicense: rel\nContent-Signal: ai-train=n\n';
    const parsed = parseRobotsTxt(text);
    for (const d of lintRobots(parsed)) {
      const pl = parsed.lines[d.line - 1];
      expect(d.from, d.code).toBeGreaterThanOrEqual(pl.span.from);
      if (d.code !== 'aipref-splits-group') expect(d.to, d.code).toBeLessThanOrEqual(pl.span.to);
    }
  });
});
