/**
 * The common and combined log formats (Apache's `common` and `combined`,
 * nginx's default `combined`):
 *
 *     %h %l %u [%t] "%r" %>s %b "%{Referer}i" "%{User-Agent}i"
 *
 * read by hand, not with a regular expression: this runs once per line of
 * logs of many millions of lines. Quotes inside a quoted field are escaped
 * (`\"` by Apache, `\x22` by nginx); fields after the user agent (nginx
 * formats that add some) are ignored.
 */
import type { LineReading, LogLineReader } from './request';
import { parseClfTime } from './time';

/** Index of the quote that closes a field opened just before `from`, or -1. */
function closingQuote(line: string, from: number): number {
  let i = line.indexOf('"', from);
  while (i !== -1) {
    // A quote preceded by an odd run of backslashes is escaped.
    let slashes = 0;
    for (let j = i - 1; j >= from && line.charCodeAt(j) === 92; j--) slashes++;
    if (slashes % 2 === 0) return i;
    i = line.indexOf('"', i + 1);
  }
  return -1;
}

/** The quoted field starting at `at` (a quote) and where it ends, or null. */
function quoted(line: string, at: number): { text: string; end: number } | null {
  if (line.charCodeAt(at) !== 34) return null;
  const close = closingQuote(line, at + 1);
  if (close === -1) return null;
  return { text: line.slice(at + 1, close), end: close + 1 };
}

/** The target of a request line (`GET /a?b HTTP/1.1` → `/a?b`), or null. */
function requestTarget(request: string): string | null {
  const first = request.indexOf(' ');
  if (first === -1) return null;
  const last = request.lastIndexOf(' ');
  // HTTP/0.9 lines have no protocol: the target runs to the end.
  const end = last > first && request.startsWith('HTTP/', last + 1) ? last : request.length;
  const target = request.slice(first + 1, end);
  return target === '' ? null : target;
}

/** Reads combined (and common) log format lines. */
export class CombinedLogReader implements LogLineReader {
  readonly format = 'combined log format';

  read(line: string): LineReading | null {
    if (line.length === 0 || line.trim() === '') return null;
    const ipEnd = line.indexOf(' ');
    const open = line.indexOf('[', ipEnd);
    const close = open === -1 ? -1 : line.indexOf(']', open);
    if (ipEnd <= 0 || close === -1) return { error: 'no [time] field' };
    const time = parseClfTime(line.slice(open + 1, close));
    if (Number.isNaN(time)) return { error: `unreadable time "${line.slice(open + 1, close)}"` };
    const request = quoted(line, close + 2);
    if (line.charCodeAt(close + 1) !== 32 || !request) return { error: 'no quoted request line after the time' };
    const target = requestTarget(request.text);
    if (target === null) return { error: `no request target in "${request.text.slice(0, 80)}"` };
    // Status and size follow, then the optional referrer and user agent.
    let at = request.end + 1;
    const statusEnd = line.indexOf(' ', at);
    const status = Number(line.slice(at, statusEnd === -1 ? line.length : statusEnd));
    let userAgent = '';
    if (statusEnd !== -1) {
      const sizeEnd = line.indexOf(' ', statusEnd + 1);
      at = sizeEnd === -1 ? line.length : sizeEnd + 1;
      const referrer = quoted(line, at);
      if (referrer) {
        const ua = quoted(line, referrer.end + 1);
        if (!ua) return { error: 'a referrer but no quoted user agent after it' };
        userAgent = ua.text;
      }
    }
    return {
      time,
      ip: line.slice(0, ipEnd),
      target,
      status: Number.isInteger(status) ? status : 0,
      userAgent: userAgent === '-' ? '' : unescapeField(userAgent),
    };
  }
}

/** Apache's `\"` and `\\`, nginx's `\xHH`, in a logged field. */
function unescapeField(s: string): string {
  if (s.indexOf('\\') === -1) return s;
  return s.replace(/\\x([0-9a-fA-F]{2})|\\(.)/g, (_, hex: string | undefined, c: string | undefined) =>
    hex ? String.fromCharCode(Number.parseInt(hex, 16)) : (c ?? ''),
  );
}

/** Whether a line reads as common or combined log format (used to tell a log's format from its first line). */
export function looksLikeClf(line: string): boolean {
  const r = new CombinedLogReader().read(line);
  return r !== null && !('error' in r);
}
