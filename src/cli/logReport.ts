/**
 * What `robots-lab logs` writes: the per-crawler report as a table, CSV,
 * JSON or JSON Lines, and the violating requests as they are found.
 */
import { csvRecord } from '../core/csv';
import type { CrawlerReport, Violation } from '../core/logs/index';
import type { CliIo } from './io';

export const FORMATS = ['table', 'csv', 'json', 'jsonl'] as const;
export type Format = (typeof FORMATS)[number];

/** Violations a table shows (the rest are counted; jsonl and csv give them all). */
const TABLE_VIOLATIONS = 1_000;

/** An instant as ISO 8601 to the second; `-` for an undated version. */
function iso(t: number | null): string {
  if (t === null || !Number.isFinite(t)) return '-';
  return new Date(t).toISOString().replace('.000Z', 'Z');
}

/** The per-crawler report as a table, CSV, JSON or JSON Lines. */
export function formatReport(rows: CrawlerReport[], format: Format): string {
  if (format === 'json') return `${JSON.stringify(rows.map(jsonRow), null, 2)}\n`;
  if (format === 'jsonl') return rows.map((r) => `${JSON.stringify(jsonRow(r))}\n`).join('');
  if (format === 'csv') {
    let s = csvRecord(REPORT_COLUMNS);
    for (const r of rows) s += csvRecord(csvRow(r));
    return s;
  }
  return reportTable(rows);
}

const REPORT_COLUMNS = [
  'crawler',
  'key',
  'operator',
  'purpose',
  'category',
  'operator_says_obeys',
  'robots',
  'requests',
  'paths',
  'obeyed',
  'obeyed_in_grace',
  'violations',
  'user_triggered',
  'user_triggered_disallowed',
  'impersonations',
  'before_history',
  'first_seen',
  'last_seen',
  'violation_lines',
];

function jsonRow(r: CrawlerReport) {
  return {
    ...r,
    firstSeen: r.firstSeen === null ? null : iso(r.firstSeen),
    lastSeen: r.lastSeen === null ? null : iso(r.lastSeen),
    violationsBy: r.violationsBy.map((g) => ({
      ...g,
      versionFrom: Number.isFinite(g.versionFrom) ? iso(g.versionFrom) : null,
    })),
  };
}

function violationLines(r: CrawlerReport): string {
  return r.violationsBy
    .map((g) => `${g.count}× ${g.rule} (${g.line === null ? 'status' : `line ${g.line}`}) of ${g.version}`)
    .join('; ');
}

function csvRow(r: CrawlerReport): string[] {
  return [
    r.crawler,
    r.key,
    r.operator ?? '',
    r.purpose ?? '',
    r.category,
    r.operatorSaysObeys,
    r.robots,
    String(r.requests),
    r.pathsEstimated ? `~${r.paths}` : String(r.paths),
    String(r.obeyed),
    String(r.obeyedInGrace),
    String(r.violations),
    String(r.userTriggered),
    String(r.userTriggeredDisallowed),
    String(r.impersonations),
    String(r.beforeHistory),
    r.firstSeen === null ? '' : iso(r.firstSeen),
    r.lastSeen === null ? '' : iso(r.lastSeen),
    violationLines(r),
  ];
}

/** Columns of text padded to their widest cell. */
function columns(header: string[], body: string[][]): string {
  const widths = header.map((h) => h.length);
  for (const row of body) for (let i = 0; i < row.length; i++) widths[i] = Math.max(widths[i], [...row[i]].length);
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c + ' '.repeat(widths[i] - [...c].length))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...body.map(line)].join('\n')}\n`;
}

function reportTable(rows: CrawlerReport[]): string {
  if (rows.length === 0) return 'no crawler requests in the logs\n';
  const header = [
    'CRAWLER',
    'OPERATOR',
    'REQUESTS',
    'PATHS',
    'OBEYED',
    'VIOLATIONS',
    'USER-TRIGGERED',
    'IMPERSONATIONS',
    'FIRST SEEN',
    'LAST SEEN',
  ];
  const body = rows.map((r) => [
    r.crawler,
    r.operator ?? '(unknown bot)',
    String(r.requests),
    r.pathsEstimated ? `~${r.paths}` : String(r.paths),
    r.robots === 'user-triggered' ? '-' : String(r.obeyed),
    r.robots === 'user-triggered' ? '-' : String(r.violations),
    r.robots === 'user-triggered' ? `${r.userTriggered} (${r.userTriggeredDisallowed} disallowed)` : '-',
    String(r.impersonations),
    iso(r.firstSeen),
    iso(r.lastSeen),
  ]);
  let s = columns(header, body);
  const details = rows.filter((r) => r.violations > 0);
  if (details.length > 0) {
    s += '\nviolations by deciding line:\n';
    for (const r of details) {
      for (const g of r.violationsBy) {
        const where = g.line === null ? 'the fetch status' : `line ${g.line}`;
        s += `  ${r.crawler}: ${g.count} by ${where} (${g.rule}) of ${g.version}, live from ${iso(g.versionFrom)}\n`;
      }
    }
  }
  return s;
}

const VIOLATION_COLUMNS = [
  'time',
  'crawler',
  'url',
  'line',
  'rule',
  'version',
  'version_date',
  'ip',
  'user_agent',
  'log',
];

/** Violating requests as they are found (csv, jsonl, json) or at the end (table). */
export class ViolationWriter {
  private buffer = '';
  private json = 0;
  private table: string[][] = [];
  private more = 0;

  constructor(
    private readonly io: CliIo,
    private readonly format: Format,
  ) {
    if (format === 'csv') this.buffer = csvRecord(VIOLATION_COLUMNS);
    if (format === 'json') this.buffer = '[';
  }

  add(v: Violation, where: string): void {
    const record = {
      time: iso(v.time),
      crawler: v.crawler,
      url: v.url,
      line: v.line,
      rule: v.rule,
      version: v.version,
      versionDate: Number.isFinite(v.versionFrom) ? iso(v.versionFrom) : null,
      ip: v.ip,
      userAgent: v.userAgent,
      log: where,
    };
    if (this.format === 'jsonl') this.buffer += `${JSON.stringify(record)}\n`;
    else if (this.format === 'json') this.buffer += `${this.json++ ? ',' : ''}\n  ${JSON.stringify(record)}`;
    else if (this.format === 'csv') {
      this.buffer += csvRecord([
        record.time,
        record.crawler,
        record.url,
        record.line === null ? '' : String(record.line),
        record.rule,
        record.version,
        record.versionDate ?? '',
        record.ip,
        record.userAgent,
        record.log,
      ]);
    } else if (this.table.length < TABLE_VIOLATIONS) {
      this.table.push([
        record.time,
        record.crawler,
        record.url,
        record.line === null ? '-' : String(record.line),
        record.rule,
        record.version,
      ]);
    } else this.more++;
  }

  /** Writes what is buffered, waiting while standard output is full. */
  async flush(): Promise<void> {
    if (this.buffer === '') return;
    const ok = this.io.stdout.write(this.buffer);
    this.buffer = '';
    if (ok === false && this.io.stdout.once) await new Promise<void>((r) => this.io.stdout.once!('drain', r));
  }

  end(): void {
    if (this.format === 'json') this.buffer += this.json ? '\n]\n' : ']\n';
    if (this.format === 'table') {
      this.buffer =
        this.table.length === 0
          ? 'no violations\n'
          : columns(['TIME', 'CRAWLER', 'URL', 'LINE', 'RULE', 'VERSION'], this.table) +
            (this.more > 0 ? `… and ${this.more} more (use -f jsonl or csv for all)\n` : '');
    }
    this.io.stdout.write(this.buffer);
    this.buffer = '';
  }
}
