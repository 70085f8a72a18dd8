/**
 * base64url (RFC 4648 §5) without padding, strict on the way in: a share
 * link's data is untrusted, so any character outside the alphabet, or a
 * length no encoder produces, is an error rather than silently skipped.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

/** Encodes bytes as base64url, without `=` padding. */
export function toBase64Url(bytes: Uint8Array): string {
  const out: string[] = [];
  let chunk = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const left = bytes.length - i;
    chunk += ALPHABET[(n >> 18) & 63] + ALPHABET[(n >> 12) & 63];
    if (left > 1) chunk += ALPHABET[(n >> 6) & 63];
    if (left > 2) chunk += ALPHABET[n & 63];
    // Flush in pieces: one string grown by += over megabytes is slow to read back.
    if (chunk.length >= 8192) {
      out.push(chunk);
      chunk = '';
    }
  }
  out.push(chunk);
  return out.join('');
}

/** Decodes unpadded base64url; null when the text is not exactly that. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    let n = 0;
    const end = Math.min(i + 4, text.length);
    for (let j = i; j < i + 4; j++) {
      const c = j < end ? text.charCodeAt(j) : 65; // 'A' pads the last quantum with zero bits
      const v = c < 128 ? VALUE[c] : -1;
      if (v < 0) return null;
      n = (n << 6) | v;
    }
    out[o++] = (n >> 16) & 255;
    if (end - i > 2) out[o++] = (n >> 8) & 255;
    if (end - i > 3) out[o++] = n & 255;
  }
  return out;
}
