/**
 * Reads the files `robots-lab fetch --save DIR` wrote, dropped or opened in
 * the page: `<name>.json` (the record, core/fetchRecord.ts) beside
 * `<name>.txt` (the bytes kept). The body must hash to the record's SHA-256,
 * so a file edited since, or paired with the wrong record, is refused.
 */
import { readFetchRecord } from '../core/fetchRecord';
import type { OriginFile } from './origins';

async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Pairs each record with its body and reads both; a `.txt` without a record
 * is left out. Answers the files read, and one sentence per file that could not be.
 */
export async function readSavedRecords(blobs: readonly Pick<File, 'name' | 'arrayBuffer'>[]) {
  const bodies = new Map(blobs.filter((b) => b.name.endsWith('.txt')).map((b) => [b.name.slice(0, -4), b]));
  const files: OriginFile[] = [];
  const errors: string[] = [];
  for (const blob of blobs) {
    if (!blob.name.endsWith('.json')) continue;
    const name = blob.name.slice(0, -5);
    try {
      const { origin, status, kept, fetchedAt, sha256, summary, mode, reason } = readFetchRecord(
        JSON.parse(new TextDecoder().decode(await blob.arrayBuffer())),
      );
      const body = bodies.get(name);
      if (!body && kept > 0) throw new Error(`its body ${name}.txt was not among the files`);
      const bytes = body ? await body.arrayBuffer() : new ArrayBuffer(0);
      if ((await sha256Hex(bytes)) !== sha256)
        throw new Error(`${name}.txt does not hash to the record's SHA-256: fetch it again`);
      const text = new TextDecoder().decode(bytes);
      files.push({ origin, text, fetchStatus: status, record: { fetchedAt, sha256, summary, mode, reason } });
    } catch (e) {
      errors.push(`${blob.name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return { files, errors };
}
