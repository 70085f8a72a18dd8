/**
 * `robots-lab batch`: JSON Lines in, JSON Lines out, one verdict per input
 * line in order, byte-exact like the reference (no URL normalisation, no
 * /robots.txt special case). Each distinct robots.txt is parsed once.
 */

import type { ParsedRobots } from '../core/index';
import { evaluate, parseRobotsTxt } from '../core/index';
import { type CliIo, EXIT_OK, EXIT_USAGE, readLines } from './io';

/**
 * How many distinct robots.txt bodies to keep parsed, and how much text in
 * all (least recently used go first). Parses take several times the text's
 * size in memory, hence the character budget.
 */
const PARSE_CACHE_ENTRIES = 4096;
const PARSE_CACHE_CHARS = 16_000_000;
/** Output is written in chunks of about this many characters. */
const FLUSH_AT = 1 << 16;

export interface BatchQuery {
  robotstxt: string;
  useragent: string;
  url: string;
}

/** Checks one decoded input line; returns the query or a message saying what is wrong. */
export function readQuery(value: unknown): BatchQuery | string {
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
  get(text: string): ParsedRobots {
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

export async function runBatch(io: CliIo): Promise<number> {
  const cache = new ParseCache(PARSE_CACHE_ENTRIES, PARSE_CACHE_CHARS);
  let out = '';
  let bad = 0;
  let lineNo = 0;
  for await (const line of readLines(io.stdin)) {
    lineNo++;
    if (line.trim() === '') continue;
    let result: string;
    try {
      const query = readQuery(JSON.parse(line));
      if (typeof query === 'string') throw new Error(query);
      const verdict = evaluate(cache.get(query.robotstxt), query.url, query.useragent, {
        robotsTxtAlwaysAllowed: false,
        explain: false,
      });
      result = `{"allowed":${verdict.allowed},"line":${verdict.rule?.line ?? null}}`;
    } catch (err) {
      bad++;
      result = JSON.stringify({ error: `line ${lineNo}: ${(err as Error).message}` });
    }
    out += `${result}\n`;
    if (out.length >= FLUSH_AT) {
      io.stdout.write(out);
      out = '';
    }
  }
  if (out) io.stdout.write(out);
  if (bad > 0) {
    io.stderr.write(`robots-lab batch: ${bad} malformed input line${bad === 1 ? '' : 's'}\n`);
    return EXIT_USAGE;
  }
  return EXIT_OK;
}
