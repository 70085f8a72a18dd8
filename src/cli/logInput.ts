/**
 * An access log as batches of lines, whatever it is stored as: plain or
 * gzip (told by its first two bytes, not its name; see core/gunzip.ts), a
 * file or standard input.
 */
import { gunzipped } from '../core/gunzip';
import { type CliIo, openUserFile } from './io';
import { lineBatches } from './stream';

/** A log's lines in batches (LF or CR LF ends; gzip undone). */
export async function logBatches(io: CliIo, path: string): Promise<AsyncGenerator<string[]>> {
  return lineBatches(gunzipped(await openUserFile(io, path, 'log')));
}
