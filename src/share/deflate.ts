/**
 * Raw DEFLATE through the platform's `CompressionStream` and
 * `DecompressionStream` (current browsers and Node ≥ 20 have both). A
 * browser without them (Safari before 16.4, Firefox before 113) gets
 * fflate, loaded only then: the bytes are the same format either way, so a
 * link made in one browser opens in any other. Inflating stops at a byte
 * cap: the input may be hostile.
 */

const hasStreams = (): boolean => typeof CompressionStream === 'function' && typeof DecompressionStream === 'function';

/** Compresses bytes with raw DEFLATE. */
export async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  if (!hasStreams()) return (await import('fflate')).deflateSync(bytes);
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Why inflating failed. */
export type InflateError = 'corrupt' | 'too-large';

function join(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** How much compressed input fflate gets at a time, so that no single step inflates a "zip bomb" whole. */
const FALLBACK_STEP = 1024;

/** fflate's streaming inflater, fed in small steps and stopped at the cap. */
async function inflateFallback(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array | InflateError> {
  const { Inflate } = await import('fflate');
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total <= maxBytes) chunks.push(chunk);
    if (final) ended = true;
  });
  try {
    for (let at = 0; at < bytes.length && total <= maxBytes; at += FALLBACK_STEP) {
      inflater.push(bytes.subarray(at, at + FALLBACK_STEP), at + FALLBACK_STEP >= bytes.length);
    }
    if (bytes.length === 0) inflater.push(bytes, true);
  } catch {
    return 'corrupt';
  }
  if (total > maxBytes) return 'too-large';
  return ended ? join(chunks, total) : 'corrupt';
}

/**
 * Decompresses raw DEFLATE, giving up as soon as the output would exceed
 * `maxBytes` (the reader is cancelled, so no more is inflated).
 */
export async function inflateRaw(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array | InflateError> {
  if (!hasStreams()) return inflateFallback(bytes, maxBytes);
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
  return join(chunks, total);
}
