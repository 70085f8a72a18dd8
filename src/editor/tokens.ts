/**
 * The external tokenizer of the robots.txt grammar. At the start of each
 * line it reads the whole line once and classifies it as Google's parser
 * does (docs/behaviour.md §12 Keys and values): comment cut at the first `#`, ASCII
 * whitespace trimmed, separator at the first `:`, else exactly two words
 * separated by spaces or tabs; keys matched case-insensitively by prefix in
 * the order user-agent, allow, disallow, sitemap, with the accepted typos;
 * the reference's known-but-unsupported keys matched exactly.
 *
 * Inside values it splits patterns into text, `*` and a final `$`, and
 * user-agent values into the product token and what Google ignores.
 */
import { ExternalTokenizer, type InputStream } from '@lezer/lr';
import { classifyKey } from './keys';
import * as term from './robots.grammar.terms';

const LF = 10;
const CR = 13;
const HASH = 35;
const COLON = 58;
const STAR = 42;
const DOLLAR = 36;
const SPACE = 32;
const TAB = 9;
const BOM = 0xfeff;

/** ASCII whitespace inside a line, as absl::StripAsciiWhitespace trims it. */
function isLineSpace(c: number): boolean {
  return c === SPACE || c === TAB || c === 11 || c === 12;
}

/**
 * Where a line's content ends: a line end, the end of input, or a NUL (the
 * reference reads each line as a C string, so a NUL ends it; what follows
 * is the IgnoredText token).
 */
function isLineEnd(c: number): boolean {
  return c === LF || c === CR || c <= 0;
}

function isAgentChar(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 95;
}

/** True when only line whitespace (or a leading BOM) lies between the line start and the stream position. */
function atLineStart(input: InputStream): boolean {
  let off = -1;
  for (;;) {
    const c = input.peek(off);
    if (c < 0 || c === LF || c === CR) return true;
    if (c === BOM && input.pos + off === 0) return true;
    if (!isLineSpace(c)) return false;
    off--;
  }
}

/** Offset (from the stream position) where the value ends: before the comment and trailing whitespace. */
function valueEnd(input: InputStream): number {
  let i = 0;
  let end = 0;
  for (;;) {
    const c = input.peek(i);
    if (isLineEnd(c) || c === HASH) return end;
    i++;
    if (!isLineSpace(c)) end = i;
  }
}

const keyTokens = {
  'user-agent': { exact: term.userAgentKey, typo: term.userAgentTypo, prefix: term.userAgentPrefix },
  allow: { exact: term.allowKey, typo: term.allowPrefix, prefix: term.allowPrefix },
  disallow: { exact: term.disallowKey, typo: term.disallowTypo, prefix: term.disallowPrefix },
  sitemap: { exact: term.sitemapKey, typo: term.sitemapTypo, prefix: term.sitemapPrefix },
} as const;

/** Offset of the line's first `:` before any `#`, or -1. */
function firstColon(input: InputStream): number {
  for (let i = 0; ; i++) {
    const c = input.peek(i);
    if (isLineEnd(c) || c === HASH) return -1;
    if (c === COLON) return i;
  }
}

/** Google-specific: a line without a colon that is exactly two words (spaces or tabs between) has the first as key; else 0. */
function twoWordKey(input: InputStream, contentEnd: number): number {
  let w = 0;
  while (w < contentEnd && input.peek(w) !== SPACE && input.peek(w) !== TAB) w++;
  let v = w;
  while (v < contentEnd && (input.peek(v) === SPACE || input.peek(v) === TAB)) v++;
  for (let j = v; j < contentEnd; j++) {
    const c = input.peek(j);
    if (c === SPACE || c === TAB) return 0;
  }
  return w === contentEnd ? 0 : w;
}

function tokenizeLine(input: InputStream): void {
  // The key ends at the first `:`, trailing whitespace trimmed. The line is
  // read further only when it has no key there: its value (which may be a
  // megabyte long) is read by a token of its own.
  const colon = firstColon(input);
  let keyEnd = colon;
  while (keyEnd > 0 && isLineSpace(input.peek(keyEnd - 1))) keyEnd--;
  if (keyEnd <= 0) {
    // Content ends at the first `#` or the line end, trimmed.
    const contentEnd = valueEnd(input);
    if (contentEnd === 0) return; // a comment, or nothing
    keyEnd = colon < 0 ? twoWordKey(input, contentEnd) : 0;
    if (keyEnd === 0) {
      input.acceptToken(term.Invalid, contentEnd);
      return;
    }
  }
  let key = '';
  for (let j = 0; j < keyEnd; j++) key += String.fromCharCode(input.peek(j));
  const k = classifyKey(key);
  let token: number;
  if (k.kind === 'other') token = term.otherKey;
  else if (k.kind === 'unknown') token = term.unknownKey;
  else {
    const set = keyTokens[k.kind];
    token = k.typo ? set.typo : k.suffix ? set.prefix : set.exact;
  }
  input.acceptToken(token, keyEnd);
}

/** True when the `$` at offset `i` is the last character of the value. */
function isEndAnchor(input: InputStream, i: number): boolean {
  let j = i + 1;
  for (;;) {
    const c = input.peek(j);
    if (isLineEnd(c) || c === HASH) return true;
    if (!isLineSpace(c)) return false;
    j++;
  }
}

function tokenizePattern(input: InputStream, next: number): void {
  if (next === STAR) {
    input.acceptToken(term.Wildcard, 1);
    return;
  }
  if (next === DOLLAR && isEndAnchor(input, 0)) {
    input.acceptToken(term.EndAnchor, 1);
    return;
  }
  let i = 0;
  let end = 0;
  for (;;) {
    const c = input.peek(i);
    if (isLineEnd(c) || c === HASH) break;
    if (c === STAR || (c === DOLLAR && isEndAnchor(input, i))) {
      end = i; // whitespace before `*` or `$` is part of the pattern
      break;
    }
    i++;
    if (!isLineSpace(c)) end = i;
  }
  if (end > 0) input.acceptToken(term.PathText, end);
}

function tokenizeAgent(input: InputStream, next: number): void {
  if (next === STAR) {
    const after = input.peek(1);
    // Google-specific: `*` alone, or followed by whitespace, is the global agent.
    if (isLineEnd(after) || after === HASH || isLineSpace(after)) {
      input.acceptToken(term.Wildcard, 1);
      return;
    }
  }
  if (isAgentChar(next)) {
    let i = 1;
    while (isAgentChar(input.peek(i))) i++;
    input.acceptToken(term.ProductToken, i);
    return;
  }
  const end = valueEnd(input);
  if (end > 0) input.acceptToken(term.AgentSuffix, end);
}

/** Values read whole, up to the comment: what follows a product token, a sitemap URL, another key's value. */
const WHOLE_VALUES = [term.AgentSuffix, term.SitemapUrl, term.Value];

export const lineTokens = new ExternalTokenizer(
  (input, stack) => {
    const next = input.next;

    if (next < 0 || next === LF || next === CR || next === HASH) return;
    if (next === 0) {
      let i = 1;
      for (let c = input.peek(i); c >= 0 && c !== LF && c !== CR; c = input.peek(++i));
      input.acceptToken(term.IgnoredText, i);
      return;
    }
    if (next === BOM && input.pos === 0) {
      input.acceptToken(term.bom, 1);
      return;
    }
    if (isLineSpace(next)) {
      if (stack.canShift(term.MissingColon)) {
        // After a key: whitespace stands for the colon when the line has none.
        let i = 0;
        for (;;) {
          const c = input.peek(i);
          if (isLineEnd(c) || c === HASH) break;
          if (c === COLON) return;
          i++;
        }
        let w = 1;
        while (input.peek(w) === SPACE || input.peek(w) === TAB) w++;
        input.acceptToken(term.MissingColon, w);
      }
      return;
    }
    // Line-start states accept some key token (after a group, only a user-agent key).
    if (atLineStart(input) && (stack.canShift(term.unknownKey) || stack.canShift(term.userAgentKey))) {
      tokenizeLine(input);
      return;
    }
    if (stack.canShift(term.PathText)) tokenizePattern(input, next);
    else if (stack.canShift(term.ProductToken)) tokenizeAgent(input, next);
    else {
      const token = WHOLE_VALUES.find((t) => stack.canShift(t));
      if (token === undefined) return;
      const end = valueEnd(input);
      if (end > 0) input.acceptToken(token, end);
    }
  },
  { contextual: true },
);
