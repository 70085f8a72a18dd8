/**
 * Raw DEFLATE through the platform's `CompressionStream` and
 * `DecompressionStream` (browsers and Node ≥ 20 have both), so no library
 * is needed. Inflating stops at a byte cap: the input may be hostile.
 */

/** Compresses bytes with raw DEFLATE. */
export async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Why inflating failed. */
export type InflateError = 'corrupt' | 'too-large';

/**
 * Decompresses raw DEFLATE, giving up as soon as the output would exceed
 * `maxBytes` (the reader is cancelled, so no more is inflated).
 */
export async function inflateRaw(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array | InflateError> {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return 'too-large';
      }
      chunks.push(value);
    }
  } catch {
    return 'corrupt';
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
