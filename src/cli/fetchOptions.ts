/**
 * The fetch options shared by `fetch` and by every command that takes a
 * robots.txt URL (check, diff, lint, is-allowed): read from parsed flags
 * (defined in flags.ts) into the fetcher's settings.
 */

import { defaultUserAgent, FETCH_DEFAULTS, type FetchSettings } from '../net/fetcher';
import type { ConnectTo } from '../net/fetchRobots';
import { flag, flags, type ParsedArgs } from './args';
import { CliError } from './io';
import { version } from './meta';

/** The fetcher's settings from parsed flags (defaults where absent). */
export function fetchSettings(args: ParsedArgs): FetchSettings {
  return {
    userAgent: flag(args, 'user-agent') ?? defaultUserAgent(version()),
    timeoutMs: whole(flag(args, 'timeout'), 'timeout', FETCH_DEFAULTS.timeoutMs, 1, 600_000),
    concurrency: whole(flag(args, 'concurrency'), 'concurrency', FETCH_DEFAULTS.concurrency, 1, 1024),
    perOrigin: whole(flag(args, 'per-origin'), 'per-origin', FETCH_DEFAULTS.perOrigin, 1, 64),
    connectTo: flags(args, 'connect-to').map(connectTo),
    cacheDir: flag(args, 'cache') ?? null,
    saveDir: flag(args, 'save') ?? null,
  };
}

function whole(value: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= min && n <= max)) throw new CliError(`--${name} takes a whole number from ${min} to ${max}`);
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
