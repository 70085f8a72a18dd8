// Reading Content-Usage, Content-Signal and License lines
// (src/core/aipref/lines.ts). Each test names the text its rule comes from:
// draft-ietf-aipref-attach (editor's copy, published as -05), draft-ietf-aipref-vocab
// (editor's copy, published as -08), RFC 9651, Cloudflare's Content Signals
// Policy, RSL 1.0; docs/behaviour.md §15.
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/core';
import { aiprefKeyOf, readAiprefLines, readDictionary } from '../../src/core/aipref/lines';
import { ATTACH_SHAPE, CLOUDFLARE_SHAPE, MIXED_SHAPE } from './fixtures';

const read = (text: string) => readAiprefLines(parseRobotsTxt(text));
const summary = (text: string, source: 'content-usage' | 'content-signal') =>
  readDictionary(text, source).entries.map((e) => [e.label, e.purpose, e.value]);

describe('preference dictionaries (draft-ietf-aipref-vocab-08 §6, RFC 9651 §3.2)', () => {
  it('reads y and n Tokens as allow and disallow (vocab-08 §6.2)', () => {
    expect(summary('train-ai=y, search=n', 'content-usage')).toEqual([
      ['train-ai', 'ai-train', 'allow'],
      ['search', 'search', 'disallow'],
    ]);
  });

  it('reads a String, a Boolean or another Token as unknown, not as an error (vocab-08 §6.5)', () => {
    expect(summary('train-ai="n", search, ai-use=maybe', 'content-usage')).toEqual([
      ['train-ai', 'ai-train', 'unknown'],
      ['search', 'search', 'unknown'],
      ['ai-use', 'ai-input', 'unknown'],
    ]);
  });

  it('keeps only the last value of a repeated label (vocab-08 §6.5.1, RFC 9651 §4.2.2)', () => {
    expect(summary('train-ai=n, train-ai=y', 'content-usage')).toEqual([['train-ai', 'ai-train', 'allow']]);
  });

  it('ignores parameters (vocab-08 §6.5.2)', () => {
    expect(summary('search=y;note="kept";x=1, train-ai=n;allow=?1', 'content-usage')).toEqual([
      ['search', 'search', 'allow'],
      ['train-ai', 'ai-train', 'disallow'],
    ]);
    // A parameter named like a value does not set the value: a bare label is Boolean true, unknown.
    expect(summary('train-ai;allow=n', 'content-usage')).toEqual([['train-ai', 'ai-train', 'unknown']]);
  });

  it('fails on upper-case labels, which makes every preference unknown (vocab-08 §6.5.1)', () => {
    const r = readDictionary('Train-AI=n, search=y', 'content-usage');
    expect(r.entries).toEqual([]);
    expect(r.syntaxError).toMatch(/key/i);
  });

  it('reports a label it does not know with a null purpose (vocab-08 §6.4: readers ignore it)', () => {
    expect(summary('train-genai=n, x-custom=y', 'content-usage')).toEqual([
      ['train-genai', null, 'unknown'],
      ['x-custom', null, 'unknown'],
    ]);
  });

  it('reads Content-Signal yes and no, and keeps the use= level as written (Cloudflare)', () => {
    expect(summary('search=yes, ai-input=no, ai-train=no', 'content-signal')).toEqual([
      ['search', 'search', 'allow'],
      ['ai-input', 'ai-input', 'disallow'],
      ['ai-train', 'ai-train', 'disallow'],
    ]);
    const use = readDictionary('use=reference', 'content-signal').entries[0];
    expect([use.purpose, use.token]).toEqual(['use', 'reference']);
  });

  it("does not read one vocabulary with the other's values: y in Content-Signal is unknown", () => {
    expect(summary('ai-train=n', 'content-signal')).toEqual([['ai-train', 'ai-train', 'unknown']]);
    expect(summary('train-ai=no', 'content-usage')).toEqual([['train-ai', 'ai-train', 'unknown']]);
  });
});

describe('Content-Usage lines (draft-ietf-aipref-attach-05 §3)', () => {
  it('splits the path from the preferences at the first SP or HTAB (attach-05 §3.2)', () => {
    const [a, b] = read('User-agent: *\nContent-Usage: /ai-ok/\ttrain-ai=y\nContent-Usage: /x   search=n\n');
    expect([a.path?.text, a.dictionary?.text]).toEqual(['/ai-ok/', 'train-ai=y']);
    expect([b.path?.text, b.dictionary?.text]).toEqual(['/x', 'search=n']);
  });

  it('has no path when the value does not start with "/"', () => {
    const [l] = read('User-agent: *\nContent-Usage: train-ai=n\n');
    expect(l.path).toBeNull();
    expect(l.dictionary?.text).toBe('train-ai=n');
  });

  it('stops the value at "#" (attach-05 §3.2: the value ends at CR, LF or "#")', () => {
    const [l] = read('User-agent: *\nContent-Usage: / train-ai=n # no training\n');
    expect(l.dictionary?.text).toBe('train-ai=n');
  });

  it("reads the attach-draft shape: two lines in *, one in ShopBot's group", () => {
    const lines = read(ATTACH_SHAPE);
    expect(lines.map((l) => [l.line, l.kind, l.group, l.path?.text])).toEqual([
      [4, 'content-usage', 0, '/'],
      [5, 'content-usage', 0, '/open-data/'],
      [9, 'content-usage', 1, '/'],
    ]);
  });
});

describe('which group a preference line belongs to (RFC 9309 §2.1)', () => {
  it('puts a line after the last rule in the group above it, and one before any group in none', () => {
    const lines = read('Content-Signal: search=yes\nUser-agent: a\nDisallow: /x\nContent-Signal: ai-train=no\n');
    expect(lines.map((l) => [l.line, l.group])).toEqual([
      [1, -1],
      [4, 0],
    ]);
  });

  it('reads the Cloudflare shape: the signal sits in the * group', () => {
    const [l] = read(CLOUDFLARE_SHAPE);
    expect([l.kind, l.group, l.entries.map((e) => `${e.label}=${e.value}`)]).toEqual([
      'content-signal',
      0,
      ['search=allow', 'ai-train=disallow', 'use=unknown'],
    ]);
  });
});

describe('keys', () => {
  it('knows the three keys in any case, and one-edit misspellings of them', () => {
    expect(aiprefKeyOf('CONTENT-usage')).toEqual({ kind: 'content-usage', misspelt: false });
    expect(aiprefKeyOf('Content-Signals')).toEqual({ kind: 'content-signal', misspelt: true });
    expect(aiprefKeyOf('Licence')).toEqual({ kind: 'license', misspelt: true });
    expect(aiprefKeyOf('Disallow')).toBeNull();
  });

  it('reads a License line as the whole value (RSL 1.0), and all three kinds of the mixed shape', () => {
    const lines = read(MIXED_SHAPE);
    expect(lines.map((l) => [l.kind, l.value.text.slice(0, 20)])).toEqual([
      ['license', 'https://shop.example'],
      ['content-signal', 'search=yes, ai-input'],
      ['content-usage', '/blog/ train-ai=y, a'],
    ]);
  });
});
