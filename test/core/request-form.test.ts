/**
 * The bulk fast path's test for "already in request form"
 * (docs/behaviour.md §12 The URL): a URL it accepts must come out of
 * the URL parser unchanged (then `toRequestUrl` skips the parser); the
 * cases below are its definition's edges.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRequestForm } from '../../src/core/url';

/** Strings built from the pieces that matter: scheme starts, host characters, escapes, dots, odd characters. */
const pieces = fc.constantFrom(
  'http://',
  'https://',
  'HTTP://',
  'ftp://',
  '/',
  '//',
  '.',
  '/.',
  '/..',
  '.json',
  'a',
  'Z',
  '0',
  '-',
  'example',
  'com',
  '1',
  ':',
  ':8080',
  '@',
  '?',
  '#',
  '%',
  '%2E',
  '%2e',
  '%2F',
  '%a0',
  '%C3%A9',
  '%G1',
  ' ',
  'é',
  '~',
  '[',
  '"',
);
const candidates = fc.array(pieces, { maxLength: 12 }).map((xs) => xs.join(''));

describe('isRequestForm', () => {
  it('accepts only URLs the WHATWG URL parser leaves unchanged', () => {
    fc.assert(
      fc.property(candidates, (s) => {
        if (!isRequestForm(s)) return;
        const parsed = s.startsWith('/') ? new URL(s, 'http://h.invalid') : new URL(s);
        expect(s.startsWith('/') ? parsed.href.slice(parsed.origin.length) : parsed.href).toBe(s);
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([
    ['https://www.example.com/a/b?x=1&y=%C3%A9', true],
    ['/shop?q=1', true],
    ['https://example.com', false], // no path: the parser adds "/"
    ['https://Example.com/', false], // upper-case host
    ['https://1.2.3.4/', false], // an IP address
    ['https://example.com:8080/', false], // a port
    ['/a/./b', false], // a dot segment
    ['/a%2eb', false],
    ['/caf%c3%a9', false], // lower-case hex
    ['/100%', false],
    ['//cdn.example.com/x', false], // scheme-relative
    ['/café', false],
    ['https://a..example.com/', false], // an empty label
    ['https://.example.com/', false],
    ['https://example./', false],
    ['https://www.example.co-uk/', true],
    ['https://example.com/a/.json', true], // a name starting with a dot, not a dot segment
    ['/.well-known/x', true],
    ['/a/.', false],
    ['/a/..', false],
    ['/a/../b', false],
    ['/a/.?x=1', false], // the parser resolves a dot segment before the query
    ['/a/..?x=1', false],
    ['https://example.com/./', false],
    ['https://example.com/a%2E%2E/', false],
  ])('%s → %s', (url, expected) => {
    expect(isRequestForm(url)).toBe(expected);
  });
});
