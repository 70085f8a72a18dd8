/**
 * The robots.txt linter: facts about a parse that a webmaster should know,
 * each with its span, line, a message and, where one is sensible, a quick
 * fix. It reads the engine's parse (parse once, consume many times) and runs
 * in the worker; the editor only shows what it returns.
 */

export type { RobotsDiagnostic, RobotsDiagnosticCode, RobotsFix } from './diagnostics';

import { lintContradictions } from './aipref/contradictions';
import { editDistance } from './aipref/distance';
import { aiprefKeyOf } from './aipref/lines';
import { lintAiprefLines } from './aipref/lint';
import type { RobotsDiagnostic } from './diagnostics';
import { parseUrl } from './globals';
import { MAX_LINE_BYTES } from './limits';
import type { KeyKind, UnsupportedKey } from './parse';
import { findProfile, nearCatalogueToken } from './profiles';
import { asciiLower, extractProductToken, getPathParamsQuery } from './reference';
import type { ParsedLine, ParsedRobots, Span } from './types';
import { ABSOLUTE_URL } from './url';

export interface LintOptions {
  /**
   * Character offset where Googlebot stops reading (500 KiB), from
   * `applyGoogleSizeLimit(text).cutAt`; null or absent when the whole file is read.
   */
  sizeLimitCutAt?: number | null;
  /** Length of the whole text when the parse covers only part of it; defaults to the parsed text's length. */
  textLength?: number;
}

/** The four keys Google acts on, as usually spelt. */
const CANONICAL: Record<KeyKind, string> = {
  'user-agent': 'User-agent',
  allow: 'Allow',
  disallow: 'Disallow',
  sitemap: 'Sitemap',
};

/**
 * Who reads each key that Google's reference knows but ignores
 * (docs/behaviour.md §10). `satisfies` makes a key added to or dropped from
 * parse.ts's list without its note here a type error.
 */
const IGNORED_KEY_NOTES: Record<string, string> = {
  'crawl-delay': 'Google ignores Crawl-delay. Bing and Yandex read it as the delay between requests.',
  noindex:
    'Google stopped honouring Noindex in robots.txt in 2019; use a noindex robots meta tag or X-Robots-Tag header instead.',
  host: 'Host was a Yandex directive naming the preferred mirror; Yandex has retired it, and Google ignores it.',
  'clean-param': 'Clean-param is read by Yandex (URL parameters to ignore); Google ignores it.',
  'request-rate': 'Request-rate is an old, non-standard extension that few crawlers read; Google ignores it.',
  'visit-time': 'Visit-time is an old, non-standard extension that few crawlers read; Google ignores it.',
  'content-signal':
    "Content-signal states preferences on how content may be used (for example search=yes, ai-train=no). It is a preference, not an access rule: it blocks nothing, and each crawler operator decides whether to honour it. Google's robots.txt parser ignores it.",
  'content-usage':
    "Content-usage states AI-usage preferences in the vocabulary of the IETF AI-preferences work (still a draft). It is a preference, not an access rule: it blocks nothing, and support varies by crawler. Google's robots.txt parser ignores it.",
  domain: 'Google ignores Domain in robots.txt.',
  noarchive: 'Google ignores Noarchive in robots.txt; it belongs in a robots meta tag or X-Robots-Tag header.',
  nofollow: 'Google ignores Nofollow in robots.txt; it belongs in a robots meta tag or X-Robots-Tag header.',
  'revisit-after': 'Google ignores Revisit-after; it was an HTML meta tag and no major crawler reads it.',
} satisfies Record<UnsupportedKey, string>;

/** Keys a near-miss is compared with: the four Google acts on, then the ones it knows. */
const NEAR_MISS_TARGETS: readonly { key: string; label: string; acted: boolean }[] = [
  { key: 'user-agent', label: 'User-agent', acted: true },
  { key: 'allow', label: 'Allow', acted: true },
  { key: 'disallow', label: 'Disallow', acted: true },
  { key: 'sitemap', label: 'Sitemap', acted: true },
  ...Object.keys(IGNORED_KEY_NOTES).map((key) => ({
    key,
    label: key.charAt(0).toUpperCase() + key.slice(1),
    acted: false,
  })),
];

/**
 * The known key an unknown key was probably meant to be, if it is close:
 * one edit for short keys (up to 5 letters), two for longer ones.
 */
function nearMissKey(key: string): { key: string; label: string; acted: boolean } | null {
  const lower = asciiLower(key);
  let best: { key: string; label: string; acted: boolean } | null = null;
  let bestDistance = Infinity;
  for (const target of NEAR_MISS_TARGETS) {
    const d = editDistance(lower, target.key);
    const limit = target.key.length <= 5 ? 1 : 2;
    if (d <= limit && d < bestDistance) {
      best = target;
      bestDistance = d;
    }
  }
  return best;
}

function lineOfOffset(parsed: ParsedRobots, offset: number): number {
  let lo = 0;
  let hi = parsed.lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (parsed.lines[mid].span.from <= offset) lo = mid;
    else hi = mid - 1;
  }
  return parsed.lines[lo]?.line ?? 1;
}

function lintKey(pl: ParsedLine, out: RobotsDiagnostic[]): void {
  const key = pl.key;
  if (!key) return;
  const kind = pl.kind;
  if (kind === 'user-agent' || kind === 'allow' || kind === 'disallow' || kind === 'sitemap') {
    const canonical = CANONICAL[kind];
    if (pl.typo) {
      out.push({
        from: key.from,
        to: key.to,
        line: pl.line,
        severity: 'warning',
        code: 'typo-key',
        message: `"${key.text}" is a misspelling of ${canonical}. Google accepts it; other crawlers may not.`,
        fixes: [{ label: `Write ${canonical}`, from: key.from, to: key.to, insert: canonical }],
      });
    } else if (pl.keySuffix !== null) {
      out.push({
        from: key.from,
        to: key.to,
        line: pl.line,
        severity: 'warning',
        code: 'prefix-key',
        message: `"${key.text}" is read as ${canonical} only because Google matches keys by prefix; other crawlers may ignore this line.`,
        fixes: [{ label: `Write ${canonical}`, from: key.from, to: key.to, insert: canonical }],
      });
    }
    return;
  }
  if (kind === 'other') {
    const note = IGNORED_KEY_NOTES[pl.knownKey ?? ''] ?? `Google ignores ${key.text}.`;
    out.push({ from: key.from, to: key.to, line: pl.line, severity: 'info', code: 'ignored-key', message: note });
    return;
  }
  if (kind === 'unknown') {
    const aipref = aiprefKeyOf(key.text);
    if (aipref?.misspelt) return; // aipref-key-misspelt says it better (src/core/aipref/lint.ts)
    if (aipref?.kind === 'license') {
      out.push({
        from: key.from,
        to: key.to,
        line: pl.line,
        severity: 'info',
        code: 'ignored-key',
        message:
          "License points to the site's licence terms for AI use (RSL 1.0). Crawlers that implement RSL read it; Google ignores it.",
      });
      return;
    }
    const near = nearMissKey(key.text);
    if (near) {
      out.push({
        from: key.from,
        to: key.to,
        line: pl.line,
        severity: near.acted ? 'error' : 'warning',
        code: 'near-miss-key',
        message: near.acted
          ? `"${key.text}" is not a key Google knows, so it ignores this line. Did you mean ${near.label}?`
          : `"${key.text}" is not a key Google knows. Did you mean ${near.label}? (Google ignores that too.)`,
        fixes: [{ label: `Write ${near.label}`, from: key.from, to: key.to, insert: near.label }],
      });
    } else {
      out.push({
        from: key.from,
        to: key.to,
        line: pl.line,
        severity: 'warning',
        code: 'unknown-key',
        message: `"${key.text}" is not a robots.txt key; crawlers ignore this line.`,
      });
    }
  }
}

function lintValue(pl: ParsedLine, out: RobotsDiagnostic[]): void {
  const value = pl.value;
  if (!value) return;
  const text = value.text;
  if (pl.kind === 'allow' || pl.kind === 'disallow') {
    if (text === '' || text.startsWith('/') || text.startsWith('*')) return;
    if (ABSOLUTE_URL.test(text)) {
      const path = getPathParamsQuery(text);
      out.push({
        from: value.from,
        to: value.to,
        line: pl.line,
        severity: 'error',
        code: 'full-url-path',
        message: `A rule takes a path, not a full URL: this pattern never matches. Write the path (${path}).`,
        fixes: [{ label: `Use the path ${path}`, from: value.from, to: value.to, insert: path }],
      });
      return;
    }
    out.push({
      from: value.from,
      to: value.to,
      line: pl.line,
      severity: 'error',
      code: 'path-no-slash',
      message: 'A pattern that starts with neither "/" nor "*" never matches (Google adds no leading "/").',
      fixes: [{ label: 'Add a leading /', from: value.from, to: value.from, insert: '/' }],
    });
    return;
  }
  if (pl.kind === 'sitemap') {
    const url = ABSOLUTE_URL.test(text) ? parseUrl(text) : null;
    if (!url || !/^https?:$/.test(url.protocol) || url.hostname === '') {
      out.push({
        from: value.from,
        to: Math.max(value.to, value.from),
        line: pl.line,
        severity: 'error',
        code: 'sitemap-not-absolute',
        message: 'A sitemap must be an absolute http(s) URL, such as https://example.com/sitemap.xml.',
      });
    }
    return;
  }
  if (pl.kind === 'user-agent') {
    if (text === '') {
      out.push({
        from: pl.key ? pl.key.from : value.from,
        to: pl.span.to,
        line: pl.line,
        severity: 'warning',
        code: 'empty-agent',
        message: 'This user-agent line names no crawler, so it matches nobody.',
      });
      return;
    }
    const isGlobal = text.charCodeAt(0) === 0x2a && (text.length === 1 || /^\s/.test(text.slice(1)));
    if (isGlobal) {
      if (text.length > 1) {
        out.push({
          from: value.from + 1,
          to: value.to,
          line: pl.line,
          severity: 'info',
          code: 'agent-ignored-chars',
          message: 'Google reads this line as "*" and ignores the rest.',
          fixes: [{ label: 'Remove the ignored text', from: value.from + 1, to: value.to, insert: '' }],
        });
      }
      return;
    }
    const token = extractProductToken(text);
    if (token === '') {
      out.push({
        from: value.from,
        to: value.to,
        line: pl.line,
        severity: 'warning',
        code: 'agent-matches-nobody',
        message: `"${text}" has no product token (letters, "-" and "_" at its start), so it matches no crawler.`,
      });
    } else if (token !== text) {
      out.push(agentTokenCut(pl, value, token) ?? agentIgnoredChars(pl, value, token));
    } else {
      const near = nearCatalogueToken(token);
      if (near) {
        out.push({
          from: value.from,
          to: value.to,
          line: pl.line,
          severity: 'warning',
          code: 'agent-token-misspelt',
          message: `No crawler answers to "${token}". Did you mean ${near}?`,
          fixes: [{ label: `Write ${near}`, from: value.from, to: value.to, insert: near }],
        });
      }
    }
  }
}

/**
 * A name Google's parser cuts to another token, so the group goes to another
 * crawler than the one meant. A name of several words (`ChatGPT Agent`,
 * `Googlebot News`) ends at the space: the fix writes it as one token every
 * parser reads whole, the catalogue's spelling when the words joined are a
 * catalogue token (`Googlebot-News`), else the words joined with `-`. A name
 * running into a digit (`AI2Bot`, read as `AI`) has no spelling that parser
 * reads whole, and the crawler itself reads its full name: the advice keeps
 * the line, and there is no edit. Null when the text after the token is a
 * version or a comment.
 */
function agentTokenCut(pl: ParsedLine, value: Span & { text: string }, token: string): RobotsDiagnostic | null {
  const readAs = catalogueToken(token);
  const whose = readAs ? ` (the token of ${readAs}, a crawler of its own)` : '';
  const cut = (name: string) =>
    `Google's parser reads "${name}" as "${token}": a product token ends at the first character that is not a letter, "-" or "_" (RFC 9309). For Google, and for every crawler whose parser reads tokens that way, this group applies to crawlers named ${token}${whose}, not to "${name}".`;
  if (/^[0-9]/.test(value.text.slice(token.length))) {
    const word = /^[^\s/]+/.exec(value.text)?.[0] ?? value.text;
    const keep = readAs
      ? `${word} itself reads its full name, but ${readAs} obeys this group as well; if it is not meant for ${readAs}, remove the line.`
      : `${word} itself reads its full name, so keep the line as it is.`;
    return {
      from: value.from,
      to: value.from + word.length,
      line: pl.line,
      severity: 'warning',
      code: 'agent-token-cut',
      message: `${cut(word)} No spelling makes that parser read a digit, so there is no edit to make: ${keep} A crawler that cuts its own name the same way finds no group here and obeys the * group.`,
    };
  }
  const name = /^[A-Za-z_-]+(?:\s+[A-Za-z][A-Za-z_-]*)+(?=\s*$|\s*[/(#])/.exec(value.text)?.[0];
  if (name === undefined) return null;
  const words = name.split(/\s+/);
  const known = catalogueToken(words.join('-')) ?? catalogueToken(words.join(''));
  const joined = known ?? words.join('-');
  return {
    from: value.from,
    to: value.from + name.length,
    line: pl.line,
    severity: 'warning',
    code: 'agent-token-cut',
    message: `${cut(name)} Write the name as one token.`,
    fixes: [{ label: `Write ${joined}`, from: value.from, to: value.from + name.length, insert: joined }],
  };
}

/** The catalogue's spelling of a crawler token, matched case-insensitively; null when none is. */
function catalogueToken(token: string): string | null {
  const p = findProfile(token);
  return p && p.tokens[0].toLowerCase() === token.toLowerCase() ? p.tokens[0] : null;
}

/**
 * Text after the product token that is a version or comment
 * (`Googlebot/2.1`, `Googlebot (compatible)`): keeping only the token is
 * what every reader matches anyway.
 */
function agentIgnoredChars(pl: ParsedLine, value: Span & { text: string }, token: string): RobotsDiagnostic {
  const text = value.text;
  const rest = text.slice(token.length);
  return {
    from: value.from + token.length,
    to: value.to,
    line: pl.line,
    severity: 'info',
    code: 'agent-ignored-chars',
    message: `Google matches only the product token "${token}" and ignores "${rest}".`,
    fixes: [{ label: `Keep only ${token}`, from: value.from + token.length, to: value.to, insert: '' }],
  };
}

/**
 * Groups Google merges but other parsers may not (docs/behaviour.md §5): the
 * same product token, in any case, in two groups. Google obeys the union of
 * their rules; parsers that stop at the first matching group read only one.
 */
function lintMergedGroups(parsed: ParsedRobots, out: RobotsDiagnostic[]): void {
  const first = new Map<string, { group: number; line: number; token: string }>();
  for (const g of parsed.groups) {
    const seen = new Set<string>();
    for (const a of g.agents) {
      const key = a.productToken.toLowerCase();
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      const earlier = first.get(key);
      if (!earlier) {
        first.set(key, { group: g.index, line: a.line, token: a.productToken });
        continue;
      }
      const name = a.isGlobal ? '*' : a.productToken;
      out.push({
        from: a.valueSpan.from,
        to: a.valueSpan.to,
        line: a.line,
        severity: 'info',
        code: 'agent-groups-merged',
        message: `${name} also heads the group at line ${earlier.line}${earlier.token !== a.productToken ? ` (as ${earlier.token})` : ''}. Google merges both groups' rules; some other parsers read only the first group and ignore this one.`,
      });
    }
  }
}

function lintMissingColon(pl: ParsedLine, out: RobotsDiagnostic[]): void {
  if (!pl.metadata.isMissingColonSeparator || !pl.key || !pl.value) return;
  out.push({
    from: pl.key.from,
    to: pl.value.from,
    line: pl.line,
    severity: 'warning',
    code: 'missing-colon',
    message: 'The ":" after the key is missing. Google still reads this line; other crawlers may not.',
    fixes: [{ label: 'Insert ":"', from: pl.key.to, to: pl.key.to, insert: ':' }],
  });
}

function lintInvalid(parsed: ParsedRobots, pl: ParsedLine, out: RobotsDiagnostic[]): void {
  const text = parsed.text;
  let from = pl.span.from;
  let to = pl.comment ? pl.comment.from : (pl.cutAt ?? pl.span.to);
  while (from < to && /\s/.test(text[from])) from++;
  while (to > from && /\s/.test(text[to - 1])) to--;
  if (from === to) {
    // ": value", an empty key.
    to = pl.comment ? pl.comment.from : pl.span.to;
  }
  const content = text.slice(from, to);
  const firstWord = /^[^\s:]+/.exec(content)?.[0] ?? '';
  const diag: RobotsDiagnostic = {
    from,
    to,
    line: pl.line,
    severity: 'warning',
    code: 'invalid-line',
    message: content.trimStart().startsWith(':')
      ? 'This line has no key before ":", so crawlers ignore it.'
      : 'This line is not "key: value" (no ":", and not exactly two words), so crawlers ignore it.',
  };
  const lower = asciiLower(firstWord);
  const known = Object.entries(CANONICAL).find(([k]) => lower.startsWith(k));
  if (known && firstWord.length < content.length && !content.includes(':')) {
    diag.fixes = [
      {
        label: `Insert ":" after ${firstWord}`,
        from: from + firstWord.length,
        to: from + firstWord.length,
        insert: ':',
      },
    ];
  }
  out.push(diag);
}

/**
 * Lints a parsed robots.txt. Diagnostics come sorted by position. Pass the
 * 500 KiB cut (`applyGoogleSizeLimit(text).cutAt`) to flag what Googlebot
 * never reads.
 */
export function lintRobots(parsed: ParsedRobots, options: LintOptions = {}): RobotsDiagnostic[] {
  const out: RobotsDiagnostic[] = [];
  const orphanLines = new Set(parsed.orphanRules.map((r) => r.line));
  for (const pl of parsed.lines) {
    if (pl.kind === 'invalid') lintInvalid(parsed, pl, out);
    lintKey(pl, out);
    lintMissingColon(pl, out);
    lintValue(pl, out);
    if (orphanLines.has(pl.line)) {
      out.push({
        from: pl.span.from,
        to: pl.span.to,
        line: pl.line,
        severity: 'warning',
        code: 'rule-outside-group',
        message: 'This rule comes before any user-agent line, so it belongs to no group and every crawler ignores it.',
        fixes: [
          { label: 'Add "User-agent: *" above', from: pl.span.from, to: pl.span.from, insert: 'User-agent: *\n' },
        ],
      });
    }
    if (pl.cutAt !== null) {
      out.push({
        from: pl.cutAt,
        to: pl.span.to,
        line: pl.line,
        severity: 'error',
        code: 'line-too-long',
        message: `Google reads only the first ${String(MAX_LINE_BYTES).replace(/\B(?=(\d{3})+$)/g, ',')} bytes of a line and ignores the rest.`,
      });
    }
  }
  lintMergedGroups(parsed, out);
  lintAiprefLines(parsed, out);
  lintContradictions(parsed, out);
  const cut = options.sizeLimitCutAt;
  if (cut != null) {
    const end = Math.max(cut, options.textLength ?? parsed.text.length);
    out.push({
      from: cut,
      to: end,
      line: lineOfOffset(parsed, cut),
      severity: 'error',
      code: 'size-limit',
      message: 'Google stops reading here: it reads only the first 500 KiB (512,000 bytes) of a robots.txt.',
    });
  }
  return out.sort((a, b) => a.from - b.from || a.to - b.to);
}
