/**
 * The fetch options shared by `fetch` and by every command that takes a
 * robots.txt URL (check, diff, lint, is-allowed): read from parsed flags
 * (defined in flags.ts) into the fetcher's settings; and that robots.txt
 * read or fetched (src/net/robotsSource.ts) with the CLI's messages.
 */

import { defaultUserAgent, FETCH_DEFAULTS, type FetchSettings } from '../net/fetcher';
import type { ConnectTo } from '../net/fetchRobots';
import { type RobotsSource, resolveRobotsSource } from '../net/robotsSource';
import { flag, flags, type ParsedArgs } from './args';
import { CliError, type CliIo, fileError, readUserFile } from './io';
import { version } from './meta';

/**
 * A command's robots.txt: standard input ("-"), a file, or a URL or host
 * fetched with the command's fetch flags; a fetch that found no file is
 * named on standard error with what that means.
 */
export async function readRobotsSource(io: CliIo, arg: string, args: ParsedArgs): Promise<RobotsSource> {
  if (arg === '-') return { name: arg, bytes: await readUserFile(io, arg, 'robots.txt'), fetched: null };
  let source: RobotsSource;
  try {
    source = await resolveRobotsSource(arg, { readFile: io.readFile, settings: () => fetchSettings(args) });
  } catch (err) {
    if ((err as { code?: string }).code !== undefined) throw fileError(err, arg, 'robots.txt');
    throw new CliError((err as Error).message);
  }
  const r = source.fetched;
  if (r !== null && r.kind !== 'file') io.stderr.write(`note: ${r.url}: ${r.summary}. ${r.reason}\n`);
  return source;
}

/** The fetcher's settings from parsed flags (defaults where absent). */
export function fetchSettings(args: ParsedArgs): FetchSettings {
  return {
    userAgent: flag(args, 'user-agent') ?? defaultUserAgent(version()),
    timeoutMs: wholeFlag(args, 'timeout', FETCH_DEFAULTS.timeoutMs, 600_000),
    concurrency: wholeFlag(args, 'concurrency', FETCH_DEFAULTS.concurrency, 1024),
    perOrigin: wholeFlag(args, 'per-origin', FETCH_DEFAULTS.perOrigin, 64),
    connectTo: flags(args, 'connect-to').map(connectTo),
    cacheDir: flag(args, 'cache') ?? null,
    saveDir: flag(args, 'save') ?? null,
  };
}

/** A flag's whole number from 1 to `max`; `fallback` when the flag is absent. */
export function wholeFlag(args: ParsedArgs, name: string, fallback: number, max: number): number {
  const value = flag(args, name);
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= 1 && n <= max)) throw new CliError(`--${name} takes a whole number from 1 to ${max}`);
  return n;
}

/** `HOST:PORT:HOST2:PORT2` (curl's --connect-to; HOST and PORT may be empty to match any origin). */
function connectTo(value: string): ConnectTo {
  const m = /^([^:]*):(\d*):([^:]+|\[[^\]]+\]):(\d+)$/.exec(value);
  if (!m || (m[1] === '') !== (m[2] === '')) {
    throw new CliError(`--connect-to takes HOST:PORT:HOST2:PORT2, or ::HOST2:PORT2 for every origin (got "${value}")`);
  }
  return {
    from: m[1] === '' ? '' : `${m[1].toLowerCase()}:${m[2]}`,
    host: m[3].replace(/^\[|\]$/g, ''),
    port: Number(m[4]),
  };
}
