/**
 * docs/behaviour.md §2: what the robots.txt fetch result means. Expected
 * modes are written by hand from RFC 9309 §2.3.1 and Google's robots.txt
 * page ("Handling of errors and HTTP status codes").
 */
import { describe, expect, it } from 'vitest';
import { fetchOutcome } from '../../src/core';
import { fetchMeaning, type ObservedFetch, robotsLocation } from '../../src/core/fetch';

describe('docs/behaviour.md §2: the fetch result', () => {
  const cases: [number, 'rules' | 'allow-all' | 'disallow-all'][] = [
    [200, 'rules'],
    [204, 'rules'],
    [301, 'allow-all'],
    [400, 'allow-all'],
    [401, 'allow-all'],
    [403, 'allow-all'],
    [404, 'allow-all'],
    [410, 'allow-all'],
    [428, 'allow-all'],
    [429, 'disallow-all'],
    [430, 'allow-all'],
    [500, 'disallow-all'],
    [503, 'disallow-all'],
    [0, 'disallow-all'],
  ];
  for (const [status, mode] of cases) {
    it(`HTTP ${status} → ${mode}`, () => {
      expect(fetchOutcome(status).mode).toBe(mode);
    });
  }

  it('says why a 429 blocks everything', () => {
    expect(fetchOutcome(429).reason).toMatch(/^HTTP 429: .*server error/);
  });
});

describe('docs/behaviour.md §2 Fetching the file: what an observed fetch means', () => {
  const seen = (over: Partial<ObservedFetch>): ObservedFetch => ({
    status: 200,
    error: null,
    redirectEnd: null,
    bytes: 10,
    contentType: 'text/plain',
    head: 'User-agent: *',
    ...over,
  });
  const cases: [string, Partial<ObservedFetch>, string, string][] = [
    ['a 200 with rules', {}, 'file', 'rules'],
    ['a 200 with no body', { bytes: 0, head: '' }, 'empty', 'rules'],
    ['a 200 served as text/html', { contentType: 'text/html; charset=utf-8', head: 'hello' }, 'html', 'rules'],
    [
      'a 200 whose body starts like HTML',
      { contentType: 'text/plain', head: '\n  <!DOCTYPE html><html>' },
      'html',
      'rules',
    ],
    ['a 404', { status: 404 }, 'client-error', 'allow-all'],
    ['a 401', { status: 401 }, 'client-error', 'allow-all'],
    ['a 429', { status: 429 }, 'too-many-requests', 'disallow-all'],
    ['a 503', { status: 503 }, 'server-error', 'disallow-all'],
    ['a 1xx that never became an answer', { status: 101 }, 'server-error', 'disallow-all'],
    ['redirects that reached no file', { status: 301, redirectEnd: 'more than 5 redirects' }, 'redirects', 'allow-all'],
    ['no answer at all', { status: 0, error: 'connection reset (ECONNRESET)' }, 'unreachable', 'disallow-all'],
  ];
  for (const [what, over, kind, mode] of cases) {
    it(`${what}: ${kind}, ${mode}`, () => {
      const m = fetchMeaning(seen(over));
      expect([m.kind, m.mode]).toEqual([kind, mode]);
    });
  }

  it('names the cause of a failure in the reason', () => {
    expect(fetchMeaning(seen({ status: 0, error: 'timed out after 300 ms' })).reason).toContain(
      'timed out after 300 ms',
    );
  });

  it('a plain text body mentioning <html> later is not an HTML page', () => {
    const m = fetchMeaning(seen({ contentType: 'text/plain', head: 'User-agent: *\n# <html> is not a tag here' }));
    expect(m.kind).toBe('file');
  });
});

describe('docs/behaviour.md §1: which robots.txt a URL or host names', () => {
  const cases: [string, string][] = [
    ['example.com', 'https://example.com/robots.txt'],
    ['https://example.com', 'https://example.com/robots.txt'],
    ['https://Example.COM/robots.txt', 'https://example.com/robots.txt'],
    ['http://example.com:80/', 'http://example.com/robots.txt'],
    ['localhost:8080', 'https://localhost:8080/robots.txt'],
    ['http://www.müller.eu/robots.txt', 'http://www.xn--mller-kva.eu/robots.txt'],
  ];
  for (const [arg, url] of cases) {
    it(`${arg} → ${url}`, () => {
      const at = robotsLocation(arg);
      expect('url' in at ? at.url : at.error).toBe(url);
    });
  }

  it('refuses a path other than /robots.txt, and other schemes', () => {
    expect(robotsLocation('https://example.com/folder/robots.txt')).toHaveProperty('error');
    expect(robotsLocation('ftp://example.com/robots.txt')).toHaveProperty('error');
    expect(robotsLocation('https://example.com/robots.txt?x=1')).toHaveProperty('error');
  });
});
