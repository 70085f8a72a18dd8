/**
 * SHA-256 of a robots.txt, for the stamp on each row: the hash of the bytes
 * that decided, so a study can show which file version it judged. Pure
 * JavaScript (@noble/hashes, bundled) with our own UTF-8 encoder, because a
 * warehouse UDF has neither `crypto` nor `TextEncoder`.
 */
import { sha256 } from '@noble/hashes/sha2.js';

/** The UTF-8 bytes of `text` (lone surrogates as U+FFFD, as `TextEncoder` writes them). */
function utf8Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 3);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[n++] = c;
      continue;
    }
    if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        out[n++] = 0xf0 | (cp >> 18);
        out[n++] = 0x80 | ((cp >> 12) & 0x3f);
        out[n++] = 0x80 | ((cp >> 6) & 0x3f);
        out[n++] = 0x80 | (cp & 0x3f);
        i++;
        continue;
      }
      c = 0xfffd;
    }
    out[n++] = 0xe0 | (c >> 12);
    out[n++] = 0x80 | ((c >> 6) & 0x3f);
    out[n++] = 0x80 | (c & 0x3f);
  }
  return out.subarray(0, n);
}

const HEX = '0123456789abcdef';

/** The SHA-256 of a text's UTF-8 bytes, or of the bytes given, in lower-case hex. */
export function sha256Hex(input: string | Uint8Array): string {
  const digest = sha256(typeof input === 'string' ? utf8Bytes(input) : input);
  let hex = '';
  for (const b of digest) hex += HEX[b >> 4] + HEX[b & 15];
  return hex;
}
