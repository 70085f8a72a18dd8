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

/**
 * The language's first definition, one regular expression (JavaScriptCore
 * runs it many times slower than V8): the oracle the scanner must agree with.
 */
const REQUEST_FORM_REGEX =
  /^(?:https?:\/\/(?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*(?=\/)|(?=\/(?!\/)))(?:\/(?!\.\.?(?:[/?]|$))|[A-Za-z0-9\-._~!$&()*+,;=:@?]|%(?!2E)[0-9A-F]{2})*$/;

/** Single characters around every class edge of the language, and a few beyond ASCII. */
const edgeChar = fc.constantFrom(...'/.%?#:@-_~!$&()*+,;=2EeFfGg09AaZz`[]{}|\\^"<> \t\n\u0000\u007f\u00e9\u{1f600}');
const mixed = fc
  .array(fc.oneof(pieces, edgeChar, fc.string({ maxLength: 3 })), { maxLength: 16 })
  .map((xs) => xs.join(''));

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

  it('accepts exactly the strings the original regular expression accepts', () => {
    fc.assert(
      fc.property(fc.oneof(candidates, mixed, fc.string(), fc.webUrl({ withQueryParameters: true })), (s) => {
        expect(isRequestForm(s), JSON.stringify(s)).toBe(REQUEST_FORM_REGEX.test(s));
      }),
      { numRuns: 50_000 },
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
    ['/', true],
    ['', false],
    ['http://a/', true],
    ['http://a-/', true],
    ['https://9a.b/', true],
    ['https://a.9b/', false], // the last label starts with a digit
    ['https://a.b', false], // the host runs to the end
    ['httpx://a.b/', false],
    ['https:/a.b/', false],
    ['/a/%2E', false],
    ['/a/%2F%3A', true],
    ['/a/%2', false], // an escape cut short
    ['/a/%', false],
    ['/a?b=/./', false], // a dot segment inside the query is refused too
    ['/a?b=/..x', true],
    ['/..x/', true],
    ['/a/...', true], // three dots are a name
    ['/a#b', false],
    ['/a b', false],
    ['/a/\u00e9', false],
  ])('%s → %s', (url, expected) => {
    expect(isRequestForm(url)).toBe(expected);
  });
});
