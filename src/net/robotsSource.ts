/**
 * Where a robots.txt comes from: a file, or a URL or bare host
 * (`https://example.com/robots.txt`, `example.com`), fetched as Google does
 * (docs/fetch.md). A bare host is fetched only when no file of that name
 * exists, so `robots.txt` stays a file.
 */
import { robotsLocation } from '../core/fetch';
import type { RobotsFetchRecord } from '../core/fetchRecord';
import { type FetchSettings, RobotsFetcher } from './fetcher';

/** A robots.txt's bytes, the name notes use, and the fetch behind it (null for a file). */
export interface RobotsSource {
  name: string;
  bytes: Uint8Array;
  fetched: RobotsFetchRecord | null;
}

/** How to read a file and fetch a URL. */
export interface RobotsSourceOptions {
  /** Reads a file; rejects with a Node-style error (`code: 'ENOENT'` when there is none). */
  readFile(path: string): Promise<Uint8Array>;
  /** The fetch settings, asked for only when something is fetched. */
  settings(): FetchSettings;
}

const URL_START = /^https?:\/\//i;
const BARE_HOST = /^(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::\d+)?\/?$/i;

/**
 * Reads `arg` as a file, or fetches it when it is a URL or a bare host that
 * names no file (and does not end in .txt). A file that cannot be read
 * rejects with `readFile`'s error; a URL that names no robots.txt location
 * with an Error saying why. A fetch that found no file still resolves: its
 * record's `mode` says what that means (4xx allows all, 5xx blocks all).
 */
export async function resolveRobotsSource(arg: string, options: RobotsSourceOptions): Promise<RobotsSource> {
  if (!URL_START.test(arg)) {
    try {
      return { name: arg, bytes: await options.readFile(arg), fetched: null };
    } catch (err) {
      const missing = (err as { code?: string }).code === 'ENOENT';
      if (!missing || !BARE_HOST.test(arg) || /\.txt$/i.test(arg)) throw err;
    }
  }
  const at = robotsLocation(arg);
  if ('error' in at) throw new Error(at.error);
  const { record, body } = await new RobotsFetcher(options.settings()).fetch(at.origin, at.url);
  return { name: record.url, bytes: body, fetched: record };
}
