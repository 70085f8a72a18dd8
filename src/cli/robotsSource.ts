/**
 * Where a command's robots.txt comes from: a file, standard input ("-"), or
 * a URL or bare host (`https://example.com/robots.txt`, `example.com`),
 * fetched as Google does (docs/fetch.md). A bare host is fetched only when
 * no file of that name exists, so `robots.txt` stays a file.
 */
import { robotsLocation } from '../core/fetch';
import type { RobotsFetchRecord } from '../core/fetchRecord';
import { defaultUserAgent, FETCH_DEFAULTS, type FetchSettings, RobotsFetcher } from '../net/fetcher';
import { CliError, type CliIo, readUserFile } from './io';
import { version } from './meta';

/** A robots.txt's bytes, the name notes use, and the fetch behind it (null for a file). */
export interface RobotsSource {
  name: string;
  bytes: Uint8Array;
  fetched: RobotsFetchRecord | null;
}

const URL_START = /^https?:\/\//i;
const BARE_HOST = /^(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::\d+)?\/?$/i;

/** The default fetch settings, for commands with no fetch flags of their own. */
function defaultFetchSettings(): FetchSettings {
  return {
    ...FETCH_DEFAULTS,
    userAgent: defaultUserAgent(version()),
    connectTo: [],
    cacheDir: null,
    saveDir: null,
  };
}

/** Reads `arg` as a file, or fetches it when it is a URL or a bare host that names no file. */
export async function resolveRobotsSource(
  io: CliIo,
  arg: string,
  settings: () => FetchSettings = defaultFetchSettings,
): Promise<RobotsSource> {
  if (arg !== '-' && !URL_START.test(arg)) {
    try {
      return { name: arg, bytes: await io.readFile(arg), fetched: null };
    } catch (err) {
      const missing = (err as { code?: string }).code === 'ENOENT';
      if (!missing || !BARE_HOST.test(arg) || /\.txt$/i.test(arg)) return readAsFile(io, arg);
    }
  }
  if (arg === '-') return readAsFile(io, arg);
  const at = robotsLocation(arg);
  if ('error' in at) throw new CliError(at.error);
  const { record, body } = await new RobotsFetcher(settings()).fetch(at.origin, at.url);
  if (record.kind !== 'file') io.stderr.write(`note: ${record.url}: ${record.summary}. ${record.reason}\n`);
  return { name: record.url, bytes: body, fetched: record };
}

/** `readUserFile`'s bytes and errors, for a path that is a file after all. */
async function readAsFile(io: CliIo, path: string): Promise<RobotsSource> {
  return { name: path, bytes: await readUserFile(io, path, 'robots.txt'), fetched: null };
}

/**
 * The bytes of a robots.txt for a command that reads a file's text (diff):
 * a fetch that found no file but allows everything (4xx, redirects to
 * nowhere) reads as an empty file; one that blocks everything (5xx, 429, no
 * answer) has no file to compare and is refused with its reason.
 */
export async function robotsFileBytes(io: CliIo, arg: string): Promise<{ name: string; bytes: Uint8Array }> {
  const source = await resolveRobotsSource(io, arg);
  const fetched = source.fetched;
  if (fetched === null || fetched.mode === 'rules') return source;
  if (fetched.mode === 'allow-all') return { name: source.name, bytes: new Uint8Array(0) };
  throw new CliError(`${fetched.url} has no file to read: ${fetched.summary}. ${fetched.reason}`);
}
