/**
 * A context without the web platform's classes (a warehouse UDF) gets the
 * same answers or a clear error, never another answer: without
 * TextDecoder, bytes decode as TextDecoder decodes them (WHATWG Encoding,
 * UTF-8 decode; the oracle is Node's TextDecoder itself), and without URL
 * reading a URL throws an error that names URL.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeUtf8, MissingPlatformError, parseUrl } from '../../src/core/globals';
import { toRequestUrl } from '../../src/core/url';

const g = globalThis as { TextDecoder?: unknown; URL?: unknown };
const saved = { TextDecoder: g.TextDecoder, URL: g.URL };

afterEach(() => {
  g.TextDecoder = saved.TextDecoder;
  g.URL = saved.URL;
});

/** Bytes rich in UTF-8's edge cases: lead bytes, continuation bytes, surrogates' and overlong forms' bytes. */
const utf8ish = fc
  .uint8Array({ maxLength: 40 })
  .chain((noise) =>
    fc
      .array(
        fc.oneof(
          fc.constantFrom(0x41, 0x80, 0xbf, 0xc0, 0xc2, 0xdf, 0xe0, 0xa0, 0xed, 0x9f, 0xf0, 0x90, 0xf4, 0x8f, 0xff),
          fc.integer({ min: 0, max: 255 }),
        ),
        { maxLength: 40 },
      )
      .map((xs) => Uint8Array.from([...xs, ...noise])),
  );

describe('decodeUtf8 without TextDecoder', () => {
  it('gives the text and validity TextDecoder gives', () => {
    const Decoder = saved.TextDecoder as typeof TextDecoder;
    fc.assert(
      fc.property(utf8ish, (bytes) => {
        let valid = true;
        try {
          new Decoder('utf-8', { fatal: true }).decode(bytes);
        } catch {
          valid = false;
        }
        const text = new Decoder('utf-8', { ignoreBOM: true }).decode(bytes);
        g.TextDecoder = undefined;
        try {
          expect(decodeUtf8(bytes)).toEqual({ text, valid });
        } finally {
          g.TextDecoder = saved.TextDecoder;
        }
      }),
      { numRuns: 3_000 },
    );
  });
});

describe('reading URLs without the URL class', () => {
  it('throws an error that names URL instead of calling the URL invalid', () => {
    g.URL = undefined;
    expect(() => parseUrl('https://example.com/')).toThrow(MissingPlatformError);
    expect(() => toRequestUrl('https://b\u00fccher.example/')).toThrow(/no URL class/);
  });

  it('still passes a URL already in request form, which needs no parser', () => {
    g.URL = undefined;
    expect(toRequestUrl('https://example.com/a?b=1')).toMatchObject({
      url: 'https://example.com/a?b=1',
      changed: false,
    });
  });
});
