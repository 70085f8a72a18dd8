/**
 * `robots-lab batch`: JSON Lines in, JSON Lines out, one verdict per input
 * line in order, byte-exact like the reference (no URL normalisation, no
 * /robots.txt special case). Each distinct robots.txt is parsed once, for
 * its groups and rules only (`parseForDecisions`), and each set of groups
 * an agent obeys is compiled once.
 */

import type { CompiledRules, ParsedRobots } from '../core/index';
import { chooseGroups, compiledFor, compileRules, getPathParamsQuery, parseRobotsTxt } from '../core/index';
import { parseForDecisions } from '../core/parse';
import { type ParsedArgs, UsageError } from './args';
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

/** Files of at most this many groups have their groups chosen by bit mask (see `FileRules.byMask`). */
const MASK_GROUPS = 31;
/** User agents remembered per file (a harness asks a handful per file). */
const AGENTS_PER_FILE = 16;

/** ASCII case-insensitive equality, as the reference compares product tokens (docs/behaviour.md §5). */
function sameToken(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x >= 0x41 && x <= 0x5a) x += 32;
    if (y >= 0x41 && y <= 0x5a) y += 32;
    if (x !== y) return false;
  }
  return true;
}

/**
 * One distinct robots.txt and the rules each user agent asked about obeys.
 * A harness asks several agents per file, most of which fall to the same
 * groups (`*`): the rules are compiled once per set of groups, and a set is
 * found by bit mask, with no key string or selection object per agent.
 */
class FileRules {
  private readonly agents: string[] = [];
  private readonly rulesOfAgent: (CompiledRules | null)[] = [];
  private readonly masks: number[] = [];
  private readonly rulesOfMask: CompiledRules[] = [];

  constructor(readonly parsed: ParsedRobots) {}

  /** The compiled rules `userAgent` obeys (used as given, as its product token), or null when no group applies. */
  rules(userAgent: string): CompiledRules | null {
    const agents = this.agents;
    for (let i = 0; i < agents.length; i++) if (agents[i] === userAgent) return this.rulesOfAgent[i];
    const rules = this.parsed.groups.length <= MASK_GROUPS ? this.byMask(userAgent) : this.byEngine(userAgent);
    if (agents.length < AGENTS_PER_FILE) {
      agents.push(userAgent);
      this.rulesOfAgent.push(rules);
    }
    return rules;
  }

  /** Large files: the engine's own choice and cache (`chooseGroups`, `compiledFor`). */
  private byEngine(userAgent: string): CompiledRules | null {
    const choice = chooseGroups(this.parsed, [userAgent], false);
    return choice.kind === 'none' ? null : compiledFor(this.parsed, choice.groups);
  }

  /**
   * `chooseGroups` for one token, as a mask: the groups with an agent line
   * naming the token, else the groups with a `*` line (and none naming it).
   */
  private byMask(userAgent: string): CompiledRules | null {
    let named = 0;
    let global = 0;
    for (const g of this.parsed.groups) {
      let isNamed = false;
      let isGlobal = false;
      for (const a of g.agents) {
        if (a.isGlobal) isGlobal = true;
        else if (sameToken(a.productToken, userAgent)) isNamed = true;
      }
      if (isNamed) named |= 1 << g.index;
      else if (isGlobal) global |= 1 << g.index;
    }
    const mask = named !== 0 ? named : global;
    if (mask === 0) return null;
    const at = this.masks.indexOf(mask);
    if (at !== -1) return this.rulesOfMask[at];
    const groups: number[] = [];
    for (let i = 0; i < MASK_GROUPS; i++) if (mask & (1 << i)) groups.push(i);
    const rules = compileRules(this.parsed, groups);
    this.masks.push(mask);
    this.rulesOfMask.push(rules);
    return rules;
  }
}

/**
 * A bounded map from robots.txt text to its parse, most recently used
 * first. A few entries searched in turn: a Map hashed each new file's text
 * and made an iterator to find the oldest (17 ms of 100k records in a
 * profile).
 */
class ParseCache {
  private readonly texts: string[] = [];
  private readonly files: FileRules[] = [];
  private chars = 0;
  constructor(
    private readonly entries: number,
    private readonly maxChars: number,
  ) {}
  private lastText: string | null = null;
  /** The previous line's robots.txt as written in JSON, and decoded (see `rawFileQuery`). */
  lastRaw = '';
  lastRawText = '';
  /** That line up to its user agent's value, `{"robotstxt":"…","useragent":"`, or '' (see `answer`). */
  lastHead = '';
  private last: FileRules | null = null;

  get(text: string): FileRules {
    // Consecutive records usually share a file: one comparison, no search.
    if (text === this.lastText && this.last !== null) return this.last;
    this.lastText = text;
    this.last = this.lookup(text);
    return this.last;
  }

  private lookup(text: string): FileRules {
    const { texts, files } = this;
    const at = texts.indexOf(text);
    if (at !== -1) {
      const file = files[at];
      texts.splice(at, 1);
      files.splice(at, 1);
      texts.unshift(text);
      files.unshift(file);
      return file;
    }
    // Groups and rules only: batch never reads a line's parse.
    const file = new FileRules(parseForDecisions(text) ?? parseRobotsTxt(text));
    while (texts.length > 0 && (texts.length >= this.entries || this.chars + text.length > this.maxChars)) {
      this.chars -= (texts.pop() as string).length;
      files.pop();
    }
    texts.unshift(text);
    files.unshift(file);
    this.chars += text.length;
    return file;
  }
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
  // The same file as the last line's, found by comparing the line's start
  // with that line's up to the user agent: no scan for the string's end,
  // no object for the query.
  const head = cache.lastHead;
  if (head.length !== 0 && line.lastIndexOf(head, 0) === 0 && plainRest(line, head.length)) {
    return decide(cache.get(cache.lastRawText), plain.useragent, plain.url);
  }
  let query: BatchQuery | string | null = rawFileQuery(line, cache);
  if (query === null) {
    try {
      query = readQuery(JSON.parse(line));
    } catch (err) {
      query = (err as Error).message;
    }
  }
  if (typeof query === 'string') return `${JSON.stringify({ error: `line ${lineNo}: ${query}` })}\n`;
  return decide(cache.get(query.robotstxt), query.useragent, query.url);
}

/** The verdict line for a URL and user agent of a file. */
function decide(file: FileRules, useragent: string, url: string): string {
  // The decision alone (docs/behaviour.md §12, Decision): 0 allowed by no
  // rule, +line allowed by that line, -line blocked by it.
  const rules = file.rules(useragent);
  // Google's library semantics: /robots.txt is judged like any other path.
  const d = rules === null ? 0 : rules.check(getPathParamsQuery(url));
  return d === 0 ? NO_RULE : verdictLine(d);
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
function rawFileQuery(line: string, cache: ParseCache): BatchQuery | null {
  if (!line.startsWith(ROBOTSTXT_FIRST)) return null;
  const end = stringEnd(line, ROBOTSTXT_FIRST.length);
  if (end < 0) return null;
  const raw = line.slice(ROBOTSTXT_FIRST.length - 1, end + 1);
  try {
    const robotstxt = raw === cache.lastRaw ? cache.lastRawText : (JSON.parse(raw) as string);
    let query: BatchQuery | string;
    if (line.startsWith(USERAGENT_NEXT, end) && plainRest(line, end + USERAGENT_NEXT.length)) {
      query = { robotstxt, useragent: plain.useragent, url: plain.url };
      cache.lastHead = line.slice(0, end + USERAGENT_NEXT.length);
    } else {
      const rest = line.slice(end + 1);
      if (rest.includes('robotstxt') || rest.includes('\\u')) return null;
      query = readQuery(JSON.parse(`{"robotstxt":""${rest}`));
      if (typeof query === 'string') return null;
      query.robotstxt = robotstxt;
      cache.lastHead = '';
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
/**
 * A backslash or a control character: JSON text that is not its own value.
 * Searched from `lastIndex` to the line's end (a loop over the characters
 * of a line cut from a chunk was three times slower).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON.parse refuses raw.
const NOT_PLAIN = /[\\\u0000-\u001f]/g;

/** What `plainRest` read last (one pair, reused: no allocation per line). */
const plain = { useragent: '', url: '' };

/**
 * Whether a line ends exactly `UA","url":"URL"}` from `uaFrom`, both with
 * no escape and no control character: then they are their own values, as
 * JSON.parse would read them, and `plain` holds them. False for anything
 * else (other order, spaces, escapes), which takes JSON.parse.
 */
function plainRest(line: string, uaFrom: number): boolean {
  const uaEnd = line.indexOf('"', uaFrom);
  if (uaEnd < 0 || !line.startsWith(URL_NEXT, uaEnd)) return false;
  const urlFrom = uaEnd + URL_NEXT.length;
  const urlEnd = line.length - 2;
  if (line.charCodeAt(urlEnd + 1) !== 0x7d || line.indexOf('"', urlFrom) !== urlEnd) return false;
  NOT_PLAIN.lastIndex = uaFrom;
  if (NOT_PLAIN.test(line)) return false;
  plain.useragent = line.slice(uaFrom, uaEnd);
  plain.url = line.slice(urlFrom, urlEnd);
  return true;
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

const NO_RULE = '{"allowed":true,"line":null}\n';
/** Verdict lines of the first lines of a file, made once: by +line (allowed) and -line (blocked). */
const LINES_KEPT = 256;
const ALLOWED_BY: string[] = [];
const BLOCKED_BY: string[] = [];
for (let line = 0; line < LINES_KEPT; line++) {
  ALLOWED_BY.push(`{"allowed":true,"line":${line}}\n`);
  BLOCKED_BY.push(`{"allowed":false,"line":${line}}\n`);
}

/** The verdict line of a decision (docs/behaviour.md §12, Decision): +line allowed, -line blocked by that line. */
function verdictLine(d: number): string {
  if (d > 0) return d < LINES_KEPT ? ALLOWED_BY[d] : `{"allowed":true,"line":${d}}\n`;
  return -d < LINES_KEPT ? BLOCKED_BY[-d] : `{"allowed":false,"line":${-d}}\n`;
}
