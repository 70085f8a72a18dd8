/**
 * An independent, byte-level model of Google's reference robots.txt parser
 * and matcher, written from the behaviours in docs/behaviour.md §12 and §13
 * and nothing else. It is the oracle of the engine's property tests, so it
 * imports nothing from src/: its own line splitting, key reading, escaping,
 * product tokens, path extraction and matching. It favours plainness over
 * speed (arrays of byte values, position sets, one pass per question).
 */

/** A byte string: an array of values 0–255. */
export type Bytes = number[];

const LF = 0x0a;
const CR = 0x0d;
const BOM = [0xef, 0xbb, 0xbf];
/** The reference keeps 16,663 bytes of a line (docs/behaviour.md §12, Lines). */
export const MODEL_LINE_LIMIT = 2083 * 8 - 1;

/** UTF-8 bytes of a JavaScript string (lone surrogates become U+FFFD). */
export function utf8(s: string): Bytes {
  return Array.from(new TextEncoder().encode(s));
}

/** Bytes as a string of Latin-1 characters, one per byte (for comparing and printing). */
export function latin1(b: Bytes): string {
  return b.map((x) => String.fromCharCode(x)).join('');
}

/**
 * The physical lines of a file, each cut to the line limit, with the BOM
 * prefix skipped only at the very start (docs/behaviour.md §12, Lines).
 */
export function modelLines(input: Uint8Array | Bytes): Bytes[] {
  const bytes = Array.from(input);
  let i = 0;
  // Skip as many leading bytes as match the BOM, in order (a prefix counts too).
  while (i < 3 && i < bytes.length && bytes[i] === BOM[i]) i++;
  const lines: Bytes[] = [];
  let current: Bytes = [];
  let previousWasCr = false;
  for (; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === LF || b === CR) {
      // The LF of a CR LF pair closes nothing new.
      const crlfTail = b === LF && previousWasCr && current.length === 0;
      if (!crlfTail) lines.push(current);
      current = [];
      previousWasCr = b === CR;
    } else if (current.length < MODEL_LINE_LIMIT) {
      current.push(b);
    }
  }
  lines.push(current);
  return lines;
}

/** ASCII whitespace: space, tab, LF, VT, FF, CR. */
function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0b || b === 0x0c || b === 0x0d;
}

function trim(b: Bytes): Bytes {
  let s = 0;
  let e = b.length;
  while (s < e && isSpace(b[s])) s++;
  while (e > s && isSpace(b[e - 1])) e--;
  return b.slice(s, e);
}

function lower(b: number): number {
  return b >= 0x41 && b <= 0x5a ? b + 32 : b;
}

function startsWithIgnoringCase(b: Bytes, prefix: string): boolean {
  if (b.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (lower(b[i]) !== prefix.charCodeAt(i)) return false;
  return true;
}

/** The four keys the matcher acts on. */
export type ModelKey = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'unknown';

/** One key/value line as the reference reads it. */
export interface ModelLine {
  line: number;
  key: ModelKey;
  value: Bytes;
}

/**
 * Key and value of one line, or null when the line holds none: the line
 * ends at a NUL, the comment from the first `#` is dropped, whitespace
 * trimmed, the key is before the first `:`; with no `:`, exactly two
 * space/tab separated words are key and value.
 */
export function modelKeyValue(line: Bytes): { key: Bytes; value: Bytes } | null {
  let text = line;
  const nul = text.indexOf(0);
  if (nul !== -1) text = text.slice(0, nul);
  const hash = text.indexOf(0x23);
  if (hash !== -1) text = text.slice(0, hash);
  text = trim(text);
  if (text.length === 0) return null;
  let sep = text.indexOf(0x3a);
  let valueFrom = sep + 1;
  if (sep === -1) {
    const blank = (b: number) => b === 0x20 || b === 0x09;
    sep = text.findIndex(blank);
    if (sep === -1) return null;
    valueFrom = sep;
    while (blank(text[valueFrom])) valueFrom++;
    if (text.slice(valueFrom).some(blank)) return null;
  }
  const key = trim(text.slice(0, sep));
  if (key.length === 0) return null;
  return { key, value: trim(text.slice(valueFrom)) };
}

/** Which key a key text is: by case-insensitive prefix, in this order, with the accepted typos. */
export function modelKey(key: Bytes): ModelKey {
  const any = (...words: string[]) => words.some((w) => startsWithIgnoringCase(key, w));
  if (any('user-agent', 'useragent', 'user agent')) return 'user-agent';
  if (any('allow')) return 'allow';
  if (any('disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw')) return 'disallow';
  if (any('sitemap', 'site-map')) return 'sitemap';
  return 'unknown';
}

function isHexDigit(b: number | undefined): boolean {
  if (b === undefined) return false;
  return (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
}

/**
 * A rule value made a pattern: `%xx` escapes get upper-case hex digits,
 * every byte ≥ 0x80 becomes `%XX`, everything else stays (docs/behaviour.md
 * §12, Keys and values). The result is ASCII.
 */
export function modelEscape(value: Bytes): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const b = value[i];
    if (b === 0x25 && isHexDigit(value[i + 1]) && isHexDigit(value[i + 2])) {
      out += `%${String.fromCharCode(value[i + 1], value[i + 2]).toUpperCase()}`;
      i += 2;
    } else if (b >= 0x80) {
      out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    } else {
      out += String.fromCharCode(b);
    }
  }
  return out;
}

/** Key/value lines of a file, numbered from 1 as the reference numbers them. */
export function modelParse(robots: Uint8Array | Bytes): ModelLine[] {
  const out: ModelLine[] = [];
  modelLines(robots).forEach((bytes, i) => {
    const kv = modelKeyValue(bytes);
    if (kv) out.push({ line: i + 1, key: modelKey(kv.key), value: kv.value });
  });
  return out;
}

function isTokenByte(b: number): boolean {
  return (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x2d || b === 0x5f;
}

/** The product token of a user-agent value: its leading run of A-Z a-z - _. */
export function modelProductToken(value: Bytes): Bytes {
  let end = 0;
  while (end < value.length && isTokenByte(value[end])) end++;
  return value.slice(0, end);
}

/** Whether a crawler's own token can be obeyed: non-empty, all A-Z a-z - _. */
export function modelValidAgent(agent: string): boolean {
  const b = utf8(agent);
  return b.length > 0 && b.every(isTokenByte);
}

/**
 * The path, params and query of a URL (docs/behaviour.md §12, The URL),
 * as bytes, stopped at a NUL (the reference hands the path on as a C string).
 */
export function modelPath(url: Bytes): Bytes {
  const slash = 0x2f;
  const firstOf = (from: number) => {
    for (let i = from; i < url.length; i++) if (url[i] === slash || url[i] === 0x3f || url[i] === 0x3b) return i;
    return -1;
  };
  const find = (needle: Bytes, from: number) => {
    for (let i = from; i + needle.length <= url.length; i++) {
      if (needle.every((b, k) => url[i + k] === b)) return i;
    }
    return -1;
  };
  const searchStart = url[0] === slash && url[1] === slash ? 2 : 0;
  const earlyPath = firstOf(searchStart);
  let protocolEnd = find([0x3a, slash, slash], searchStart);
  if (earlyPath !== -1 && (protocolEnd === -1 || earlyPath < protocolEnd)) protocolEnd = -1;
  const authorityFrom = protocolEnd === -1 ? searchStart : protocolEnd + 3;
  const pathStart = firstOf(authorityFrom);
  if (pathStart === -1) return [slash];
  const hash = find([0x23], searchStart);
  if (hash !== -1 && hash < pathStart) return [slash];
  let path = url.slice(pathStart, hash === -1 ? url.length : hash);
  if (path[0] !== slash) path = [slash, ...path];
  const nul = path.indexOf(0);
  return nul === -1 ? path : path.slice(0, nul);
}

/**
 * Whether a pattern matches a path from its start: the set of positions the
 * pattern can have reached, advanced one pattern byte at a time; `*` opens
 * every later position; a `$` that ends the pattern asks for the path's end.
 */
export function modelMatches(path: Bytes, pattern: Bytes): boolean {
  let positions = [0];
  for (let p = 0; p < pattern.length; p++) {
    const c = pattern[p];
    if (c === 0x24 && p === pattern.length - 1) return positions.includes(path.length);
    if (c === 0x2a) {
      const from = Math.min(...positions);
      positions = [];
      for (let i = from; i <= path.length; i++) positions.push(i);
    } else {
      positions = positions.filter((i) => i < path.length && path[i] === c).map((i) => i + 1);
      if (positions.length === 0) return false;
    }
  }
  return true;
}

/** The index.html reading of an allow pattern (`/d/index.html` → `/d/$`), or null. */
export function modelIndexHtml(pattern: string): string | null {
  const slash = pattern.lastIndexOf('/');
  if (slash === -1 || !pattern.slice(slash).startsWith('/index.htm')) return null;
  return `${pattern.slice(0, slash + 1)}$`;
}

/** A rule that matched, as an explanation lists it. */
export interface ModelMatch {
  line: number;
  kind: 'allow' | 'disallow';
  pattern: string;
  length: number;
  viaIndexHtml: boolean;
}

/** The model's answer for one URL and crawler. */
export interface ModelVerdict {
  allowed: boolean;
  /** The reference's matching_line when a rule of priority > 0 decided, else 0. */
  line: number;
  /** Whether some group names the crawler (then the `*` groups are ignored). */
  named: boolean;
  /** Every rule of the obeyed groups that matched, longest first, then by line. */
  matches: ModelMatch[];
}

interface Best {
  priority: number;
  line: number;
}

/** A rule of the file, with whom it applied to when it was read. */
interface RuleSeen {
  line: number;
  kind: 'allow' | 'disallow';
  pattern: string;
  specific: boolean;
}

/** Walks the lines as the reference's matcher does and collects the rules of the crawler's and the `*` groups. */
function collectRules(lines: ModelLine[], agent: Bytes): { rules: RuleSeen[]; named: boolean } {
  const rules: RuleSeen[] = [];
  let global = false;
  let specific = false;
  let named = false;
  let ruleSinceAgent = false;
  const agentLower = agent.map(lower);
  for (const l of lines) {
    if (l.key === 'user-agent') {
      if (ruleSinceAgent) global = specific = ruleSinceAgent = false;
      const v = l.value;
      if (v[0] === 0x2a && (v.length === 1 || isSpace(v[1]))) {
        global = true;
      } else {
        const token = modelProductToken(v).map(lower);
        if (token.length === agentLower.length && token.every((b, i) => b === agentLower[i])) specific = named = true;
      }
    } else if ((l.key === 'allow' || l.key === 'disallow') && (global || specific)) {
      ruleSinceAgent = true;
      rules.push({ line: l.line, kind: l.key, pattern: modelEscape(l.value), specific });
    }
  }
  return { rules, named };
}

/** How a rule matches a path: its own pattern, else (allow) its index.html reading, else not. */
function matchOf(rule: RuleSeen, path: Bytes): ModelMatch | null {
  if (modelMatches(path, utf8(rule.pattern))) {
    return {
      line: rule.line,
      kind: rule.kind,
      pattern: rule.pattern,
      length: rule.pattern.length,
      viaIndexHtml: false,
    };
  }
  const alt = rule.kind === 'allow' ? modelIndexHtml(rule.pattern) : null;
  if (alt !== null && modelMatches(path, utf8(alt))) {
    return { line: rule.line, kind: rule.kind, pattern: alt, length: alt.length, viaIndexHtml: true };
  }
  return null;
}

/**
 * The reference's verdict for `url` and crawler `agent` (used as given,
 * not cut to a token) on the robots.txt `robots` (docs/behaviour.md §12,
 * Decision). Strings are taken as their UTF-8 bytes.
 */
export function modelDecide(robots: Uint8Array | Bytes | string, url: string | Bytes, agent: string): ModelVerdict {
  const robotsBytes = typeof robots === 'string' ? utf8(robots) : robots;
  const path = modelPath(typeof url === 'string' ? utf8(url) : url);
  const { rules, named } = collectRules(modelParse(robotsBytes), utf8(agent));
  const best = {
    allowSpecific: { priority: -1, line: 0 },
    disallowSpecific: { priority: -1, line: 0 },
    allowGlobal: { priority: -1, line: 0 },
    disallowGlobal: { priority: -1, line: 0 },
  };
  const matches: ModelMatch[] = [];
  for (const rule of rules) {
    const m = matchOf(rule, path);
    if (m === null) continue;
    if (rule.specific === named) matches.push(m);
    const slot: Best =
      rule.kind === 'allow'
        ? rule.specific
          ? best.allowSpecific
          : best.allowGlobal
        : rule.specific
          ? best.disallowSpecific
          : best.disallowGlobal;
    // The first line among equally long matches is kept.
    if (m.length > slot.priority) {
      slot.priority = m.length;
      slot.line = m.line;
    }
  }
  const [allow, disallow] = named
    ? [best.allowSpecific, best.disallowSpecific]
    : [best.allowGlobal, best.disallowGlobal];
  // Rules of the crawler's own groups exist only when a group names it; the
  // `*` groups count only when none does.
  const disallowed = (allow.priority > 0 || disallow.priority > 0) && disallow.priority > allow.priority;
  // Of the winning kind; an allow/disallow tie reports the allow.
  const decider = disallow.priority > allow.priority ? disallow : allow;
  matches.sort((a, b) => b.length - a.length || a.line - b.line);
  return { allowed: !disallowed, line: decider.priority > 0 ? decider.line : 0, named, matches };
}
