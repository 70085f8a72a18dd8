// A robots.txt opened as a file reaches the worker as bytes and is read as
// the reference reads bytes (docs/behaviour.md §13). Expectations are written
// by hand from §13: `Disallow: /\xFF` is the pattern /%FF.
import { describe, expect, it } from 'vitest';
import { RobotsApi } from '../../src/worker/api';
import { syncHost } from '../fakes/handler';

function harness() {
  const api = new RobotsApi(syncHost());
  let version = 0;
  const setText = (text: string) => api.setText({ version: ++version, text });
  const verdict = (url: string) => {
    const v = api.explain({
      version,
      url,
      crawler: { kind: 'profile', id: 'googlebot' },
      normalise: false,
      robotsUrl: '',
      fetchStatus: 200,
    }).verdict!;
    return { allowed: v.allowed, line: v.rule?.line ?? null };
  };
  const open = (bytes: number[]) => api.openBytes(new Uint8Array(bytes).buffer);
  return { setText, verdict, open };
}

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

describe('a robots.txt opened as bytes (docs/behaviour.md §13)', () => {
  it('blocks /%FF for Disallow: /\\xFF while its text is unedited, and says where the bad byte is', () => {
    const h = harness();
    const opened = h.open([...ascii('User-agent: *\nDisallow: /'), 0xff, ...ascii('\n')]);
    expect(opened.text).toBe('User-agent: *\nDisallow: /\uFFFD\n');
    expect(opened.invalidLines).toBe(1);
    const summary = h.setText(opened.text);
    expect(summary.fromBytes).toBe(true);
    const bad = summary.diagnostics.filter((d) => d.code === 'invalid-utf8');
    expect(bad.map((d) => [d.line, d.from, d.severity])).toEqual([[2, 25, 'warning']]);
    expect(bad[0].message).toContain('line 2, column 12');
    expect(bad[0].message).toContain('FF');
    expect(h.verdict('/%FF')).toEqual({ allowed: false, line: 2 });
    expect(h.verdict('/%EF%BF%BD')).toEqual({ allowed: true, line: null });
  });

  it('reads the text once it is edited: the rule is then U+FFFD, /%EF%BF%BD', () => {
    const h = harness();
    const opened = h.open([...ascii('User-agent: *\nDisallow: /'), 0xff, ...ascii('\n')]);
    h.setText(opened.text);
    const summary = h.setText(`${opened.text}# edited\n`);
    expect(summary.fromBytes).toBe(false);
    expect(summary.diagnostics.some((d) => d.code === 'invalid-utf8')).toBe(false);
    expect(h.verdict('/%FF')).toEqual({ allowed: true, line: null });
    expect(h.verdict('/%EF%BF%BD')).toEqual({ allowed: false, line: 2 });
  });

  it('skips one byte-order mark only: after two, the first line is not a user-agent line', () => {
    const h = harness();
    const bom = [0xef, 0xbb, 0xbf];
    const opened = h.open([...bom, ...bom, ...ascii('User-agent: *\nDisallow: /\n')]);
    expect(opened.text).toBe('\uFEFFUser-agent: *\nDisallow: /\n');
    h.setText(opened.text);
    // The Disallow line belongs to no group: nothing is blocked.
    expect(h.verdict('/x')).toEqual({ allowed: true, line: null });
    const once = harness();
    once.setText(once.open([...bom, ...ascii('User-agent: *\nDisallow: /\n')]).text);
    expect(once.verdict('/x')).toEqual({ allowed: false, line: 2 });
  });

  it('keeps CR LF files on the bytes: same lines, the diagnostics placed in the editor text', () => {
    const h = harness();
    const opened = h.open([...ascii('User-agent: *\r\nDisallow: /a'), 0xc3, ...ascii('\r\n')]);
    expect(opened.text).toBe('User-agent: *\nDisallow: /a\uFFFD\n');
    const summary = h.setText(opened.text);
    expect(summary.fromBytes).toBe(true);
    const bad = summary.diagnostics.filter((d) => d.code === 'invalid-utf8');
    expect(bad.map((d) => [d.line, d.from])).toEqual([[2, 26]]);
    // A lone C3 byte is the pattern /a%C3.
    expect(h.verdict('/a%C3')).toEqual({ allowed: false, line: 2 });
    // A lone CR ends a line too (docs/behaviour.md §12 Lines).
    const cr = h.open([...ascii('User-agent: *\rDisallow: /'), 0xff, ...ascii('\r')]);
    const crSummary = h.setText(cr.text);
    // "User-agent: *\n" is 14 characters, "Disallow: /" 11: the byte is at 25 in the editor's text.
    expect(crSummary.diagnostics.filter((d) => d.code === 'invalid-utf8').map((d) => [d.line, d.from])).toEqual([
      [2, 25],
    ]);
  });

  it('names the first 200 lines with invalid bytes, then counts the rest in one line', () => {
    const h = harness();
    // 250 comment lines, each with one 0xFF byte: lines 1..250.
    const line = [...ascii('# x'), 0xff, ...ascii('\n')];
    const opened = h.open(Array.from({ length: 250 }, () => line).flat());
    expect(opened.invalidLines).toBe(250);
    const bad = h.setText(opened.text).diagnostics.filter((d) => d.code === 'invalid-utf8');
    expect(bad).toHaveLength(201);
    expect(bad.slice(0, 200).map((d) => d.line)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(bad[200].message).toBe('… and 50 more like this (from line 201 on).');
  });
});

describe('a file too large for the editor', () => {
  it('shows the part Google reads, keeps the bytes, and judges by them while that part is unedited', () => {
    const { open, setText, verdict } = harness();
    // 3,000,000 bytes: a rule on line 2, then comment lines far past Google's 500 KiB (512,000 bytes).
    const head = 'User-agent: *\nDisallow: /private\n';
    const filler = '# padding line of forty characters.....\n';
    const body = head + filler.repeat(Math.ceil((3_000_000 - head.length) / filler.length));
    const bytes = [...Buffer.from(body)];
    const opened = open(bytes);
    expect(opened.shownPartOf).toBe(bytes.length);
    // What the editor shows is exactly the first 512,000 bytes (all ASCII here: one character a byte).
    expect(opened.text).toBe(body.slice(0, 512_000));
    const summary = setText(opened.text);
    expect(summary.fromBytes).toBe(true);
    expect(verdict('/private/x')).toEqual({ allowed: false, line: 2 });
  });

  it('a file up to the cap is shown whole', () => {
    const { open } = harness();
    const opened = open([...Buffer.from('User-agent: *\nDisallow: /a\n')]);
    expect(opened.shownPartOf).toBeNull();
    expect(opened.text).toBe('User-agent: *\nDisallow: /a\n');
  });
});
