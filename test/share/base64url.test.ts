/** base64url for share links, checked against Node's Buffer (an independent encoder). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from '../../src/share/base64url';

describe('base64url', () => {
  it('encodes as Buffer does and decodes back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = toBase64Url(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64url'));
        expect(fromBase64Url(text)).toEqual(bytes);
      }),
    );
  });

  it('encodes inputs longer than one internal chunk', () => {
    const bytes = new Uint8Array(50_000).map((_, i) => (i * 7919) & 255);
    expect(toBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
  });

  it('refuses characters outside the alphabet, padding and impossible lengths', () => {
    for (const bad of ['ab+c', 'ab/c', 'abc=', 'ab c', 'abcde', 'é', 'abc\u0000'])
      expect(fromBase64Url(bad)).toBeNull();
    expect(fromBase64Url('')).toEqual(new Uint8Array());
  });
});
