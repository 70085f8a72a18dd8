/**
 * Fetch records on disk: one origin, two files named after it,
 * `<scheme>_<host>[_<port>].json` (the record) and `….txt` (the bytes kept),
 * so a later run finds an origin's record without listing the folder.
 * `fetch --save` and `--cache` write them; `--cache` and `check
 * --robots-dir` read them back.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readFetchRecord } from '../core/fetchRecord';
import type { FetchedRobots } from './fetchRobots';

/** The file name (without extension) of an origin's record: `https://a.example:8443` → `https_a.example_8443`. */
function recordName(origin: string): string {
  return origin.replace(/:\/\//, '_').replace(/[^A-Za-z0-9.-]/g, '_');
}

/** Writes an origin's record and body into `dir` (made if missing). */
export async function saveFetched(dir: string, fetched: FetchedRobots): Promise<void> {
  await mkdir(dir, { recursive: true });
  const name = recordName(fetched.record.origin);
  await writeFile(join(dir, `${name}.txt`), fetched.body);
  await writeFile(join(dir, `${name}.json`), `${JSON.stringify(fetched.record, null, 2)}\n`);
}

/**
 * Reads an origin's record and body from `dir`; null when none was saved.
 * Throws an Error naming the file when the record is unreadable or the
 * body's SHA-256 is not the record's (an edited or half-written file).
 */
export async function loadFetched(dir: string, origin: string): Promise<FetchedRobots | null> {
  const name = recordName(origin);
  const jsonPath = join(dir, `${name}.json`);
  let json: string;
  try {
    json = await readFile(jsonPath, 'utf8');
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return null;
    throw err;
  }
  let record: FetchedRobots['record'];
  try {
    record = readFetchRecord(JSON.parse(json));
  } catch (err) {
    throw new Error(`${jsonPath}: not a robots-lab fetch record: ${(err as Error).message}`);
  }
  const bodyPath = join(dir, `${name}.txt`);
  const body = new Uint8Array(await readFile(bodyPath));
  const sha = createHash('sha256').update(body).digest('hex');
  if (sha !== record.sha256) {
    throw new Error(`${bodyPath}: its SHA-256 is not the one its record (${name}.json) names; fetch it again`);
  }
  return { record, body };
}
