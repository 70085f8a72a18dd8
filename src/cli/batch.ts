/**
 * `robots-lab batch`: JSON Lines in, JSON Lines out, one verdict per input
 * line in order, byte-exact like the reference: the user agent compared as
 * given, no URL normalisation, no /robots.txt special case, no size cap.
 * A body that is not UTF-8 comes as `robotstxt_base64`. Each distinct
 * robots.txt is parsed once while it is among the last few seen, and each
 * user agent's checker made once per file.
 */
import { type Checker, createChecker, parseRobotsTxt } from '../core/index';
import { type ParsedArgs, UsageError } from './args';
import { type CliIo, EXIT_OK, EXIT_USAGE } from './io';
import { lineBatches, OutputBuffer } from './stream';

/**
 * Distinct robots.txt bodies kept parsed (least recently used go first).
 * Few: consecutive records usually share a file, and a parse kept long
 * survives into the old generation, where it is costly garbage.
 */
const FILES_KEPT = 8;
/** User agents remembered per file (a harness asks a handful per file). */
const AGENTS_PER_FILE = 16;

/** One query, checked. */
interface BatchQuery {
  /** The body's cache key: its text, or its base64 marked as such. */
  key: string;
  body: string | Uint8Array;
  useragent: string;
  url: string;
}

/** Checks one decoded input line; returns the query or a message saying what is wrong. */
function readQuery(value: unknown): BatchQuery | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'expected a JSON object';
  const o = value as Record<string, unknown>;
  for (const key of ['useragent', 'url'] as const) {
    if (typeof o[key] !== 'string') return `"${key}" must be a string`;
  }
  const { robotstxt, robotstxt_base64: b64 } = o;
  if ((robotstxt === undefined) === (b64 === undefined)) return 'give one of "robotstxt" and "robotstxt_base64"';
  if (robotstxt !== undefined && typeof robotstxt !== 'string') return '"robotstxt" must be a string';
  if (b64 !== undefined && (typeof b64 !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 !== 0)) {
    return '"robotstxt_base64" must be base64 (RFC 4648, padded)';
  }
  const body = robotstxt ?? Buffer.from(b64 as string, 'base64');
  const key = typeof robotstxt === 'string' ? `t${robotstxt}` : `b${b64}`;
  return { key, body, useragent: o.useragent as string, url: o.url as string };
}

/** A parsed file and the checkers made for it so far. */
interface FileEntry {
  key: string;
  checkers: Map<string, Checker>;
  parsed: ReturnType<typeof parseRobotsTxt>;
}

/**
 * The checker for a query's file and user agent, from the last few files
 * parsed (most recent first; the query's file moves to the front).
 */
function checkerFor(files: FileEntry[], query: BatchQuery): Checker {
  const at = files.findIndex((e) => e.key === query.key);
  if (at !== 0) {
    files.unshift(
      at === -1 ? { key: query.key, checkers: new Map(), parsed: parseRobotsTxt(query.body) } : files.splice(at, 1)[0],
    );
    if (files.length > FILES_KEPT) files.pop();
  }
  const file = files[0];
  let checker = file.checkers.get(query.useragent);
  if (checker === undefined) {
    const options = { robotsTxtAlwaysAllowed: false, exactToken: true };
    checker = createChecker(file.parsed, { tokens: [query.useragent] }, options);
    if (file.checkers.size < AGENTS_PER_FILE) file.checkers.set(query.useragent, checker);
  }
  return checker;
}

/**
 * Reads JSON Lines from standard input and writes one verdict line per
 * non-blank input line, in order, as it goes (with backpressure). A line
 * that is not a valid query gets `{"error":"line N: …"}` in its place and
 * the run goes on; the exit status is then 2.
 */
export async function runBatch(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positional.length > 0) {
    throw new UsageError(`batch reads standard input and takes no arguments (got "${args.positional[0]}")`, 'batch');
  }
  const files: FileEntry[] = [];
  const out = new OutputBuffer(io.stdout);
  let bad = 0;
  let lineNo = 0;
  for await (const lines of lineBatches(io.stdin)) {
    for (const line of lines) {
      lineNo++;
      if (line.trim() === '') continue;
      let query: BatchQuery | string;
      try {
        query = readQuery(JSON.parse(line));
      } catch (err) {
        query = (err as Error).message;
      }
      if (typeof query === 'string') {
        bad++;
        out.push(`${JSON.stringify({ error: `line ${lineNo}: ${query}` })}\n`);
        continue;
      }
      // The decision alone (docs/behaviour.md §12, Decision): 0 allowed by no rule, ±line by that line.
      const d = checkerFor(files, query).decide(query.url);
      out.pushAscii(d === 0 ? NO_RULE : `{"allowed":${d > 0},"line":${Math.abs(d)}}\n`);
    }
    if (out.full) await out.flush();
  }
  await out.flush();
  if (bad > 0) {
    io.stderr.write(`robots-lab batch: ${bad} malformed input line${bad === 1 ? '' : 's'}\n`);
    return EXIT_USAGE;
  }
  return EXIT_OK;
}

const NO_RULE = '{"allowed":true,"line":null}\n';
