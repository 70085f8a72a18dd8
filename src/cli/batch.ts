/**
 * `robots-lab batch`: JSON Lines in, JSON Lines out, one verdict per input
 * line in order, byte-exact like the reference (no URL normalisation, no
 * /robots.txt special case). Each distinct robots.txt is parsed once.
 */

import type { Checker, ParsedRobots } from '../core/index';
import { createChecker, parseRobotsTxt } from '../core/index';
import { type CliIo, EXIT_OK, EXIT_USAGE } from './io';
import { lineBatches, OutputBuffer } from './stream';

/**
 * How many distinct robots.txt bodies to keep parsed, and how much text in
 * all (least recently used go first). Parses take several times the text's
 * size in memory, hence the character budget. Few entries: consecutive
 * records usually share a file, and a parse kept for long survives into
 * the old generation, where it becomes costly garbage. With 256 entries,
 * 100k records of 10,000 files took 1.4-1.8 s of CPU and 111-117 MiB; with
 * 32, 1.0-1.3 s; with 8, 0.8-1.1 s and 95 MiB (interleaved runs, loaded).
 */
const PARSE_CACHE_ENTRIES = 8;
const PARSE_CACHE_CHARS = 4_000_000;

interface BatchQuery {
  robotstxt: string;
  useragent: string;
  url: string;
}

/** Checks one decoded input line; returns the query or a message saying what is wrong. */
function readQuery(value: unknown): BatchQuery | string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'expected a JSON object';
  const o = value as Record<string, unknown>;
  for (const key of ['robotstxt', 'useragent', 'url'] as const) {
    if (typeof o[key] !== 'string') return `"${key}" must be a string`;
  }
  return o as unknown as BatchQuery;
}

/** A bounded map from robots.txt text to its parse. */
class ParseCache {
  private readonly map = new Map<string, ParsedRobots>();
  private chars = 0;
  constructor(
    private readonly entries: number,
    private readonly maxChars: number,
  ) {}
  private lastText: string | null = null;
  /** The previous line's robots.txt as written in JSON, and decoded (see `sameFileQuery`). */
  lastRaw = '';
  lastRawText = '';
  private last: ParsedRobots | null = null;

  /** Checkers of the file last asked for, by user agent as given. */
  private checkersOf: ParsedRobots | null = null;
  private readonly checkers = new Map<string, Checker>();

  /**
   * The checker for a file and user agent, made once per pair while the
   * file stays the same: consecutive records usually share both.
   */
  checker(text: string, userAgent: string): Checker {
    const parsed = this.get(text);
    if (parsed !== this.checkersOf) {
      this.checkersOf = parsed;
      this.checkers.clear();
    }
    let checker = this.checkers.get(userAgent);
    if (checker === undefined) {
      checker = createChecker(parsed, { tokens: [userAgent] }, LIBRARY);
      this.checkers.set(userAgent, checker);
    }
    return checker;
  }

  get(text: string): ParsedRobots {
    // Consecutive records usually share a file: one comparison, no hashing.
    if (text === this.lastText && this.last !== null) return this.last;
    this.lastText = text;
    this.last = this.lookup(text);
    return this.last;
  }

  private lookup(text: string): ParsedRobots {
    let parsed = this.map.get(text);
    if (parsed !== undefined) {
      if (this.map.size > 1) {
        this.map.delete(text);
        this.map.set(text, parsed);
      }
      return parsed;
    }
    parsed = parseRobotsTxt(text);
    while (this.map.size > 0 && (this.map.size >= this.entries || this.chars + text.length > this.maxChars)) {
      const oldest = this.map.keys().next().value as string;
      this.map.delete(oldest);
      this.chars -= oldest.length;
    }
    this.map.set(text, parsed);
    this.chars += text.length;
    return parsed;
  }
}

/**
 * Reads JSON Lines from standard input and writes one verdict line per
 * non-blank input line, in order, as it goes (with backpressure). A line
 * that is not a valid query gets `{"error":"line N: …"}` in its place and
 * the run goes on; the exit status is then 2.
 */
export async function runBatch(io: CliIo): Promise<number> {
  const cache = new ParseCache(PARSE_CACHE_ENTRIES, PARSE_CACHE_CHARS);
  const out = new OutputBuffer(io.stdout);
  let bad = 0;
  let lineNo = 0;
  for await (const lines of lineBatches(io.stdin)) {
    for (const line of lines) {
      lineNo++;
      if (line.trim() === '') continue;
      const result = answer(line, lineNo, cache);
      // A verdict line is ASCII; an error record may quote anything.
      if (result.charCodeAt(2) === 101 /* {"e…: an error record */) {
        bad++;
        out.push(result);
      } else out.pushAscii(result);
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

/** The output line for one input line. */
function answer(line: string, lineNo: number, cache: ParseCache): string {
  let query: BatchQuery | string | null = sameFileQuery(line, cache);
  if (query === null) {
    try {
      query = readQuery(JSON.parse(line));
    } catch (err) {
      query = (err as Error).message;
    }
  }
  if (typeof query === 'string') return `${JSON.stringify({ error: `line ${lineNo}: ${query}` })}\n`;
  // The decision alone (docs/behaviour.md §12, Decision): 0 allowed by no
  // rule, +line allowed by that line, -line blocked by it.
  const d = cache.checker(query.robotstxt, query.useragent).check(query.url);
  return d === 0 ? NO_RULE : d > 0 ? `{"allowed":true,"line":${d}}\n` : `{"allowed":false,"line":${-d}}\n`;
}

const ROBOTSTXT_FIRST = '{"robotstxt":"';

/**
 * The query of a line that starts with its robots.txt as a JSON string,
 * decoding that string only when its raw text differs from the previous
 * line's: consecutive records usually share a file, and decoding a file per
 * record was most of `batch`'s garbage. Null (take the general path) for any
 * other shape, for a line that names "robotstxt" again, or when anything
 * fails to parse, so the answers and error messages are JSON.parse's.
 */
function sameFileQuery(line: string, cache: ParseCache): BatchQuery | null {
  if (!line.startsWith(ROBOTSTXT_FIRST)) return null;
  const end = stringEnd(line, ROBOTSTXT_FIRST.length);
  if (end < 0) return null;
  const raw = line.slice(ROBOTSTXT_FIRST.length - 1, end + 1);
  try {
    const robotstxt = raw === cache.lastRaw ? cache.lastRawText : (JSON.parse(raw) as string);
    const plain = plainRest(line, end);
    let query: BatchQuery | string;
    if (plain !== null) query = { robotstxt, useragent: plain[0], url: plain[1] };
    else {
      const rest = line.slice(end + 1);
      if (rest.includes('robotstxt') || rest.includes('\\u')) return null;
      query = readQuery(JSON.parse(`{"robotstxt":""${rest}`));
      if (typeof query === 'string') return null;
      query.robotstxt = robotstxt;
    }
    cache.lastRaw = raw;
    cache.lastRawText = robotstxt;
    return query;
  } catch {
    return null;
  }
}

const USERAGENT_NEXT = '","useragent":"';
const URL_NEXT = '","url":"';
/** A backslash or a control character: JSON text that is not its own value. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON.parse refuses raw.
const NOT_PLAIN = /[\\\u0000-\u001f]/;

/**
 * The user agent and URL of a line that ends exactly
 * `","useragent":"UA","url":"URL"}` after its robots.txt (closing quote at
 * `end`), both with no escape and no control character: then they are
 * their own values, as JSON.parse would read them. Null for anything else
 * (other order, spaces, escapes), which takes JSON.parse.
 */
function plainRest(line: string, end: number): [string, string] | null {
  if (!line.startsWith(USERAGENT_NEXT, end)) return null;
  const uaFrom = end + USERAGENT_NEXT.length;
  const uaEnd = line.indexOf('"', uaFrom);
  if (uaEnd < 0 || !line.startsWith(URL_NEXT, uaEnd)) return null;
  const urlFrom = uaEnd + URL_NEXT.length;
  const urlEnd = line.length - 2;
  if (line.charCodeAt(urlEnd + 1) !== 0x7d || line.indexOf('"', urlFrom) !== urlEnd) return null;
  const useragent = line.slice(uaFrom, uaEnd);
  const url = line.slice(urlFrom, urlEnd);
  if (NOT_PLAIN.test(useragent) || NOT_PLAIN.test(url)) return null;
  return [useragent, url];
}

/** The index of the quote that closes the JSON string whose text starts at `from`, or -1. */
function stringEnd(line: string, from: number): number {
  for (let q = line.indexOf('"', from); q !== -1; q = line.indexOf('"', q + 1)) {
    let backslashes = 0;
    while (line.charCodeAt(q - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return q;
  }
  return -1;
}

/** Google's library semantics: /robots.txt is judged like any other path. */
const LIBRARY = { robotsTxtAlwaysAllowed: false };
const NO_RULE = '{"allowed":true,"line":null}\n';
