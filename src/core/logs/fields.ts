/**
 * Logs whose records name their fields: JSON Lines (one object a line) and
 * CSV with a header row (a Cloudflare Logpush export, a CDN's or a load
 * balancer's). Which field holds what comes from a mapping; by default the
 * names the common tools write are tried in turn.
 */
import { CsvRows } from '../liststream';
import type { LineReading, LogLineReader } from './request';
import { parseLogTime } from './time';

/** The request's parts a log must give, and the optional ones. */
export const LOG_FIELDS = ['time', 'ip', 'target', 'status', 'userAgent'] as const;
export type LogField = (typeof LOG_FIELDS)[number];

/** For each part, the field names to try in turn (a dotted name reaches into nested JSON objects). */
export type FieldMapping = Record<LogField, readonly string[]>;

/** Names that nginx/Apache JSON formats, Cloudflare, Fastly, AWS and others use. */
const DEFAULT_FIELDS: FieldMapping = {
  time: ['time', 'timestamp', '@timestamp', 'time_local', 'time_iso8601', 'EdgeStartTimestamp', 'ts', 'date'],
  ip: ['ip', 'remote_addr', 'client_ip', 'clientIp', 'ClientIP', 'c-ip', 'remoteIp', 'host'],
  target: [
    'target',
    'request_uri',
    'uri',
    'path',
    'url',
    'ClientRequestURI',
    'ClientRequestPath',
    'cs-uri-stem',
    'requestUrl',
    'request',
  ],
  status: ['status', 'EdgeResponseStatus', 'OriginResponseStatus', 'sc-status', 'statusCode', 'status_code'],
  userAgent: ['user_agent', 'userAgent', 'http_user_agent', 'ClientRequestUserAgent', 'cs(User-Agent)', 'ua', 'agent'],
};

/**
 * The mapping with the user's choices put first: `overrides` maps a part
 * (`time`, `ip`, `target`, `status`, `userAgent`) to one field name.
 */
export function fieldMapping(overrides: Partial<Record<LogField, string>>): FieldMapping {
  const out = { ...DEFAULT_FIELDS };
  for (const f of LOG_FIELDS) {
    const name = overrides[f];
    if (name !== undefined) out[f] = [name];
  }
  return out;
}

/** A JSON value's field by a (possibly dotted) name. */
function field(record: Record<string, unknown>, name: string): unknown {
  if (name in record) return record[name];
  if (name.indexOf('.') === -1) return undefined;
  let v: unknown = record;
  for (const part of name.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/** The first of `names` the record has (not null or empty). */
function first(get: (name: string) => unknown, names: readonly string[]): unknown {
  for (const n of names) {
    const v = get(n);
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return undefined;
}

/** A request line (`GET /a HTTP/1.1`) or a target as it is. */
function targetOf(v: string): string {
  const m = /^[A-Z]+ (\S+)( HTTP\/[\d.]+)?$/.exec(v);
  return m ? m[1] : v;
}

/** Builds a request from a record's fields; an error names the part that is missing or unreadable. */
function requestFrom(get: (name: string) => unknown, map: FieldMapping): LineReading {
  const rawTime = first(get, map.time);
  if (rawTime === undefined) return { error: `no time field (tried ${map.time.join(', ')})` };
  const time = parseLogTime(rawTime);
  if (Number.isNaN(time)) return { error: `unreadable time "${String(rawTime)}"` };
  const rawTarget = first(get, map.target);
  if (typeof rawTarget !== 'string') return { error: `no request target field (tried ${map.target.join(', ')})` };
  const ua = first(get, map.userAgent);
  const ip = first(get, map.ip);
  const status = Number(first(get, map.status) ?? 0);
  return {
    time,
    ip: typeof ip === 'string' ? ip : '',
    target: targetOf(rawTarget),
    status: Number.isInteger(status) ? status : 0,
    userAgent: typeof ua === 'string' && ua !== '-' ? ua : '',
  };
}

/** Reads JSON Lines: one JSON object a line. */
export class JsonLinesReader implements LogLineReader {
  readonly format = 'JSON Lines';
  constructor(private readonly map: FieldMapping = DEFAULT_FIELDS) {}

  read(line: string): LineReading | null {
    if (line.trim() === '') return null;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch (err) {
      return { error: `not JSON (${(err as Error).message})` };
    }
    if (record === null || typeof record !== 'object' || Array.isArray(record)) return { error: 'not a JSON object' };
    const r = record as Record<string, unknown>;
    return requestFrom((n) => field(r, n), this.map);
  }
}

/**
 * Reads CSV with a header row naming its columns (the first line read). The
 * separator is `,` unless the header has more tabs or semicolons. Lines are
 * read one by one: a quoted cell may not hold a line break.
 */
export class CsvLogReader implements LogLineReader {
  readonly format = 'CSV';
  private columns: Map<string, number> | null = null;
  private cells: string[] = [];
  private parser = this.newParser(',');

  constructor(private readonly map: FieldMapping = DEFAULT_FIELDS) {}

  private newParser(separator: string): CsvRows {
    return new CsvRows(separator, (cells) => {
      this.cells = cells;
    });
  }

  /** The cells of one line, or null when a quoted cell does not close on it. */
  private cellsOf(line: string): string[] | null {
    this.cells = [];
    this.parser.write(`${line}\n`);
    if (this.cells.length > 0) return this.cells;
    // The parser waits inside an open quote: start afresh for the next line.
    this.parser = this.newParser(this.separator);
    return null;
  }

  private separator = ',';

  read(line: string): LineReading | null {
    if (line.trim() === '') return null;
    if (this.columns === null) {
      this.separator = [',', '\t', ';'].reduce((best, s) => (count(line, s) > count(line, best) ? s : best), ',');
      this.parser = this.newParser(this.separator);
      const header = this.cellsOf(line);
      if (header === null) return { error: 'the header row has a quoted cell that does not close' };
      this.columns = new Map(header.map((name, i) => [name.trim(), i]));
      return null;
    }
    const cells = this.cellsOf(line);
    if (cells === null) return { error: 'a quoted cell runs past the end of the line' };
    const columns = this.columns;
    return requestFrom((n) => {
      const i = columns.get(n);
      return i === undefined ? undefined : cells[i];
    }, this.map);
  }
}

function count(s: string, c: string): number {
  let n = 0;
  for (let i = s.indexOf(c); i !== -1; i = s.indexOf(c, i + 1)) n++;
  return n;
}
