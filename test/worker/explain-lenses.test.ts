import { describe, expect, it } from 'vitest';
import type { CrawlerSpec, ExplainResult } from '../../src/model/wire';
import { RobotsApi } from '../../src/worker/api';
import { syncHost } from '../fakes/handler';

/** Parses `text` in the worker and explains one cell; every expected value below is written by hand. */
function explain(text: string, url: string, crawler: CrawlerSpec, fetchStatus = 200): ExplainResult {
  const api = new RobotsApi(syncHost());
  api.setText({ version: 1, text });
  return api.explain({ version: 1, url, crawler, normalise: true, robotsUrl: '', fetchStatus });
}

const googlebot: CrawlerSpec = { kind: 'profile', id: 'googlebot' };
const gptbot: CrawlerSpec = { kind: 'profile', id: 'gptbot' };

describe('explain lenses: other readers (docs/behaviour.md §14)', () => {
  it('a blank line inside a group: Yandex and 1994 end the group there, Google does not', () => {
    const e = explain('User-agent: *\n\nDisallow: /private/\n', 'https://example.com/private/x', googlebot);
    const readers = e.lenses!.readers.map((r) => [r.reader, r.allowed, r.line, r.agreesWithGoogle]);
    expect(readers).toEqual([
      ['google', false, 3, true],
      ['rfc9309', false, 3, true],
      ['bing', false, 3, true],
      ['yandex', true, null, false],
      ['legacy1994', true, null, false],
    ]);
    const yandex = e.lenses!.readers.find((r) => r.reader === 'yandex')!;
    expect(yandex.why.join(' ')).toMatch(/blank line 2/);
  });

  it('sends no lenses when the fetch result decides, not the rules', () => {
    const e = explain('User-agent: *\nDisallow: /a\n', '/a', googlebot, 503);
    expect(e.lenses).toBeNull();
  });

  it('sends no lenses for a token the reference cannot obey', () => {
    const e = explain('User-agent: *\nDisallow: /a\n', '/a', { kind: 'token', token: 'My Bot/1.0' });
    expect(e.lenses).toBeNull();
  });
});

describe('explain lenses: AI purposes (docs/behaviour.md §15)', () => {
  const signals = 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nDisallow: /private/\n';

  it('a Content-Signal line under User-agent: * gives search and ai-train, from line 2', () => {
    const e = explain(signals, '/page', googlebot);
    expect(e.lenses!.purposes!.map((f) => [f.purpose, f.expressed, f.lines])).toEqual([
      ['search', 'allow', [2]],
      ['ai-input', 'no-preference', []],
      ['ai-train', 'disallow', [2]],
      ['use', 'no-preference', []],
    ]);
  });

  it('a path that may not be fetched has no preference that applies', () => {
    const e = explain(signals, '/private/x', googlebot);
    expect(e.lenses!.purposes!.map((f) => f.expressed)).toEqual([
      'not-applicable',
      'not-applicable',
      'not-applicable',
      'not-applicable',
    ]);
  });

  it('no purposes for a search crawler when the file has no preference lines', () => {
    expect(explain('User-agent: *\nDisallow: /a\n', '/b', googlebot).lenses!.purposes).toBeNull();
  });

  it('an AI crawler sees its purposes even without preference lines: no preference', () => {
    const purposes = explain('User-agent: *\nDisallow: /a\n', '/b', gptbot).lenses!.purposes!;
    expect(purposes.map((f) => f.expressed)).toEqual([
      'no-preference',
      'no-preference',
      'no-preference',
      'no-preference',
    ]);
  });

  it('a License line alone is no preference line', () => {
    const e = explain('User-agent: *\nLicense: https://example.com/license\n', '/b', googlebot);
    expect(e.lenses!.purposes).toBeNull();
  });
});
