/**
 * An access log as batches of lines, whatever it is stored as: plain or
 * gzip (told by its first two bytes, not its name), a file or standard
 * input.
 */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { type CliIo, openUserFile } from './io';
import { lineBatches } from './stream';

/** The chunks of a source with its first chunk looked at: gunzipped when it starts with gzip's magic bytes. */
async function* maybeGunzip(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const it = source[Symbol.asyncIterator]();
  const head = await it.next();
  if (head.done) return;
  const rest = (async function* () {
    yield head.value;
    for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
  })();
  if (head.value.length >= 2 && head.value[0] === 0x1f && head.value[1] === 0x8b) {
    // A stream, so a log of gigabytes never sits in memory; concatenated members (rotated logs joined) are read on.
    yield* Readable.from(rest).pipe(createGunzip()) as AsyncIterable<Uint8Array>;
  } else yield* rest;
}

/** A log's lines in batches (LF or CR LF ends; gzip undone). */
export async function logBatches(io: CliIo, path: string): Promise<AsyncGenerator<string[]>> {
  return lineBatches(maybeGunzip(await openUserFile(io, path, 'log')));
}
