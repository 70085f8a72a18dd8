/**
 * Whether bytes someone opened as a robots.txt are text at all. A robots.txt
 * may hold a stray NUL or a few bytes that are not UTF-8 (Google reads those,
 * docs/behaviour.md §13), so one odd byte is not enough: a file is named "not
 * text" when its first 64 KiB hold NUL bytes by the dozen, or when most of
 * them are control characters or bytes that do not decode as UTF-8 (an
 * image, a PDF, an archive saved as robots.txt).
 */

/** How much of a file is looked at. */
const SAMPLE = 64 * 1024;
/** NUL bytes from which a sample is binary, whatever else it holds. */
const NULS = 8;
/** The share of control or undecodable bytes from which a sample is binary. */
const NOISE = 0.3;

/** Why `bytes` are not text ("it holds NUL bytes", …), or null when they read as text. */
export function notTextReason(bytes: Uint8Array): string | null {
  const n = Math.min(bytes.length, SAMPLE);
  if (n === 0) return null;
  let nuls = 0;
  let noise = 0;
  for (let i = 0; i < n; ) {
    const b = bytes[i];
    if (b === 0) nuls++;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) noise++;
    if (b < 0x80) {
      i++;
      continue;
    }
    const len = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    let ok = len > 0 && i + len <= n;
    for (let k = 1; ok && k < len; k++) ok = (bytes[i + k] & 0xc0) === 0x80;
    if (ok) i += len;
    else {
      noise++;
      i++;
    }
  }
  if (nuls >= NULS) return 'it holds NUL bytes, which text files do not';
  if (noise > n * NOISE) return 'most of its bytes are neither text nor UTF-8';
  return null;
}
