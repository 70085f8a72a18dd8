/**
 * Reads the AI-preference lines of a parsed robots.txt: Content-Usage
 * (draft-ietf-aipref-attach-05), Content-Signal (Cloudflare's Content Signals
 * Policy) and License (RSL 1.0). Google's parser reads these lines and acts on
 * none of them (docs/behaviour.md §10, §15); this module only describes what
 * they say, with spans for the editor.
 */
import { parseDictionary, Token } from 'structured-headers';
import { asciiLower } from '../reference';
import type { ParsedLine, ParsedRobots, Span } from '../types';
import { editDistance } from './distance';
import {
  CONTENT_SIGNAL_LABELS,
  CONTENT_USAGE_LABELS,
  type Preference,
  type PreferenceSource,
  type Purpose,
  VALUE_TOKENS,
} from './vocab';

/** The three kinds of AI-preference line. */
export type AiprefKind = PreferenceSource | 'license';

/** One label=value member of a preference dictionary. */
export interface PreferenceEntry {
  /** The dictionary key as written (the parser only accepts lower case). */
  label: string;
  /** The purpose the label is reported under; null for an unknown label. */
  purpose: Purpose | null;
  /** What it expresses; `unknown` for a value the vocabulary does not define. */
  value: Preference;
  /** The value as text when it is a Token, else null (a string, number, boolean, list…). */
  token: string | null;
}

/** One AI-preference line. */
export interface AiprefLine {
  kind: AiprefKind;
  line: number;
  /** The whole physical line. */
  span: Span;
  /** The key as written, and whether it was a misspelling of the real key. */
  key: Span & { text: string };
  misspelt: boolean;
  /** The value after the key (trimmed, comment removed). */
  value: Span & { text: string };
  /**
   * Index of the group the line sits in: the last group whose first
   * user-agent line comes before it (a group runs until the next group
   * starts, RFC 9309 §2.1); -1 before any group.
   */
  group: number;
  /** Content-Usage only: the path pattern, or null when the value has none. */
  path: (Span & { text: string }) | null;
  /** The preference dictionary's text (Content-Usage and Content-Signal), or null. */
  dictionary: (Span & { text: string }) | null;
  /** The parsed members, empty when the dictionary does not parse. */
  entries: PreferenceEntry[];
  /** The structured-field parser's message when the dictionary does not parse. */
  syntaxError: string | null;
}

const KEYS: Readonly<Record<string, AiprefKind>> = {
  'content-usage': 'content-usage',
  'content-signal': 'content-signal',
  license: 'license',
};

/**
 * The AI-preference key a line's key is, or was meant to be: the exact key
 * (any case), or one edit away from it (`Content-Signals`, `Licence`).
 */
export function aiprefKeyOf(key: string): { kind: AiprefKind; misspelt: boolean } | null {
  const lower = asciiLower(key);
  const exact = KEYS[lower];
  if (exact) return { kind: exact, misspelt: false };
  for (const [name, kind] of Object.entries(KEYS)) {
    // "license" is short and close to real words; only a one-letter slip counts.
    if (editDistance(lower, name) === 1) return { kind, misspelt: true };
  }
  return null;
}

/** SP or HTAB, the separators draft-ietf-aipref-attach-05 §3 names. */
function isWs(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

/** Parses a preference dictionary (RFC 9651 §4.2.2) and reads each member in the line's vocabulary. */
export function readDictionary(
  text: string,
  source: PreferenceSource,
): { entries: PreferenceEntry[]; syntaxError: string | null } {
  let dict: ReturnType<typeof parseDictionary>;
  try {
    dict = parseDictionary(text);
  } catch (e) {
    // draft-ietf-aipref-vocab-08 §6.5.1: if parsing fails, every preference is unknown.
    return { entries: [], syntaxError: e instanceof Error ? e.message : String(e) };
  }
  const labels = source === 'content-usage' ? CONTENT_USAGE_LABELS : CONTENT_SIGNAL_LABELS;
  const tokens = VALUE_TOKENS[source];
  const entries: PreferenceEntry[] = [];
  for (const [label, member] of dict) {
    const bare = member[0];
    // Only a Token counts (vocab-08 §6.5); an inner list, string or boolean is unknown.
    const token = bare instanceof Token ? bare.toString() : null;
    const purpose = Object.hasOwn(labels, label) ? labels[label] : null;
    let value: Preference = 'unknown';
    // An unknown label states nothing (vocab-08 §6.4); `use` takes a level, not allow or disallow.
    if (purpose === null || purpose === 'use') {
      value = 'unknown';
    } else if (token === tokens.allow) {
      value = 'allow';
    } else if (token === tokens.disallow) {
      value = 'disallow';
    }
    entries.push({ label, purpose, value, token });
  }
  return { entries, syntaxError: null };
}

function spanOf(text: string, from: number, to: number): Span & { text: string } {
  return { from, to, text: text.slice(from, to) };
}

/** Splits a Content-Usage value into its path and preference text (attach-05 §3.2). */
function splitContentUsage(
  text: string,
  value: Span,
): { path: (Span & { text: string }) | null; dictionary: Span & { text: string } } {
  if (text.charCodeAt(value.from) !== 0x2f) {
    return { path: null, dictionary: spanOf(text, value.from, value.to) };
  }
  let end = value.from;
  while (end < value.to && !isWs(text.charCodeAt(end))) end++;
  let start = end;
  while (start < value.to && isWs(text.charCodeAt(start))) start++;
  return { path: spanOf(text, value.from, end), dictionary: spanOf(text, start, value.to) };
}

/** Index of the group a line sits in (the last group started above it), or -1; groups are in file order. */
function groupAt(parsed: ParsedRobots, line: number): number {
  let lo = 0;
  let hi = parsed.groups.length - 1;
  let group = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (parsed.groups[mid].startLine < line) {
      group = parsed.groups[mid].index;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return group;
}

function readLine(parsed: ParsedRobots, pl: ParsedLine): AiprefLine | null {
  if (!pl.key || !pl.value) return null;
  const which = aiprefKeyOf(pl.key.text);
  if (!which) return null;
  const text = parsed.text;
  const value = spanOf(text, pl.value.from, pl.value.to);
  const base: AiprefLine = {
    kind: which.kind,
    line: pl.line,
    span: { from: pl.span.from, to: pl.span.to },
    key: spanOf(text, pl.key.from, pl.key.to),
    misspelt: which.misspelt,
    value,
    group: groupAt(parsed, pl.line),
    path: null,
    dictionary: null,
    entries: [],
    syntaxError: null,
  };
  if (which.kind === 'license') return base;
  if (which.kind === 'content-usage') {
    const { path, dictionary } = splitContentUsage(text, value);
    base.path = path;
    base.dictionary = dictionary;
  } else {
    base.dictionary = value;
  }
  const read = readDictionary(base.dictionary.text, which.kind);
  base.entries = read.entries;
  base.syntaxError = read.syntaxError;
  return base;
}

/**
 * Every Content-Usage, Content-Signal and License line (misspelt keys
 * included), in file order. Read once per parse; treat the result as read-only.
 */
export function readAiprefLines(parsed: ParsedRobots): readonly AiprefLine[] {
  // Read once per parse (kept on it): the linter, the contradictions and the purpose views all ask.
  const cached = parsed.cache.get('aiprefLines') as readonly AiprefLine[] | undefined;
  if (cached) return cached;
  const out: AiprefLine[] = [];
  for (const pl of parsed.lines) {
    if (pl.kind !== 'other' && pl.kind !== 'unknown') continue;
    const line = readLine(parsed, pl);
    if (line) out.push(line);
  }
  parsed.cache.set('aiprefLines', out);
  return out;
}
