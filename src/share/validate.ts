/**
 * Reads an untrusted shared state (from a link or a file) into a clean
 * `ShareState`: every field's type and size is checked, unknown fields are
 * dropped, long values are cut to `LIMITS`, and each change is reported as a
 * warning. Values stay plain strings: nothing here, nor in its callers, turns
 * them into HTML, so `<img onerror>` or `javascript:` text is inert data.
 * The result is built field by field from fresh objects, so keys such as
 * `__proto__` or `constructor` in the input are never copied anywhere.
 */
import { CRAWLER_PROFILES } from '../core/profiles';
import { isFetchStatus } from '../model/fetchStatus';
import { LIMITS, type ReadResult, type ShareState } from './format';

const KNOWN_PROFILES = new Set(CRAWLER_PROFILES.map((p) => p.id));

type Obj = Record<string, unknown>;

const isObject = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

/** An own property only: an inherited one (from a polluted prototype, say) is never read. */
const field = (o: Obj, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined);

/** Cuts `s` to at most `max` UTF-16 units without splitting a surrogate pair. */
function cutString(s: string, max: number): string {
  if (s.length <= max) return s;
  const code = s.charCodeAt(max - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** The text fields of a state, each capped in `LIMITS`. */
type TextField = 'robotsText' | 'robotsUrl' | 'urlText';

function readText(o: Obj, key: TextField, warnings: string[], fallback: string): string {
  const v = field(o, key);
  if (v === undefined) {
    warnings.push(`The shared state had no ${key}; it was left empty.`);
    return fallback;
  }
  if (typeof v !== 'string') {
    warnings.push(`The shared ${key} was not text; it was left empty.`);
    return fallback;
  }
  if (v.length > LIMITS[key]) {
    warnings.push(`The shared ${key} was cut to ${LIMITS[key].toLocaleString('en')} characters.`);
    return cutString(v, LIMITS[key]);
  }
  return v;
}

function readProfiles(v: unknown, warnings: string[], fallback: readonly string[]): string[] {
  if (v === undefined) return [...fallback];
  if (!Array.isArray(v)) {
    warnings.push('The shared crawler profiles were not a list; none were kept.');
    return [...fallback];
  }
  const out: string[] = [];
  let dropped = 0;
  for (const id of v) {
    if (typeof id === 'string' && KNOWN_PROFILES.has(id) && !out.includes(id)) out.push(id);
    else dropped++;
  }
  if (dropped > 0) warnings.push(`${dropped} unknown or repeated crawler profile(s) were dropped.`);
  return out;
}

function readTokens(v: unknown, warnings: string[]): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) {
    warnings.push('The shared product tokens were not a list; none were kept.');
    return [];
  }
  const seen = new Set<string>();
  let dropped = 0;
  for (const t of v) {
    const token = typeof t === 'string' ? t.trim() : '';
    if (token === '' || token.length > LIMITS.token || seen.has(token)) dropped++;
    else if (seen.size >= LIMITS.tokens) dropped++;
    else seen.add(token);
  }
  if (dropped > 0) warnings.push(`${dropped} empty, overlong, repeated or surplus product token(s) were dropped.`);
  return [...seen];
}

function readCrawlers(v: unknown, warnings: string[], fallback: ShareState['crawlers']): ShareState['crawlers'] {
  if (v !== undefined && !isObject(v)) warnings.push('The shared crawlers were not an object; none were kept.');
  const o = isObject(v) ? v : {};
  return {
    profiles: readProfiles(field(o, 'profiles'), warnings, fallback.profiles),
    tokens: readTokens(field(o, 'tokens'), warnings),
  };
}

function readSettings(v: unknown, warnings: string[], fallback: ShareState['settings']): ShareState['settings'] {
  const settings = { ...fallback };
  if (v === undefined) return settings;
  if (!isObject(v)) {
    warnings.push('The shared settings were not an object; the defaults were used.');
    return settings;
  }
  const normalise = field(v, 'normalise');
  if (typeof normalise === 'boolean') settings.normalise = normalise;
  else if (normalise !== undefined) warnings.push('The shared "normalise" setting was not true or false; it is on.');
  const status = field(v, 'fetchStatus');
  if (isFetchStatus(status)) settings.fetchStatus = status;
  else if (status !== undefined) warnings.push('The shared fetch status was not an HTTP status; 200 was used.');
  return settings;
}

const isIndex = (x: unknown): x is number =>
  Number.isInteger(x) && (x as number) >= 0 && (x as number) <= LIMITS.cellIndex;

function readSelected(v: unknown, warnings: string[], fallback: ShareState['selected']): ShareState['selected'] {
  if (v === undefined) return fallback;
  if (v === null) return null;
  const row = isObject(v) ? field(v, 'row') : undefined;
  const col = isObject(v) ? field(v, 'col') : undefined;
  if (isIndex(row) && isIndex(col)) return { row, col };
  warnings.push('The shared selected cell was not valid; nothing is selected.');
  return null;
}

/**
 * Checks an untrusted state object (already parsed from JSON) and returns a
 * clean copy with warnings, or an error when it is not a state at all.
 */
export function validateState(raw: unknown): ReadResult {
  if (!isObject(raw)) return { ok: false, error: 'The shared data is not a Robots Lab state (expected an object).' };
  if (typeof field(raw, 'robotsText') !== 'string') {
    return { ok: false, error: 'The shared data is not a Robots Lab state (it has no robots.txt text).' };
  }
  const warnings: string[] = [];
  const known = new Set(['robotsText', 'robotsUrl', 'urlText', 'crawlers', 'settings', 'selected']);
  const unknown = Object.keys(raw).filter((k) => !known.has(k));
  if (unknown.length > 0) warnings.push(`${unknown.length} unknown field(s) were ignored.`);
  return { ok: true, state: readFields(raw, EMPTY_STATE, warnings), warnings };
}

/** What a shared state leaves out is empty: no text, no crawlers, default settings, no cell selected. */
const EMPTY_STATE: ShareState = {
  robotsText: '',
  robotsUrl: '',
  urlText: '',
  crawlers: { profiles: [], tokens: [] },
  settings: { normalise: true, fetchStatus: 200 },
  selected: null,
};

/**
 * Reads the six fields of a state object, each checked and cut as above,
 * with a warning per change; a field that is absent or unusable takes its
 * value in `defaults`. Shared states are read so with empty defaults; the
 * page's saved inputs with the first-visit example (a damaged entry never
 * blanks the page), and no one to warn.
 */
export function readFields(raw: unknown, defaults: ShareState, warnings: string[] = []): ShareState {
  const o = isObject(raw) ? raw : {};
  return {
    robotsText: readText(o, 'robotsText', warnings, defaults.robotsText),
    robotsUrl: readText(o, 'robotsUrl', warnings, defaults.robotsUrl),
    urlText: readText(o, 'urlText', warnings, defaults.urlText),
    crawlers: readCrawlers(field(o, 'crawlers'), warnings, defaults.crawlers),
    settings: readSettings(field(o, 'settings'), warnings, defaults.settings),
    selected: readSelected(field(o, 'selected'), warnings, defaults.selected),
  };
}
