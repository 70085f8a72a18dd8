/**
 * Limits of Google's parser and crawler (docs/behaviour.md §3 and §12 Lines).
 */

/** Google's reference parser cuts every line after this many bytes (2083 × 8 − 1). */
export const MAX_LINE_BYTES = 2083 * 8 - 1;

/** Googlebot reads the first 500 KiB of a robots.txt and ignores the rest. */
export const GOOGLE_SIZE_LIMIT_BYTES = 512_000;

/** Number of UTF-8 bytes needed for the UTF-16 code unit at `i` (surrogate pairs: 4 for the pair, counted on the high half). */
export function utf8Width(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdbff) {
    const d = text.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return 4;
    return 3; // lone surrogate: encoded as U+FFFD
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const p = text.charCodeAt(i - 1);
    if (p >= 0xd800 && p <= 0xdbff) return 0; // counted on the high half
    return 3;
  }
  return 3;
}

/** UTF-8 byte length of a string. */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    n += c < 0x80 ? 1 : utf8Width(text, i);
  }
  return n;
}

/**
 * Googlebot's 500 KiB cap as a separate, visible step. For a string:
 * the text a crawler reads and the character offset where it stops (null
 * when the whole file is read); for bytes (a Uint8Array or Buffer): the
 * bytes read and the byte offset. The cut never splits a character; a
 * character that straddles the limit is left out, as its bytes would be
 * incomplete.
 */
export function applyGoogleSizeLimit(text: string, limit?: number): { text: string; cutAt: number | null };
export function applyGoogleSizeLimit(bytes: Uint8Array, limit?: number): { bytes: Uint8Array; cutAt: number | null };
export function applyGoogleSizeLimit(
  input: string | Uint8Array,
  limit = GOOGLE_SIZE_LIMIT_BYTES,
): { text: string; cutAt: number | null } | { bytes: Uint8Array; cutAt: number | null } {
  if (typeof input !== 'string') {
    if (input.length <= limit) return { bytes: input, cutAt: null };
    // Back off over continuation bytes (10xxxxxx) to the start of the straddling character.
    let cut = limit;
    while (cut > 0 && (input[cut] & 0xc0) === 0x80) cut--;
    return { bytes: input.subarray(0, cut), cutAt: cut };
  }
  const text = input;
  if (text.length * 3 <= limit) return { text, cutAt: null };
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const w = utf8Width(text, i);
    const extra = w === 4 ? 1 : 0; // the pair's low half belongs to the same character
    if (bytes + w > limit) return { text: text.slice(0, i), cutAt: i };
    bytes += w;
    i += extra;
  }
  return { text, cutAt: null };
}
