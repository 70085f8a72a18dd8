/**
 * `robots-lab fetch URL|HOST…`: each origin's /robots.txt fetched as Google
 * does, and per origin the outcome the rest of the tool uses: status,
 * redirects, headers, bytes, SHA-256, the body kept and what it means
 * (docs/fetch.md). Origins are fetched in parallel; the output keeps the
 * order they were given in. Also the fetch flags every command that takes
 * a robots.txt URL shares (check, diff, lint, is-allowed; defined in
 * flags.ts), and that robots.txt read or fetched (src/net/robotsSource.ts)
 * with the CLI's messages.
 */
import { robotsLocation } from '../core/fetch';
import { GOOGLE_SIZE_LIMIT_BYTES } from '../core/limits';
import { defaultUserAgent, FETCH_DEFAULTS, type FetchSettings, RobotsFetcher } from '../net/fetcher';
import type { ConnectTo, FetchedRobots } from '../net/fetchRobots';
import { type RobotsSource, resolveRobotsSource } from '../net/robotsSource';
import { flag, flags, type ParsedArgs } from './args';
import { CliError, type CliIo, EXIT_OK, fileError, readUserFile } from './io';
import { version } from './meta';

/** Runs `fetch`; resolves to 0 whatever the servers answered (their answers are the output). */
export async function runFetch(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positional.length === 0) throw new CliError('fetch needs a URL or host: robots-lab fetch example.com');
  // The flag table checks the value against fetch's choices.
  const format = (flag(args, 'format') ?? 'table') as 'table' | 'json' | 'jsonl';
  const origins = new Map<string, string>();
  for (const arg of args.positional) {
    const at = robotsLocation(arg);
    if ('error' in at) throw new CliError(at.error);
    origins.set(at.origin, at.url);
  }
  const fetcher = new RobotsFetcher(fetchSettings(args));
  const results = [...origins].map(([origin, url]) => fetcher.fetch(origin, url));
  if (format === 'json') io.stdout.write('[');
  for (let i = 0; i < results.length; i++) {
    const fetched = await results[i];
    if (format === 'table') io.stdout.write(asText(fetched, i === 0));
    else {
      // The record with the kept body as text (UTF-8, as a crawler decodes it).
      const record = { ...fetched.record, body: new TextDecoder().decode(fetched.body) };
      const line = JSON.stringify(record, null, format === 'json' ? 2 : undefined);
      io.stdout.write(format === 'json' ? `${i === 0 ? '\n' : ',\n'}${line}` : `${line}\n`);
    }
  }
  if (format === 'json') io.stdout.write('\n]\n');
  return EXIT_OK;
}

/** One origin as a block of labelled lines, then its body, indented. */
function asText({ record: r, body }: FetchedRobots, first: boolean): string {
  const lines = [`${first ? '' : '\n'}${r.origin}`];
  const field = (label: string, value: string | number | null) => {
    if (value !== null) lines.push(`  ${label.padEnd(14)}${value}`);
  };
  field(
    'status',
    r.error !== null ? `none (${r.error})` : r.revalidated ? `${r.status} (304: unchanged since the cache)` : r.status,
  );
  field('meaning', `${r.summary}. ${r.reason}`);
  for (const hop of r.redirects) field('redirect', `${hop.status} ${hop.from} → ${hop.to}`);
  field('redirects end', r.redirectEnd);
  field('content type', r.contentType);
  field('encoding', r.contentEncoding);
  field('last modified', r.lastModified);
  field('etag', r.etag);
  field('fetched at', r.fetchedAt);
  field('bytes', r.truncated ? `${r.bytes} (the first ${r.kept} kept)` : r.bytes);
  field('sha256', r.sha256);
  if (body.length > 0) {
    lines.push('  body');
    const text = new TextDecoder().decode(body);
    const bodyLines = text.split(/\r\n|\r|\n/);
    // A final line break ends the last line; it does not start another.
    if (bodyLines.at(-1) === '') bodyLines.pop();
    for (const line of bodyLines) lines.push(`  | ${line}`);
    if (r.truncated) {
      lines.push(
        `  [cut here: Google reads only the first ${GOOGLE_SIZE_LIMIT_BYTES.toLocaleString('en-US')} of ${r.bytes.toLocaleString('en-US')} bytes]`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

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
