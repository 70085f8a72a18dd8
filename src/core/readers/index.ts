/**
 * The readers' strip: for one URL × crawler, Google's verdict (the engine)
 * beside RFC 9309 read literally, Bing, Yandex and the 1994 convention,
 * each with its deciding line and a short "why it differs"
 * (docs/behaviour.md §14; docs/readers.md).
 */

import { type CrawlerTokens, evaluateProfile } from '../evaluate';
import { escapePattern } from '../pattern';
import { getPathParamsQuery } from '../reference';
import type { ParsedRobots, Verdict } from '../types';
import { DIALECTS, type Dialect, decidingPrepared, decidingRule, obeyedGroups, prepareRules } from './dialects';
import { type ReaderFile, type ReaderGroup, readRecords } from './records';
import { type LineNote, READER_NAMES, READER_SOURCES, type ReaderId, type ReaderVerdict } from './types';

export type { ReaderVerdict } from './types';

/**
 * How every reader decides `url` (request form, as for `evaluate`) for a
 * crawler. Google's entry is the engine's verdict; the others say why they
 * differ from it, if they do.
 */
export function readAll(parsed: ParsedRobots, url: string, crawler: CrawlerTokens): ReaderVerdict[] {
  const google = evaluateProfile(parsed, url, crawler);
  const out: ReaderVerdict[] = [
    {
      reader: 'google',
      name: READER_NAMES.google,
      allowed: google.allowed,
      line: google.rule?.line ?? null,
      lineText: google.rule ? lineText(parsed, google.rule.line) : null,
      agreesWithGoogle: true,
      why: [],
      source: READER_SOURCES.google,
    },
  ];
  for (const d of DIALECTS) out.push(readOne(parsed, d, url, crawler, google));
  return out;
}

/**
 * The other readers' verdicts for many URLs and one crawler, without the
 * explanations `readAll` builds: each reader's obeyed groups are chosen once,
 * then the returned function gives, for a URL in request form, the reader ids
 * whose verdict is "allowed". Used by the page's "where readers disagree"
 * filter over a whole list (docs/behaviour.md §14).
 */
export function dialectVerdicts(
  parsed: ParsedRobots,
  crawler: CrawlerTokens,
): (url: string) => { reader: ReaderId; allowed: boolean }[] {
  const chosen = DIALECTS.map((d) => ({
    d,
    rules: prepareRules(
      d,
      obeyedGroups(d, recordsFor(parsed, d).groups, crawler.tokens, crawler.ignoresGlobal ?? false),
    ),
  }));
  return (url) => {
    const path = getPathParamsQuery(url);
    return chosen.map(({ d, rules }) => {
      // RFC 9309 §2.2.2: /robots.txt is implicitly allowed, as in readOne.
      const rule = path === '/robots.txt' ? null : decidingPrepared(d, rules, path);
      return { reader: d.id, allowed: !rule || rule.kind === 'allow' };
    });
  };
}

/** Each reader's file, read once per parse (cached on the parsed file like the engine's own structures). */
function recordsFor(parsed: ParsedRobots, d: Dialect): ReaderFile {
  const key = `reader:${d.id}`;
  let file = parsed.cache.get(key) as ReaderFile | undefined;
  if (!file) {
    file = readRecords(parsed, d);
    parsed.cache.set(key, file);
  }
  return file;
}

function readOne(
  parsed: ParsedRobots,
  d: Dialect,
  url: string,
  crawler: CrawlerTokens,
  google: Verdict,
): ReaderVerdict {
  const file = recordsFor(parsed, d);
  const path = getPathParamsQuery(url);
  const groups = obeyedGroups(d, file.groups, crawler.tokens, crawler.ignoresGlobal ?? false);
  // RFC 9309 §2.2.2: /robots.txt is implicitly allowed (the other readers' pages are silent; see docs/readers.md).
  const rule = path === '/robots.txt' ? null : decidingRule(d, groups, path);
  const allowed = !rule || rule.kind === 'allow';
  const line = rule?.line ?? null;
  const agrees = allowed === google.allowed && line === (google.rule?.line ?? null);
  return {
    reader: d.id,
    name: d.name,
    allowed,
    line,
    lineText: line ? lineText(parsed, line) : null,
    agreesWithGoogle: agrees,
    why: agrees ? [] : explain(parsed, d, file.notes, groups, google, line, path, crawler),
    source: READER_SOURCES[d.id],
  };
}

/** The documented differences that touch this verdict, or a plain statement of the difference. */
function explain(
  parsed: ParsedRobots,
  d: Dialect,
  notes: LineNote[],
  groups: ReaderGroup[],
  google: Verdict,
  line: number | null,
  path: string,
  crawler: CrawlerTokens,
): string[] {
  const relevant = new Set<number>(google.matches.map((m) => m.line));
  if (google.choice.kind !== 'none') for (const l of google.choice.agentLines) relevant.add(l);
  if (line) relevant.add(line);
  const why = new Set(notes.filter((n) => relevant.has(n.line)).map((n) => n.text));
  const googleLine = google.rule?.line;
  if (google.rule?.viaIndexHtml) {
    why.add(`${d.name}: only Google reads "${google.rule.raw}" as also allowing the directory itself`);
  }
  for (const l of google.choice.kind === 'none' ? [] : google.choice.agentLines) {
    const value = parsed.lines[l - 1].value?.text ?? '';
    if (value !== '*' && !crawler.tokens.some((t) => d.names(value, t) > 0)) {
      why.add(
        `${d.name}: "${value}" does not name ${crawler.tokens[0]} (Google compares only the leading product token)`,
      );
    }
  }
  const viaYandex = groups.some((g) => g.agents.some((a) => a.value.toLowerCase() === 'yandex'));
  if (d.id === 'yandex' && viaYandex && !crawler.tokens.some((t) => t.toLowerCase() === 'yandex')) {
    why.add('Yandex: "User-agent: Yandex" serves every Yandex robot that no group names itself');
  }
  const ruleLines = new Set(google.matches.map((m) => m.line));
  if (line) ruleLines.add(line);
  for (const l of ruleLines) {
    const value = parsed.lines[l - 1].value?.text ?? '';
    if (d.pattern(value) === null && value !== '') {
      why.add(`${d.name}: "${value}" does not start with "/", so the rule is not read`);
    }
    if (!d.wildcards && /[*$]/.test(value)) why.add(`${d.name}: no wildcards, "*" and "$" are plain characters`);
    if (d.id === 'rfc9309' || d.id === 'bing') {
      if (d.pattern(value) !== null && d.pattern(value) !== escapePattern(value)) {
        why.add(`${d.name}: percent-escapes of unreserved characters are decoded before comparing`);
      }
    }
  }
  if (d.id === 'rfc9309' || d.id === 'bing') {
    if (d.path(path) !== path)
      why.add(`${d.name}: percent-escapes of unreserved characters are decoded before comparing`);
  }
  if (!d.mergeGroups && google.choice.kind !== 'none' && google.choice.groups.length > 1) {
    why.add(`${d.name}: a robot obeys only the first record that names it; Google merges them`);
  }
  if (why.size === 0) {
    why.add(
      `${d.name}: decided by ${line ? `line ${line}` : 'no rule'}, Google by ${googleLine ? `line ${googleLine}` : 'no rule'}`,
    );
  }
  return [...why];
}

function lineText(parsed: ParsedRobots, line: number): string {
  const l = parsed.lines[line - 1];
  const end = l.comment ? l.comment.from : l.span.to;
  return parsed.text.slice(l.span.from, end).trim();
}
