/**
 * Raw DEFLATE. Compressing goes through the platform's `CompressionStream`
 * (a state of megabytes compresses several times faster there than in
 * JavaScript) or, in a browser without it (Safari before 16.4, Firefox
 * before 113), through fflate, loaded only then. Inflating is always
 * fflate's streaming inflater, stopped at a byte cap: the input may be
 * hostile, and a link's data is small. The bytes are the same format either
 * way, so a link made in one browser opens in any other.
 */

/** Compresses bytes with raw DEFLATE. */
export async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  if (typeof CompressionStream !== 'function') return (await import('fflate')).deflateSync(bytes);
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Why inflating failed. */
export type InflateError = 'corrupt' | 'too-large';

/** How much compressed input the inflater gets at a time, so that no single step inflates a "zip bomb" whole. */
const STEP = 1024;

/** Decompresses raw DEFLATE, giving up as soon as the output would exceed `maxBytes`. */
export async function inflateRaw(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array | InflateError> {
  const { Inflate } = await import('fflate');
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total <= maxBytes) chunks.push(chunk);
    ended = final;
  });
  try {
    for (let at = 0; at < bytes.length && total <= maxBytes; at += STEP) {
      inflater.push(bytes.subarray(at, at + STEP), at + STEP >= bytes.length);
    }
    if (bytes.length === 0) inflater.push(bytes, true);
  } catch {
    return 'corrupt';
  }
  if (total > maxBytes) return 'too-large';
  return ended ? new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer()) : 'corrupt';
}
