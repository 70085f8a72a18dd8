/**
 * An access log as batches of lines, whatever it is stored as: plain or
 * gzip (told by its first two bytes, not its name), a file or standard
 * input; and the reader for its format, told by its first line unless the
 * user says.
 */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import {
  CombinedLogReader,
  CsvLogReader,
  type FieldMapping,
  JsonLinesReader,
  type LogLineReader,
  looksLikeClf,
} from '../core/logs/index';
import { type CliIo, openUserFile } from './io';
import { lineBatches } from './stream';

export const LOG_FORMATS = ['auto', 'combined', 'jsonl', 'csv'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

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

/** The reader for a format; `auto` looks at the log's first non-blank line. */
export function readerFor(format: LogFormat, firstLine: string, fields: FieldMapping): LogLineReader {
  const f = format === 'auto' ? sniff(firstLine) : format;
  if (f === 'jsonl') return new JsonLinesReader(fields);
  if (f === 'csv') return new CsvLogReader(fields);
  return new CombinedLogReader();
}

function sniff(line: string): Exclude<LogFormat, 'auto'> {
  const t = line.trimStart();
  if (t.startsWith('{')) return 'jsonl';
  if (looksLikeClf(line)) return 'combined';
  // A first line that is neither JSON nor a log line is taken as a CSV header.
  return /[,;\t]/.test(line) ? 'csv' : 'combined';
}
