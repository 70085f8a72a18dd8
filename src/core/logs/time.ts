/**
 * Timestamps as access logs write them: the common log format's
 * `10/Oct/2026:13:55:36 -0700`, ISO 8601 / RFC 3339, and numbers since the
 * epoch in seconds, milliseconds, microseconds or nanoseconds (Cloudflare's
 * `EdgeStartTimestamp` is nanoseconds unless told otherwise).
 */

const MONTHS: Record<string, number> = {
  Jan: 0,
  Feb: 1,
  Mar: 2,
  Apr: 3,
  May: 4,
  Jun: 5,
  Jul: 6,
  Aug: 7,
  Sep: 8,
  Oct: 9,
  Nov: 10,
  Dec: 11,
};

/** Two ASCII digits at `at` as a number, or NaN. */
function two(s: string, at: number): number {
  const a = s.charCodeAt(at) - 48;
  const b = s.charCodeAt(at + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : Number.NaN;
}

/** The day `dd/Mon/yyyy` last read and its start in ms: a log's lines mostly share their day. */
let lastDay = '';
let lastDayMs = 0;

/**
 * The common log format's `%t` without its brackets (`10/Oct/2026:13:55:36
 * -0700`) in ms since the epoch; NaN when it is not one.
 */
export function parseClfTime(s: string): number {
  if (s.length < 26 || s.charCodeAt(11) !== 58 /* : */) return Number.NaN;
  const day = s.slice(0, 11);
  let dayMs: number;
  if (day === lastDay) dayMs = lastDayMs;
  else {
    const month = MONTHS[day.slice(3, 6)];
    const year = Number(day.slice(7, 11));
    const date = two(day, 0);
    if (month === undefined || !Number.isInteger(year) || day[2] !== '/' || day[6] !== '/' || !(date >= 1)) {
      return Number.NaN;
    }
    dayMs = Date.UTC(year, month, date);
    // 31/Nov is no day (Date.UTC would roll it over to 1 Dec).
    if (new Date(dayMs).getUTCDate() !== date) return Number.NaN;
    lastDay = day;
    lastDayMs = dayMs;
  }
  const h = two(s, 12);
  const m = two(s, 15);
  const sec = two(s, 18);
  const sign = s[21] === '-' ? -1 : s[21] === '+' ? 1 : 0;
  const oh = two(s, 22);
  const om = two(s, 24);
  if (!(sign !== 0 && h <= 23 && m <= 59 && sec <= 60 && oh <= 23 && om <= 59)) return Number.NaN;
  // Local time minus its offset is UTC.
  return dayMs + ((h * 60 + m) * 60 + sec) * 1000 - sign * (oh * 60 + om) * 60_000;
}

/** A number since the epoch, its unit told by its size (s, ms, µs or ns). */
function epochNumber(n: number): number {
  const a = Math.abs(n);
  if (a >= 1e17) return n / 1e6;
  if (a >= 1e14) return n / 1e3;
  if (a >= 1e11) return n;
  return n * 1000;
}

/**
 * Any timestamp a log field may hold, in ms since the epoch; NaN when it is
 * none. A zone-less ISO time is read as UTC (logs rarely mean local time
 * without saying so, and UTC is the same on every machine).
 */
export function parseLogTime(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? epochNumber(value) : Number.NaN;
  if (typeof value !== 'string') return Number.NaN;
  const s = value.trim();
  if (s === '') return Number.NaN;
  if (/^-?\d+(\.\d+)?$/.test(s)) return epochNumber(Number(s));
  if (s.charCodeAt(0) === 91 /* [ */ && s.charCodeAt(s.length - 1) === 93) return parseClfTime(s.slice(1, -1));
  if (/^\d\d\/[A-Z][a-z]{2}\/\d{4}:/.test(s)) return parseClfTime(s);
  if (!/^\d{4}-\d\d-\d\d/.test(s)) return Number.NaN;
  const zoned = /(Z|[+-]\d\d:?\d\d)$/i.test(s) || s.length === 10 ? s : `${s}Z`;
  return Date.parse(zoned.replace(' ', 'T'));
}
