/**
 * The robots.txt parser: one pass over the text, one `ParsedLine` per
 * physical line, then groups, rules and sitemaps. It reproduces how Google's
 * reference parser (robots.cc) splits lines and reads keys and values, and
 * never throws.
 */

import { decodeUtf8, decodeUtf8WithOffsets } from './globals';
import { applyGoogleSizeLimit, MAX_LINE_BYTES, utf8Length, utf8Width } from './limits';
import { escapePattern, escapePatternBytes } from './pattern';
import { asciiLower, extractProductToken } from './reference';
import type {
  AgentLine,
  Group,
  LineKind,
  LineMetadata,
  ParsedLine,
  ParsedRobots,
  Rule,
  Sitemap,
  Span,
  TagName,
} from './types';

/**
 * Keys the reference knows but does not support (reported as "Unused"): the
 * one list; the linter's notes and the editor's tokenizer key off it.
 */
const UNSUPPORTED_KEY_NAMES = [
  'clean-param',
  'content-signal',
  'content-usage',
  'crawl-delay',
  'domain',
  'host',
  'noarchive',
  'nofollow',
  'noindex',
  'request-rate',
  'revisit-after',
  'visit-time',
] as const;

/** A key the reference knows but does not support. */
export type UnsupportedKey = (typeof UNSUPPORTED_KEY_NAMES)[number];

/** `UNSUPPORTED_KEY_NAMES` as a set, for lookups by lower-cased key. */
export const UNSUPPORTED_KEYS: ReadonlySet<string> = new Set(UNSUPPORTED_KEY_NAMES);

/** The four keys Google acts on. */
export type KeyKind = 'user-agent' | 'allow' | 'disallow' | 'sitemap';

/** Key spellings by kind, checked in this order and by case-insensitive prefix. Typos marked. */
const KEY_SPELLINGS: ReadonlyArray<readonly [KeyKind, string, boolean]> = [
  ['user-agent', 'user-agent', false],
  ['user-agent', 'useragent', true],
  ['user-agent', 'user agent', true],
  ['allow', 'allow', false],
  ['disallow', 'disallow', false],
  ['disallow', 'dissallow', true],
  ['disallow', 'dissalow', true],
  ['disallow', 'disalow', true],
  ['disallow', 'diasllow', true],
  ['disallow', 'disallaw', true],
  ['sitemap', 'sitemap', false],
  ['sitemap', 'site-map', true],
];

const TAGS: Record<KeyKind, TagName> = {
  'user-agent': 'UserAgent',
  allow: 'Allow',
  disallow: 'Disallow',
  sitemap: 'Sitemap',
};

interface KeyResult {
  kind: KeyKind;
  typo: boolean;
  keyword: string;
}

/**
 * The spellings by their first letter, in checking order. No two kinds
 * share a first letter, so checking only the spellings of the key's first
 * letter keeps the reference's order (and skips most comparisons).
 */
const SPELLINGS_BY_FIRST: ReadonlyMap<number, readonly KeyResult[]> = (() => {
  const m = new Map<number, KeyResult[]>();
  for (const [kind, keyword, typo] of KEY_SPELLINGS) {
    const first = keyword.charCodeAt(0);
    if (!m.has(first)) m.set(first, []);
    m.get(first)!.push({ kind, typo, keyword });
  }
  return m;
})();

/** Classifies a key as the reference's ParsedRobotsKey::Parse does. */
export function classifyKey(key: string): KeyResult | null {
  return classifyKeyAt(key, 0, key.length);
}

/** `classifyKey` of text[from, to), without cutting it out. */
function classifyKeyAt(text: string, from: number, to: number): KeyResult | null {
  const candidates = SPELLINGS_BY_FIRST.get(text.charCodeAt(from) | 0x20);
  if (candidates === undefined) return null;
  for (const entry of candidates) {
    if (startsWithIgnoreCase(text, from, to, entry.keyword)) return entry;
  }
  return null;
}

/** ASCII case-insensitive: text[from, to) starts with `lowerPrefix`; without allocating. */
function startsWithIgnoreCase(text: string, from: number, to: number, lowerPrefix: string): boolean {
  if (to - from < lowerPrefix.length) return false;
  for (let i = 0; i < lowerPrefix.length; i++) {
    let c = text.charCodeAt(from + i);
    if (c >= 0x41 && c <= 0x5a) c += 32;
    if (c !== lowerPrefix.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * A key or value of a line: its span, and its text read from the source on
 * demand. A large file has tens of thousands of them, and keeping a string
 * for each made parsing several times slower (garbage-collector work); most
 * are never read.
 */
class SourceSpan {
  readonly #src: string;
  constructor(
    readonly from: number,
    readonly to: number,
    src: string,
  ) {
    this.#src = src;
  }
  get text(): string {
    return this.#src.slice(this.from, this.to);
  }
}

/**
 * A line cut by the line limit inside a character (docs/behaviour.md §13):
 * the character at `at` (one UTF-16 unit, or two for a pair) ends at `end`,
 * and the reference kept only its first `keep` bytes.
 */
interface PartialChar {
  at: number;
  end: number;
  keep: number;
}

/**
 * Where rule patterns come from. The reference escapes bytes, not
 * characters: for text that was valid UTF-8 (every string, most files) the
 * characters say which bytes they stand for; for invalid bytes, the parser
 * keeps the bytes and each character's byte offset, and patterns are read
 * from the bytes (`/\xFF` is `/%FF`, not the `%EF%BF%BD` of its U+FFFD).
 */
interface PatternSource {
  text: string;
  bytes: Uint8Array | null;
  offsets: Uint32Array | null;
  /** Lines cut inside a character, by line number (rare: few lines reach the limit). */
  partial: Map<number, PartialChar>;
}

/** The normalised pattern of the value [from, to), which may end in the kept bytes of a cut character. */
function patternOf(src: PatternSource, from: number, to: number, partial: PartialChar | null): string {
  const cut = partial !== null && partial.end === to ? partial : null;
  if (src.bytes !== null && src.offsets !== null) {
    const end = cut ? src.offsets[cut.at] + cut.keep : src.offsets[to];
    return escapePatternBytes(src.bytes.subarray(src.offsets[from], end));
  }
  if (cut === null) return escapePattern(src.text.slice(from, to));
  // The cut character is not ASCII, so its escape is one `%XX` per byte.
  const head = escapePattern(src.text.slice(cut.at, cut.end)).slice(0, 3 * cut.keep);
  return escapePattern(src.text.slice(from, cut.at)) + head;
}

/**
 * An allow or disallow rule. Its text and normalised pattern are read from
 * the source when first asked for (the matcher compiles only the groups a
 * crawler obeys), then kept.
 */
class SourceRule implements Rule {
  readonly #value: SourceSpan;
  readonly #source: PatternSource;
  #pattern: string | null = null;
  constructor(
    readonly kind: 'allow' | 'disallow',
    readonly line: number,
    value: SourceSpan,
    readonly group: number,
    source: PatternSource,
  ) {
    this.#value = value;
    this.#source = source;
  }
  get rawSpan(): Span {
    return this.#value;
  }
  get raw(): string {
    return this.#value.text;
  }
  get pattern(): string {
    if (this.#pattern === null) {
      const src = this.#source;
      const v = this.#value;
      const partial = src.partial.size === 0 ? null : (src.partial.get(this.line) ?? null);
      this.#pattern =
        src.bytes === null && partial === null
          ? escapePattern(src.text.slice(v.from, v.to))
          : patternOf(src, v.from, v.to, partial);
    }
    return this.#pattern;
  }
  get length(): number {
    return this.pattern.length;
  }
  /** Plain data for JSON and structured clone. */
  toJSON(): Omit<Rule, never> {
    const rawSpan = { from: this.#value.from, to: this.#value.to };
    return {
      kind: this.kind,
      line: this.line,
      raw: this.raw,
      rawSpan,
      pattern: this.pattern,
      length: this.length,
      group: this.group,
    };
  }
}

/** ASCII whitespace as the reference's ascii_isspace: space, \t, \n, \v, \f, \r. */
function isSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

const IS_EMPTY = 1;
const HAS_COMMENT = 2;
const IS_COMMENT = 4;
const HAS_DIRECTIVE = 8;
const IS_TYPO = 16;
const TOO_LONG = 32;
const MISSING_COLON = 64;

/** Metadata objects are shared between lines with the same flags (there are few combinations); they are frozen. */
const METADATA: LineMetadata[] = [];
for (let f = 0; f < 128; f++) {
  METADATA.push(
    Object.freeze({
      isEmpty: (f & IS_EMPTY) !== 0,
      hasComment: (f & HAS_COMMENT) !== 0,
      isComment: (f & IS_COMMENT) !== 0,
      hasDirective: (f & HAS_DIRECTIVE) !== 0,
      isAcceptableTypo: (f & IS_TYPO) !== 0,
      isLineTooLong: (f & TOO_LONG) !== 0,
      isMissingColonSeparator: (f & MISSING_COLON) !== 0,
    }),
  );
}

/**
 * Parses a robots.txt. A string is read as its UTF-8 encoding (a leading
 * U+FEFF is the byte-order mark); a Uint8Array as UTF-8 bytes, skipping a
 * leading byte-order mark or a prefix of one, once, as the reference does
 * (docs/behaviour.md §12, §13). Character spans refer to `text`: the string
 * given, or the bytes decoded after the skipped mark.
 */
export function parseRobotsTxt(input: string | Uint8Array): ParsedRobots {
  let text: string;
  let invalidUtf8 = false;
  let start = 0;
  const source: PatternSource = { text: '', bytes: null, offsets: null, partial: new Map() };
  let byteLength = -1;
  if (typeof input === 'string') {
    text = input;
    start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  } else {
    let skip = 0;
    const bom = [0xef, 0xbb, 0xbf];
    while (skip < 3 && skip < input.length && input[skip] === bom[skip]) skip++;
    const body = skip ? input.subarray(skip) : input;
    const decoded = decodeUtf8(body);
    text = decoded.text;
    byteLength = input.length;
    if (!decoded.valid) {
      invalidUtf8 = true;
      source.bytes = body;
      source.offsets = decodeUtf8WithOffsets(body).offsets;
    }
  }
  source.text = text;

  const lines: ParsedLine[] = [];
  const last = eachLine(text, start, (line, from, to, scan) => {
    lines.push(parseLine(source, line, from, to, scan));
  });
  // The very first physical line starts at 0 even when a byte-order mark is skipped.
  if (lines.length && lines[0].span.from === 1 && last === 1) lines[0].span.from = 0;

  return buildStructure(source, lines, invalidUtf8, byteLength);
}

interface Scanner {
  lf: number;
  cr: number;
  hash: number;
  nul: number;
}

/**
 * Calls `visit` for each physical line of `text` from `start` (line number,
 * start, end without its line ending; LF, CR LF and CR end a line, CR CR LF
 * is two), with the scanner the line readers share. Returns the last line's start.
 */
function eachLine(
  text: string,
  start: number,
  visit: (line: number, from: number, to: number, scan: Scanner) => void,
): number {
  const n = text.length;
  let lineNum = 0;
  // Next positions of LF, CR, `#` and NUL, each found with indexOf and only
  // looked up again once passed: the whole file is scanned once per character kind.
  const scan: Scanner = { lf: -2, cr: -2, hash: -2, nul: -2 };
  for (;;) {
    if (scan.lf !== -1 && scan.lf < start) scan.lf = text.indexOf('\n', start);
    if (scan.cr !== -1 && scan.cr < start) scan.cr = text.indexOf('\r', start);
    let end = scan.lf === -1 ? n : scan.lf;
    if (scan.cr !== -1 && scan.cr < end) end = scan.cr;
    visit(++lineNum, start, end, scan);
    if (end >= n) return start;
    // CR LF is one line end; CR CR LF is two.
    const next = text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a ? end + 2 : end + 1;
    if (next > n) return start;
    start = next;
  }
}

/**
 * Where the reference stops reading the line [from, to) (16,663 bytes):
 * null when it reads it all, else the character where it stops and, when
 * that falls inside a character, how many of its bytes it keeps.
 */
function lineCut(src: PatternSource, from: number, to: number): PartialChar | null {
  const offsets = src.offsets;
  if (offsets !== null) {
    const limit = offsets[from] + MAX_LINE_BYTES;
    if (offsets[to] <= limit) return null;
    let c = from;
    while (offsets[c + 1] <= limit) c++;
    return charAt(src.text, c, limit - offsets[c]);
  }
  if ((to - from) * 3 <= MAX_LINE_BYTES) return null;
  const text = src.text;
  let bytes = 0;
  for (let i = from; i < to; i++) {
    const w = utf8Width(text, i);
    if (bytes + w > MAX_LINE_BYTES) return charAt(text, i, MAX_LINE_BYTES - bytes);
    bytes += w;
  }
  return null;
}

/** The cut at character `at`, keeping `keep` of its bytes (a surrogate pair is one character). */
function charAt(text: string, at: number, keep: number): PartialChar {
  const c = text.charCodeAt(at);
  const pair = c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00;
  return { at, end: at + (pair ? 2 : 1), keep };
}

/** What `readLine` found: a blank or comment line, text that is not a key/value line, or a key and its value. */
const BLANK_LINE = 0;
const INVALID_LINE = 1;
const KEY_LINE = 2;

/**
 * One line as the reference reads it, before any object is made for it:
 * flags for its metadata, where it is cut and where its comment starts,
 * and, for a key/value line, the key [cs, ke), the value [vs, ce) and the
 * key's kind when it is one of the four Google acts on.
 */
interface LineRead {
  flags: number;
  cutAt: number | null;
  comment: number;
  cs: number;
  ke: number;
  vs: number;
  ce: number;
  known: KeyResult | null;
}

/** The one `LineRead` the parsers fill in turn (they never nest). */
const LINE: LineRead = { flags: 0, cutAt: null, comment: -1, cs: 0, ke: 0, vs: 0, ce: 0, known: null };

/** Reads the line [from, to) into `out`; returns BLANK_LINE, INVALID_LINE or KEY_LINE. */
function readLine(src: PatternSource, line: number, from: number, to: number, scan: Scanner, out: LineRead): number {
  const text = src.text;
  let flags = 0;
  out.cutAt = null;
  out.comment = -1;
  out.known = null;

  // The reference keeps at most MAX_LINE_BYTES bytes of a line, the first
  // bytes of a character it cuts included (they are never space, `#` or NUL).
  let end = to;
  const cut = lineCut(src, from, to);
  if (cut !== null) {
    out.cutAt = cut.at;
    flags |= TOO_LONG;
    end = cut.at;
    if (cut.keep > 0) {
      end = cut.end;
      src.partial.set(line, cut);
    }
  }
  // The reference reads each line as a C string: a NUL ends it. The comment
  // starts at the first `#` before that.
  if (scan.nul !== -1 && scan.nul < from) scan.nul = text.indexOf('\0', from);
  if (scan.nul !== -1 && scan.nul < end) end = scan.nul;
  if (scan.hash !== -1 && scan.hash < from) scan.hash = text.indexOf('#', from);
  let contentEnd = end;
  if (scan.hash !== -1 && scan.hash < end) {
    flags |= HAS_COMMENT;
    out.comment = scan.hash;
    contentEnd = scan.hash;
  }
  let cs = from;
  let ce = contentEnd;
  while (cs < ce && isSpace(text.charCodeAt(cs))) cs++;
  while (ce > cs && isSpace(text.charCodeAt(ce - 1))) ce--;
  if (cs === ce) {
    out.flags = flags | (flags & HAS_COMMENT ? IS_COMMENT : IS_EMPTY);
    return BLANK_LINE;
  }
  out.flags = flags;

  let sep = -1;
  let valueStart = -1;
  for (let i = cs; i < ce; i++) {
    if (text.charCodeAt(i) === 0x3a) {
      sep = i;
      valueStart = i + 1;
      break;
    }
  }
  if (sep === -1) {
    // Google-specific: a missing colon is accepted when the line is exactly
    // two runs of non-whitespace separated by spaces or tabs.
    for (let i = cs; i < ce; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09) {
        sep = i;
        break;
      }
    }
    if (sep === -1) return INVALID_LINE;
    let v = sep;
    while (v < ce && (text.charCodeAt(v) === 0x20 || text.charCodeAt(v) === 0x09)) v++;
    for (let i = v; i < ce; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09) return INVALID_LINE;
    }
    flags |= MISSING_COLON;
    valueStart = v;
  }
  let ke = sep;
  while (ke > cs && isSpace(text.charCodeAt(ke - 1))) ke--;
  if (ke === cs) return INVALID_LINE;
  let vs = valueStart;
  while (vs < ce && isSpace(text.charCodeAt(vs))) vs++;
  out.flags = flags | HAS_DIRECTIVE;
  out.cs = cs;
  out.ke = ke;
  out.vs = vs;
  out.ce = ce;
  out.known = classifyKeyAt(text, cs, ke);
  return KEY_LINE;
}

function parseLine(src: PatternSource, line: number, from: number, to: number, scan: Scanner): ParsedLine {
  const text = src.text;
  const read = LINE;
  const shape = readLine(src, line, from, to, scan, read);
  const parsed: ParsedLine = {
    line,
    span: { from, to },
    kind: 'blank',
    tag: 'Unknown',
    metadata: METADATA[0],
    key: null,
    value: null,
    comment: read.comment === -1 ? null : { from: read.comment, to },
    typo: false,
    knownKey: null,
    keySuffix: null,
    cutAt: read.cutAt,
    group: -1,
  };
  let flags = read.flags;
  if (shape === BLANK_LINE) parsed.kind = flags & IS_COMMENT ? 'comment' : 'blank';
  else if (shape === INVALID_LINE) parsed.kind = 'invalid';
  else {
    parsed.key = new SourceSpan(read.cs, read.ke, text);
    parsed.value = new SourceSpan(read.vs, read.ce, text);
    flags |= readKey(parsed, text, read.cs, read.ke, read.known);
  }
  parsed.metadata = METADATA[flags];
  return parsed;
}

/**
 * Sets the line's kind, tag and key details from its key `text[cs, ke)`:
 * one of the four keys Google acts on (`known`: by prefix, typos included),
 * a key it knows but ignores, or an unknown key. Returns IS_TYPO or 0 for
 * the line's metadata flags.
 */
function readKey(parsed: ParsedLine, text: string, cs: number, ke: number, known: KeyResult | null): number {
  if (known) {
    parsed.kind = known.kind;
    parsed.tag = TAGS[known.kind];
    parsed.typo = known.typo;
    if (ke - cs > known.keyword.length) parsed.keySuffix = text.slice(cs + known.keyword.length, ke);
    return known.typo ? IS_TYPO : 0;
  }
  const lower = asciiLower(text.slice(cs, ke));
  if (UNSUPPORTED_KEYS.has(lower)) {
    parsed.kind = 'other';
    parsed.tag = 'Unused';
    parsed.knownKey = lower;
  } else {
    parsed.kind = 'unknown';
    parsed.tag = 'Unknown';
  }
  return 0;
}

/** A user-agent value is the global group when it is `*`, or `*` followed by whitespace. */
function isGlobalAgent(value: string): boolean {
  return value.charCodeAt(0) === 0x2a && (value.length === 1 || isSpace(value.charCodeAt(1)));
}

/**
 * Groups, rules and sitemaps from the lines that make them, in file order:
 * one place for how the reference forms groups (a user-agent line after a
 * rule starts a new group; rules before any group are orphans), whoever
 * reads the lines.
 */
class GroupBuilder {
  readonly groups: Group[] = [];
  readonly sitemaps: Sitemap[] = [];
  readonly orphanRules: Rule[] = [];
  private current: Group | null = null;
  private ruleSinceAgent = false;

  constructor(private readonly source: PatternSource) {}

  /** A user-agent line [from, to) with its value; returns its group's index. */
  agent(line: number, from: number, to: number, value: SourceSpan): number {
    let current = this.current;
    if (current === null || this.ruleSinceAgent) {
      current = {
        index: this.groups.length,
        agents: [],
        rules: [],
        startLine: line,
        endLine: line,
        span: { from, to },
      };
      this.groups.push(current);
      this.current = current;
      this.ruleSinceAgent = false;
    }
    const text = value.text;
    const isGlobal = isGlobalAgent(text);
    const agent: AgentLine = {
      line,
      value: text,
      valueSpan: value,
      isGlobal,
      productToken: isGlobal ? '*' : extractProductToken(text),
    };
    current.agents.push(agent);
    current.endLine = line;
    current.span.to = to;
    return current.index;
  }

  /** An allow or disallow line [from, to) with its value; returns its group's index, or -1 for an orphan. */
  rule(kind: 'allow' | 'disallow', line: number, to: number, value: SourceSpan): number {
    const current = this.current;
    const rule = new SourceRule(kind, line, value, current ? current.index : -1, this.source);
    if (current === null) {
      this.orphanRules.push(rule);
      return -1;
    }
    current.rules.push(rule);
    current.endLine = line;
    current.span.to = to;
    this.ruleSinceAgent = true;
    return current.index;
  }

  sitemap(line: number, value: SourceSpan): void {
    this.sitemaps.push({ line, url: value.text, span: { from: value.from, to: value.to } });
  }

  /** The parse of `lines`. */
  parsed(text: string, lines: ParsedLine[], invalidUtf8: boolean, knownByteLength: number): ParsedRobots {
    let byteLength = knownByteLength;
    return {
      text,
      lines,
      groups: this.groups,
      sitemaps: this.sitemaps,
      orphanRules: this.orphanRules,
      // Counted when first asked for: a pass over the whole text that most
      // parses (one per keystroke in the page) never need.
      get byteLength(): number {
        if (byteLength === -1) byteLength = utf8Length(text);
        return byteLength;
      },
      invalidUtf8,
      cache: new Map(),
    };
  }
}

function buildStructure(
  source: PatternSource,
  lines: ParsedLine[],
  invalidUtf8: boolean,
  knownByteLength: number,
): ParsedRobots {
  const builder = new GroupBuilder(source);
  for (const pl of lines) {
    const kind: LineKind = pl.kind;
    if (kind === 'user-agent') pl.group = builder.agent(pl.line, pl.span.from, pl.span.to, pl.value as SourceSpan);
    else if (kind === 'allow' || kind === 'disallow')
      pl.group = builder.rule(kind, pl.line, pl.span.to, pl.value as SourceSpan);
    else if (kind === 'sitemap') builder.sitemap(pl.line, pl.value as SourceSpan);
  }
  // Lines between a group's first and last line (comments, blanks, other keys) sit inside it.
  for (const g of builder.groups) {
    for (let l = g.startLine; l <= g.endLine; l++) lines[l - 1].group = g.index;
  }
  return builder.parsed(source.text, lines, invalidUtf8, knownByteLength);
}

/** Parses a file as a crawler reads it: cut at Google's size limit. */
export function parseAsRead(text: string): ParsedRobots {
  return parseRobotsTxt(applyGoogleSizeLimit(text).text);
}
