/**
 * The engine's data model. Everything the parser produces carries the
 * physical line (1-based) and character spans (UTF-16 offsets into the text
 * given to `parseRobotsTxt`, the same offsets CodeMirror uses).
 */

/** A half-open character range [from, to) in the parsed text. */
export interface Span {
  from: number;
  to: number;
}

/**
 * What one physical line is, in the protocol's words.
 * - `user-agent`, `allow`, `disallow`, `sitemap`: the four keys Google's
 *   parser acts on (typos it accepts included, see `ParsedLine.typo`).
 * - `other`: a key the reference knows but does not support (crawl-delay,
 *   host, noindex, …); see `ParsedLine.knownKey`.
 * - `unknown`: a key/value line with any other key.
 * - `comment`: nothing but a comment.
 * - `blank`: empty or only whitespace.
 * - `invalid`: text that is not a key/value line (no separator, or more
 *   than two words without a colon, or an empty key).
 */
export type LineKind =
  | 'user-agent'
  | 'allow'
  | 'disallow'
  | 'sitemap'
  | 'other'
  | 'unknown'
  | 'comment'
  | 'blank'
  | 'invalid';

/** The reference's `RobotsParsedLine::RobotsTagName`. */
export type TagName = 'Unknown' | 'UserAgent' | 'Allow' | 'Disallow' | 'Sitemap' | 'Unused';

/** The reference's per-line metadata (`RobotsParseHandler::LineMetadata`). */
export interface LineMetadata {
  isEmpty: boolean;
  hasComment: boolean;
  isComment: boolean;
  hasDirective: boolean;
  isAcceptableTypo: boolean;
  isLineTooLong: boolean;
  isMissingColonSeparator: boolean;
}

/** One physical line of the file. */
export interface ParsedLine {
  /** 1-based physical line number, as the reference counts it. */
  line: number;
  /** The whole line without its line ending. */
  span: Span;
  kind: LineKind;
  tag: TagName;
  metadata: LineMetadata;
  /** The key as written (trimmed), when the line has one. */
  key: (Span & { text: string }) | null;
  /** The value as written (trimmed, comment removed), when the line has a key. */
  value: (Span & { text: string }) | null;
  /** The comment, from `#` to the end of the line. */
  comment: Span | null;
  /** Accepted typo of a key (`useragent`, `disalow`, `site-map`, …). */
  typo: boolean;
  /** Canonical lower-case key for `other` lines (`crawl-delay`, `host`, …). */
  knownKey: string | null;
  /** The key matched by prefix only (`user-agents`, `Disallowed`): what was written beyond the keyword. */
  keySuffix: string | null;
  /**
   * The character offset where the reference stops reading this line
   * (16,663 bytes), when it is cut; null otherwise.
   */
  cutAt: number | null;
  /** Index into `ParsedRobots.groups` of the group this line belongs to, or -1. */
  group: number;
}

/** A user-agent line of a group. */
export interface AgentLine {
  line: number;
  /** The value as written (after comment removal and trimming). */
  value: string;
  valueSpan: Span;
  /** True for `*` (or `*` followed by whitespace and anything). */
  isGlobal: boolean;
  /** The product token the reference compares: the leading run of [A-Za-z_-]. */
  productToken: string;
}

/** An allow or disallow line inside a group. */
export interface Rule {
  kind: 'allow' | 'disallow';
  line: number;
  /** The value as written. */
  raw: string;
  rawSpan: Span;
  /** The normalised pattern (percent escapes upper-cased, bytes >= 0x80 escaped). */
  pattern: string;
  /** Priority: the byte length of the normalised pattern. */
  length: number;
  /** Index of the group it belongs to. */
  group: number;
}

/** One group: consecutive user-agent lines and the rules that follow them. */
export interface Group {
  index: number;
  agents: AgentLine[];
  rules: Rule[];
  /** First and last physical line of the group (last rule, or last agent line). */
  startLine: number;
  endLine: number;
  /** Character span from the first agent line to the end of the last line of the group. */
  span: Span;
}

export interface Sitemap {
  line: number;
  url: string;
  span: Span;
}

/** A parsed robots.txt. Parse once; evaluate many times. */
export interface ParsedRobots {
  /** The text as given (a Uint8Array input is decoded as UTF-8). */
  text: string;
  lines: ParsedLine[];
  groups: Group[];
  sitemaps: Sitemap[];
  /** Allow/disallow lines before the first user-agent line: ignored by crawlers. */
  orphanRules: Rule[];
  /** Size of the text in UTF-8 bytes. */
  byteLength: number;
  /** True when a Uint8Array input was not valid UTF-8. */
  invalidUtf8: boolean;
  /** Lazily built per-crawler matchers; private to the engine. */
  readonly cache: Map<string, unknown>;
}

/** A rule that matched a URL path, with its priority. */
export interface RuleMatch {
  kind: 'allow' | 'disallow';
  line: number;
  pattern: string;
  raw: string;
  /** Priority (byte length of the pattern that matched). */
  length: number;
  group: number;
  /** True when this match comes from the index.html rule (`/d/index.html` → `/d/$`). */
  viaIndexHtml: boolean;
}

/** How the obeyed group was chosen. */
export type GroupChoice =
  | { kind: 'named'; token: string; groups: number[]; agentLines: number[] }
  | { kind: 'global'; groups: number[]; agentLines: number[] }
  | { kind: 'none' };

/**
 * The verdict for one URL and one crawler, with its reasons. `evaluate`
 * computes `matches` and `reason` the first time they are read; send
 * `toPlainVerdict(v)` through postMessage, whose structured clone does not
 * read getters.
 */
export interface Verdict {
  allowed: boolean;
  /**
   * The deciding rule as the reference reports it (`matching_line`), or null
   * when no rule decided (no match, only empty patterns, or robots.txt itself).
   */
  rule: RuleMatch | null;
  /** The group(s) obeyed and why. */
  choice: GroupChoice;
  /** Every rule of the obeyed groups that matched, longest first, then by line (computed when read). */
  readonly matches: RuleMatch[];
  /** True when the winning allow tied in length with a matching disallow. */
  tie: boolean;
  /** The path+params+query that was matched. */
  path: string;
  /** A one-sentence explanation (computed when read). */
  readonly reason: string;
  /** Set when the URL is /robots.txt, which is always allowed (RFC 9309). */
  robotsTxtItself: boolean;
}

/** A crawler profile: the tokens it answers to, in order. */
export interface CrawlerProfile {
  /** Stable id (lower-case). */
  id: string;
  /** Display name. */
  name: string;
  /** Who runs it. */
  operator: string;
  /** Product tokens in order of preference (first the most specific). */
  tokens: string[];
  /** True when the crawler ignores the `*` group (AdsBot-Google). */
  ignoresGlobal: boolean;
  /** What it is for, in a few words. */
  purpose: string;
  /** The public page that documents the crawler and its token. */
  source: string;
}
