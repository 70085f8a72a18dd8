/**
 * The robots.txt parser: one pass over the text, one `ParsedLine` per
 * physical line, then groups, rules and sitemaps. It reproduces how Google's
 * reference parser (robots.cc) splits lines and reads keys and values, and
 * never throws.
 */

import { decodeUtf8 } from './globals';
import { MAX_LINE_BYTES, utf8Length, utf8Width } from './limits';
import { escapePattern } from './pattern';
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

/** Keys the reference knows but does not support (reported as "Unused"). */
export const UNSUPPORTED_KEYS: ReadonlySet<string> = new Set([
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
]);

type KeyKind = 'user-agent' | 'allow' | 'disallow' | 'sitemap';

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

/** Classifies a key as the reference's ParsedRobotsKey::Parse does. */
export function classifyKey(key: string): { kind: KeyKind; typo: boolean; keyword: string } | null {
  for (const entry of KEY_SPELLINGS) {
    if (startsWithIgnoreCase(key, entry[1])) return KEY_RESULTS.get(entry[1])!;
  }
  return null;
}

const KEY_RESULTS = new Map(KEY_SPELLINGS.map(([kind, keyword, typo]) => [keyword, { kind, typo, keyword }] as const));

/** ASCII case-insensitive `s.startsWith(lowerPrefix)` without allocating. */
function startsWithIgnoreCase(s: string, lowerPrefix: string): boolean {
  if (s.length < lowerPrefix.length) return false;
  for (let i = 0; i < lowerPrefix.length; i++) {
    let c = s.charCodeAt(i);
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
 * An allow or disallow rule. Its text and normalised pattern are read from
 * the source when first asked for (the matcher compiles only the groups a
 * crawler obeys), then kept.
 */
class SourceRule implements Rule {
  readonly #value: SourceSpan;
  #pattern: string | null = null;
  constructor(
    readonly kind: 'allow' | 'disallow',
    readonly line: number,
    value: SourceSpan,
    readonly group: number,
  ) {
    this.#value = value;
  }
  get rawSpan(): Span {
    return this.#value;
  }
  get raw(): string {
    return this.#value.text;
  }
  get pattern(): string {
    return (this.#pattern ??= escapePattern(this.#value.text));
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
 * Parses a robots.txt. A Uint8Array is read as UTF-8 (a leading byte-order
 * mark, or a prefix of one, is skipped as the reference does).
 */
export function parseRobotsTxt(input: string | Uint8Array): ParsedRobots {
  let text: string;
  let invalidUtf8 = false;
  if (typeof input === 'string') {
    text = input;
  } else {
    let skip = 0;
    const bom = [0xef, 0xbb, 0xbf];
    while (skip < 3 && skip < input.length && input[skip] === bom[skip]) skip++;
    const decoded = decodeUtf8(skip ? input.subarray(skip) : input);
    text = decoded.text;
    invalidUtf8 = !decoded.valid;
  }

  const lines: ParsedLine[] = [];
  const n = text.length;
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let lineNum = 0;
  // Next positions of LF, CR, `#` and NUL, each found with indexOf and only
  // looked up again once passed: the whole file is scanned once per character kind.
  const scan: Scanner = { lf: -2, cr: -2, hash: -2, nul: -2 };
  for (;;) {
    if (scan.lf !== -1 && scan.lf < start) scan.lf = text.indexOf('\n', start);
    if (scan.cr !== -1 && scan.cr < start) scan.cr = text.indexOf('\r', start);
    let end = scan.lf === -1 ? n : scan.lf;
    if (scan.cr !== -1 && scan.cr < end) end = scan.cr;
    lines.push(parseLine(text, ++lineNum, start, end, scan));
    if (end >= n) break;
    // CR LF is one line end; CR CR LF is two.
    start = text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a ? end + 2 : end + 1;
    if (start > n) break;
  }
  // The very first physical line starts at 0 even when a byte-order mark is skipped.
  if (lines.length && lines[0].span.from === 1 && text.charCodeAt(0) === 0xfeff) lines[0].span.from = 0;

  return buildStructure(text, lines, invalidUtf8);
}

interface Scanner {
  lf: number;
  cr: number;
  hash: number;
  nul: number;
}

function parseLine(text: string, line: number, from: number, to: number, scan: Scanner): ParsedLine {
  let flags = 0;
  const parsed: ParsedLine = {
    line,
    span: { from, to },
    kind: 'blank',
    tag: 'Unknown',
    metadata: METADATA[0],
    key: null,
    value: null,
    comment: null,
    typo: false,
    knownKey: null,
    keySuffix: null,
    cutAt: null,
    group: -1,
  };

  // The reference keeps at most MAX_LINE_BYTES bytes of a line.
  let end = to;
  if ((to - from) * 3 > MAX_LINE_BYTES) {
    let bytes = 0;
    for (let i = from; i < to; i++) {
      const w = utf8Width(text, i);
      if (bytes + w > MAX_LINE_BYTES) {
        end = i;
        parsed.cutAt = i;
        flags |= TOO_LONG;
        break;
      }
      bytes += w;
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
    parsed.comment = { from: scan.hash, to };
    contentEnd = scan.hash;
  }
  let cs = from;
  let ce = contentEnd;
  while (cs < ce && isSpace(text.charCodeAt(cs))) cs++;
  while (ce > cs && isSpace(text.charCodeAt(ce - 1))) ce--;
  if (cs === ce) {
    if (flags & HAS_COMMENT) {
      flags |= IS_COMMENT;
      parsed.kind = 'comment';
    } else {
      flags |= IS_EMPTY;
      parsed.kind = 'blank';
    }
    parsed.metadata = METADATA[flags];
    return parsed;
  }

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
    if (sep !== -1) {
      let v = sep;
      while (v < ce && (text.charCodeAt(v) === 0x20 || text.charCodeAt(v) === 0x09)) v++;
      for (let i = v; i < ce; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x20 || c === 0x09) {
          parsed.kind = 'invalid';
          parsed.metadata = METADATA[flags];
          return parsed;
        }
      }
      flags |= MISSING_COLON;
      valueStart = v;
    }
  }
  if (sep === -1) {
    parsed.kind = 'invalid';
    parsed.metadata = METADATA[flags];
    return parsed;
  }
  let ke = sep;
  while (ke > cs && isSpace(text.charCodeAt(ke - 1))) ke--;
  if (ke === cs) {
    parsed.kind = 'invalid';
    parsed.metadata = METADATA[flags];
    return parsed;
  }
  let vs = valueStart;
  while (vs < ce && isSpace(text.charCodeAt(vs))) vs++;
  flags |= HAS_DIRECTIVE;
  const keyText = text.slice(cs, ke);
  parsed.key = new SourceSpan(cs, ke, text);
  parsed.value = new SourceSpan(vs, ce, text);

  const known = classifyKey(keyText);
  if (known) {
    parsed.kind = known.kind;
    parsed.tag = TAGS[known.kind];
    parsed.typo = known.typo;
    if (known.typo) flags |= IS_TYPO;
    if (keyText.length > known.keyword.length) parsed.keySuffix = keyText.slice(known.keyword.length);
  } else {
    const lower = asciiLower(keyText);
    if (UNSUPPORTED_KEYS.has(lower)) {
      parsed.kind = 'other';
      parsed.tag = 'Unused';
      parsed.knownKey = lower;
    } else {
      parsed.kind = 'unknown';
      parsed.tag = 'Unknown';
    }
  }
  parsed.metadata = METADATA[flags];
  return parsed;
}

/** A user-agent value is the global group when it is `*`, or `*` followed by whitespace. */
function isGlobalAgent(value: string): boolean {
  return value.charCodeAt(0) === 0x2a && (value.length === 1 || isSpace(value.charCodeAt(1)));
}

function buildStructure(text: string, lines: ParsedLine[], invalidUtf8: boolean): ParsedRobots {
  const groups: Group[] = [];
  const sitemaps: Sitemap[] = [];
  const orphanRules: Rule[] = [];
  let current: Group | null = null;
  let ruleSinceAgent = false;

  for (const pl of lines) {
    const kind: LineKind = pl.kind;
    if (kind === 'user-agent') {
      const value = pl.value!;
      if (current === null || ruleSinceAgent) {
        current = {
          index: groups.length,
          agents: [],
          rules: [],
          startLine: pl.line,
          endLine: pl.line,
          span: { from: pl.span.from, to: pl.span.to },
        };
        groups.push(current);
        ruleSinceAgent = false;
      }
      const agent: AgentLine = {
        line: pl.line,
        value: value.text,
        valueSpan: value,
        isGlobal: isGlobalAgent(value.text),
        productToken: '',
      };
      agent.productToken = agent.isGlobal ? '*' : extractProductToken(value.text);
      current.agents.push(agent);
      current.endLine = pl.line;
      current.span.to = pl.span.to;
      pl.group = current.index;
    } else if (kind === 'allow' || kind === 'disallow') {
      const rule = new SourceRule(kind, pl.line, pl.value as SourceSpan, current ? current.index : -1);
      if (current) {
        current.rules.push(rule);
        current.endLine = pl.line;
        current.span.to = pl.span.to;
        pl.group = current.index;
        ruleSinceAgent = true;
      } else {
        orphanRules.push(rule);
      }
    } else if (kind === 'sitemap') {
      const value = pl.value!;
      sitemaps.push({ line: pl.line, url: value.text, span: { from: value.from, to: value.to } });
    }
  }
  // Lines between a group's first and last line (comments, blanks, other keys) sit inside it.
  for (const g of groups) {
    for (let l = g.startLine; l <= g.endLine; l++) lines[l - 1].group = g.index;
  }

  return {
    text,
    lines,
    groups,
    sitemaps,
    orphanRules,
    byteLength: utf8Length(text),
    invalidUtf8,
    cache: new Map(),
  };
}
