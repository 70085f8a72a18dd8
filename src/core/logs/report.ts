/**
 * The report of a log audit as text, one implementation for the CLI and the
 * page: the per-crawler report as a table, CSV, JSON or JSON Lines, each
 * violating request as a record, and the run's summary.
 */
import { csvRecord } from '../csv';
import { type AuditTotals, type CrawlerReport, LOG_LIMITS, type Violation } from './audit';

export const FORMATS = ['table', 'csv', 'json', 'jsonl'] as const;
export type Format = (typeof FORMATS)[number];

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
export function columns(header: string[], body: string[][]): string {
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

/** The columns of a violation record in CSV. */
export const VIOLATION_COLUMNS = [
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

/** One violating request as `--violations` writes it; `log` says where it was read (`access.log:12`). */
export interface ViolationRecord {
  time: string;
  crawler: string;
  url: string;
  line: number | null;
  rule: string;
  version: string;
  versionDate: string | null;
  ip: string;
  userAgent: string;
  log: string;
}

/** A violation as the record the reports write. */
export function violationRecord(v: Violation, log: string): ViolationRecord {
  return {
    time: iso(v.time),
    crawler: v.crawler,
    url: v.url,
    line: v.line,
    rule: v.rule,
    version: v.version,
    versionDate: Number.isFinite(v.versionFrom) ? iso(v.versionFrom) : null,
    ip: v.ip,
    userAgent: v.userAgent,
    log,
  };
}

/** A violation record's CSV cells, in VIOLATION_COLUMNS' order. */
export function violationCells(r: ViolationRecord): string[] {
  return [
    r.time,
    r.crawler,
    r.url,
    r.line === null ? '' : String(r.line),
    r.rule,
    r.version,
    r.versionDate ?? '',
    r.ip,
    r.userAgent,
    r.log,
  ];
}

/** How a run went, for its summary. */
export interface RunCounts {
  /** Log lines that held a request or could not be read. */
  lines: number;
  unreadable: number;
  /** Of them, how many were named one by one. */
  named: number;
  filesFailed: number;
  versions: number;
  graceMs: number;
}

/** The run's summary: totals, what was not read or judged, and (when asked) what a log cannot show. */
export function auditSummary(t: AuditTotals, c: RunCounts, withLimits: boolean): string[] {
  const n = (x: number) => x.toLocaleString('en-US');
  const s = (x: number, word: string) => `${n(x)} ${word}${x === 1 ? '' : 's'}`;
  const out = [
    `${n(c.lines)} log lines, ${n(t.requests)} requests read: ${n(t.crawlerRequests)} by crawlers, ${n(t.browsers)} by browsers; ` +
      `${s(t.violations, 'violation')}, ${n(t.userTriggered)} user-triggered fetches, ${s(t.impersonations, 'impersonation')} ` +
      `(judged against ${s(c.versions, 'version')} of robots.txt, grace ${c.graceMs / 3_600_000} h)`,
  ];
  if (c.unreadable > 0) {
    out.push(
      `${s(c.unreadable, 'line')} could not be read` +
        (c.unreadable > c.named ? ` (the first ${c.named} are named above)` : ''),
    );
  }
  if (c.filesFailed > 0) out.push(`${c.filesFailed} log file(s) could not be read to the end`);
  if (t.beforeHistory > 0)
    out.push(`${n(t.beforeHistory)} crawler requests came before the first known version and were not judged`);
  if (t.unverified > 0)
    out.push(`${n(t.unverified)} requests had no client address to check against the published ranges`);
  if (withLimits) out.push(LOG_LIMITS);
  return out;
}
