/**
 * The log readers: combined/common log format, JSON Lines and CSV with
 * named fields, and the timestamps logs write. Expected values are written
 * by hand from the formats' definitions (Apache's mod_log_config, nginx's
 * log_format, Cloudflare Logpush's field names).
 */
import { describe, expect, it } from 'vitest';
import { CombinedLogReader } from '../../src/core/logs/clf';
import { CsvLogReader, fieldMapping, JsonLinesReader } from '../../src/core/logs/fields';
import { parseClfTime, parseLogTime } from '../../src/core/logs/time';

describe('combined and common log format', () => {
  const reader = new CombinedLogReader();

  it('reads an Apache combined line: address, time with its offset, target, status, user agent', () => {
    const line =
      '127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif?a=1 HTTP/1.0" 200 2326 "http://www.example.com/start.html" "Mozilla/4.08 [en] (Win98; I ;Nav)"';
    expect(reader.read(line)).toEqual({
      time: Date.UTC(2000, 9, 10, 20, 55, 36),
      ip: '127.0.0.1',
      target: '/apache_pb.gif?a=1',
      status: 200,
      userAgent: 'Mozilla/4.08 [en] (Win98; I ;Nav)',
    });
  });

  it('reads a common log format line, which has no user agent', () => {
    expect(reader.read('::1 - - [01/Jan/2026:00:00:00 +0000] "HEAD / HTTP/1.1" 304 -')).toEqual({
      time: Date.UTC(2026, 0, 1),
      ip: '::1',
      target: '/',
      status: 304,
      userAgent: '',
    });
  });

  it('undoes nginx \\x22 and Apache \\" escapes inside the user agent', () => {
    const nginx = reader.read(
      '1.2.3.4 - - [01/Jan/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 5 "-" "Bot \\x22q\\x22/1.0"',
    );
    const apache = reader.read('1.2.3.4 - - [01/Jan/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 5 "-" "Bot \\"q\\"/1.0"');
    expect(nginx).toMatchObject({ userAgent: 'Bot "q"/1.0' });
    expect(apache).toMatchObject({ userAgent: 'Bot "q"/1.0' });
  });

  it('names what is wrong with a line it cannot read', () => {
    expect(reader.read('not a log line')).toEqual({ error: 'no [time] field' });
    expect(reader.read('1.2.3.4 - - [31/Nov/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 5')).toEqual({
      error: 'unreadable time "31/Nov/2026:00:00:00 +0000"',
    });
    expect(reader.read('1.2.3.4 - - [01/Jan/2026:00:00:00 +0000] "-" 400 0 "-" "-"')).toEqual({
      error: 'no request target in "-"',
    });
    expect(reader.read('   ')).toBeNull();
  });
});

describe('timestamps', () => {
  it('reads %t with its offset', () => {
    expect(parseClfTime('01/Mar/2026:01:30:00 +0130')).toBe(Date.UTC(2026, 2, 1, 0, 0, 0));
    expect(parseClfTime('28/Feb/2026:23:00:00 -0100')).toBe(Date.UTC(2026, 2, 1, 0, 0, 0));
  });

  it('tells seconds, milliseconds, microseconds and nanoseconds since the epoch by their size', () => {
    const t = Date.UTC(2026, 8, 1, 12);
    expect(parseLogTime(t / 1000)).toBe(t);
    expect(parseLogTime(t)).toBe(t);
    expect(parseLogTime(String(t * 1000))).toBe(t);
    expect(parseLogTime(t * 1e6)).toBe(t);
  });

  it('reads ISO 8601 with a zone, and without one as UTC', () => {
    expect(parseLogTime('2026-09-01T12:00:00+02:00')).toBe(Date.UTC(2026, 8, 1, 10));
    expect(parseLogTime('2026-09-01T12:00:00')).toBe(Date.UTC(2026, 8, 1, 12));
    expect(parseLogTime('2026-09-01 12:00:00')).toBe(Date.UTC(2026, 8, 1, 12));
    expect(parseLogTime('[01/Sep/2026:12:00:00 +0000]')).toBe(Date.UTC(2026, 8, 1, 12));
    expect(parseLogTime('yesterday')).toBeNaN();
  });
});

describe('JSON Lines', () => {
  it('finds Cloudflare Logpush fields by their names', () => {
    const line = JSON.stringify({
      ClientIP: '20.15.240.70',
      ClientRequestURI: '/a?b=1',
      ClientRequestUserAgent: 'GPTBot/1.3',
      EdgeResponseStatus: 403,
      EdgeStartTimestamp: '2026-09-01T00:00:00Z',
    });
    expect(new JsonLinesReader().read(line)).toEqual({
      time: Date.UTC(2026, 8, 1),
      ip: '20.15.240.70',
      target: '/a?b=1',
      status: 403,
      userAgent: 'GPTBot/1.3',
    });
  });

  it('follows a mapping, dotted names into nested objects, and a request line as target', () => {
    const reader = new JsonLinesReader(fieldMapping({ time: 'when', userAgent: 'http.headers.ua', target: 'req' }));
    const line = JSON.stringify({
      when: 1788220800,
      req: 'GET /x HTTP/2.0',
      http: { headers: { ua: 'ClaudeBot/1.0' } },
    });
    expect(reader.read(line)).toEqual({
      time: 1788220800000,
      ip: '',
      target: '/x',
      status: 0,
      userAgent: 'ClaudeBot/1.0',
    });
  });

  it('says which field is missing or what is not JSON', () => {
    const reader = new JsonLinesReader();
    expect(reader.read('{"path":"/"}')).toMatchObject({
      error: expect.stringMatching(/^no time field \(tried time, /),
    });
    expect(reader.read('{"time":"2026-09-01"}')).toMatchObject({
      error: expect.stringMatching(/^no request target field/),
    });
    expect(reader.read('{"time":')).toMatchObject({ error: expect.stringMatching(/^not JSON/) });
    expect(reader.read('[1]')).toEqual({ error: 'not a JSON object' });
  });
});

describe('CSV with named columns', () => {
  it('takes the first line as the header and reads quoted cells', () => {
    const reader = new CsvLogReader();
    expect(reader.read('EdgeStartTimestamp,ClientIP,ClientRequestURI,ClientRequestUserAgent')).toBeNull();
    expect(reader.read('2026-09-01T00:00:00Z,66.249.66.1,"/a,b","Mozilla/5.0 (compatible; Googlebot/2.1)"')).toEqual({
      time: Date.UTC(2026, 8, 1),
      ip: '66.249.66.1',
      target: '/a,b',
      status: 0,
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)',
    });
  });

  it('reads a tab-separated header, and goes on after a line whose quote does not close', () => {
    const reader = new CsvLogReader(fieldMapping({ target: 'uri' }));
    reader.read('time\turi\tua');
    expect(reader.read('2026-09-01\t"/open\tx')).toEqual({ error: 'a quoted cell runs past the end of the line' });
    expect(reader.read('2026-09-02\t/ok\tBingbot/2.0')).toMatchObject({ time: Date.UTC(2026, 8, 2), target: '/ok' });
  });
});
