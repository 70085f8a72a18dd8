/**
 * `robots-lab logs LOG… --robots SOURCE`: the crawler requests of access
 * logs judged against the robots.txt that was live at each one; per crawler
 * requests, obeyed, violations, user-triggered fetches and impersonations,
 * or (`--violations`) every violating request. docs/logs.md is the guide.
 */
import { basename } from 'node:path';
import { csvRecord } from '../core/csv';
import {
  type CrawlerReport,
  DEFAULT_GRACE_MS,
  fieldMapping,
  IpRanges,
  LOG_FIELDS,
  LOG_LIMITS,
  LogAudit,
  type LogField,
  type LogLineReader,
  Timeline,
  type Violation,
} from '../core/logs/index';
import { CRAWLER_PROFILES, findProfile } from '../core/profiles';
import { type FlagSpec, flag, flags, type ParsedArgs, parseArgs } from './args';
import { CliError, type CliIo, EXIT_EXPECTATION, EXIT_OK, EXIT_USAGE, readUserFile } from './io';
import { loadHistory } from './logHistory';
import { LOG_FORMATS, type LogFormat, logBatches, readerFor } from './logInput';

const LOGS_FLAGS: FlagSpec[] = [
  { name: 'robots', short: 'r', value: true },
  { name: 'format', short: 'f', value: true },
  { name: 'violations' },
  { name: 'fail-on', value: true },
  { name: 'grace', value: true },
  { name: 'verify-ips', value: true, repeat: true },
  { name: 'log-format', value: true },
  { name: 'field', value: true, repeat: true },
  { name: 'no-size-limit' },
  { name: 'help', short: 'h' },
];

const FORMATS = ['table', 'csv', 'json', 'jsonl'] as const;
type Format = (typeof FORMATS)[number];

/** Unreadable lines named one by one on standard error before the rest are only counted. */
const NAMED_ERRORS = 20;
/** Violations a table shows (the rest are counted; jsonl and csv give them all). */
const TABLE_VIOLATIONS = 1_000;

interface LogsOptions {
  logs: string[];
  robots: string;
  format: Format;
  violations: boolean;
  failOnViolation: boolean;
  graceMs: number;
  verifyIps: string[];
  logFormat: LogFormat;
  fields: Partial<Record<LogField, string>>;
  sizeLimit: boolean;
}

/** The command's options, checked: everything the flags say, in one place. */
function readOptions(args: ParsedArgs): LogsOptions {
  const robots = flag(args, 'robots');
  if (args.positional.length === 0 || robots === undefined) {
    throw new CliError('logs needs access logs and a robots.txt source: robots-lab logs LOG… --robots SOURCE');
  }
  if (args.positional.filter((p) => p === '-').length + (robots === '-' ? 1 : 0) > 1) {
    throw new CliError('standard input ("-") can be used for only one file');
  }
  const format = (flag(args, 'format') ?? 'table') as Format;
  if (!FORMATS.includes(format)) throw new CliError(`unknown format "${format}" (use ${FORMATS.join(', ')})`);
  const failOn = flag(args, 'fail-on');
  if (failOn !== undefined && failOn !== 'violation')
    throw new CliError(`unknown --fail-on "${failOn}" (use violation)`);
  const logFormat = (flag(args, 'log-format') ?? 'auto') as LogFormat;
  if (!LOG_FORMATS.includes(logFormat)) {
    throw new CliError(`unknown --log-format "${logFormat}" (use ${LOG_FORMATS.join(', ')})`);
  }
  const fields: Partial<Record<LogField, string>> = {};
  for (const f of flags(args, 'field')) {
    const eq = f.indexOf('=');
    const part = f.slice(0, eq) as LogField;
    if (eq <= 0 || !LOG_FIELDS.includes(part) || eq === f.length - 1) {
      throw new CliError(`--field takes PART=NAME with PART one of ${LOG_FIELDS.join(', ')} (got "${f}")`);
    }
    fields[part] = f.slice(eq + 1);
  }
  return {
    logs: args.positional,
    robots,
    format,
    violations: args.switches.has('violations'),
    failOnViolation: failOn === 'violation',
    graceMs: graceValue(flag(args, 'grace')),
    verifyIps: flags(args, 'verify-ips'),
    logFormat,
    fields,
    sizeLimit: !args.switches.has('no-size-limit'),
  };
}

/** `--grace 24h`, `90m`, `2d`, or a number of hours; default 24 hours. */
function graceValue(v: string | undefined): number {
  if (v === undefined) return DEFAULT_GRACE_MS;
  const m = /^(\d+(?:\.\d+)?)([mhd]?)$/.exec(v.trim());
  if (!m) throw new CliError(`--grace takes a duration such as 24h, 90m or 2d (got "${v}")`);
  const unit = m[2] === 'm' ? 60_000 : m[2] === 'd' ? 86_400_000 : 3_600_000;
  return Number(m[1]) * unit;
}

/** The catalogue ids a `--verify-ips` key names: a crawler (id, name or token), or every crawler of an operator. */
function crawlersNamed(key: string): string[] {
  const p = findProfile(key);
  if (p) return [p.id];
  const k = key.toLowerCase();
  return CRAWLER_PROFILES.filter((q) => q.operator.toLowerCase() === k).map((q) => q.id);
}

/** `--verify-ips [CRAWLER=]FILE`: the ranges of each crawler, from the files given. */
async function loadRanges(io: CliIo, specs: string[]): Promise<Map<string, IpRanges>> {
  const out = new Map<string, IpRanges>();
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    const file = eq === -1 ? spec : spec.slice(eq + 1);
    const key = eq === -1 ? basename(file).replace(/\.json$/i, '') : spec.slice(0, eq);
    const ids = crawlersNamed(key);
    if (ids.length === 0) {
      throw new CliError(
        eq === -1
          ? `cannot tell which crawler ${file} is for: write --verify-ips CRAWLER=${file} (a crawler or an operator)`
          : `--verify-ips: "${key}" is no crawler or operator of the catalogue (see robots-lab agents)`,
      );
    }
    const text = new TextDecoder().decode(await readUserFile(io, file, 'IP ranges'));
    const ranges = new IpRanges();
    let n: number;
    try {
      n = ranges.addJson(text);
    } catch (err) {
      throw new CliError(`${file} is not JSON: ${(err as Error).message}`);
    }
    if (n === 0) throw new CliError(`${file} holds no IP addresses or ranges`);
    for (const id of ids) {
      const r = out.get(id);
      if (r) r.addJson(text);
      else out.set(id, ranges);
    }
  }
  return out;
}

/** An instant as ISO 8601 to the second; `-` for an undated version. */
function iso(t: number | null): string {
  if (t === null || !Number.isFinite(t)) return '-';
  return new Date(t).toISOString().replace('.000Z', 'Z');
}

/** Runs `logs` on its words after the command name; resolves to the exit code. */
export function runLogs(argv: string[], io: CliIo): Promise<number> {
  return runLogsParsed(parseArgs(argv, LOGS_FLAGS), io);
}

/** Runs `logs` on its parsed arguments. */
async function runLogsParsed(args: ParsedArgs, io: CliIo): Promise<number> {
  const o = readOptions(args);
  const versions = await loadHistory(io, o.robots, o.sizeLimit);
  let timeline: Timeline;
  try {
    timeline = new Timeline(versions);
  } catch (err) {
    throw new CliError(`${o.robots}: ${(err as Error).message}`);
  }
  const audit = new LogAudit(timeline, { graceMs: o.graceMs, ranges: await loadRanges(io, o.verifyIps) });
  const out = o.violations ? new ViolationWriter(io, o.format) : null;
  const fields = fieldMapping(o.fields);
  let unreadable = 0;
  let lines = 0;
  let filesFailed = 0;
  for (const path of o.logs) {
    const name = path === '-' ? '(stdin)' : path;
    let reader: LogLineReader | null = null;
    let lineNo = 0;
    try {
      for await (const batch of await logBatches(io, path)) {
        for (const line of batch) {
          lineNo++;
          reader ??= line.trim() === '' ? null : readerFor(o.logFormat, line, fields);
          const r = reader?.read(line) ?? null;
          if (r === null) continue;
          lines++;
          if ('error' in r) {
            if (++unreadable <= NAMED_ERRORS) {
              io.stderr.write(
                `robots-lab: ${name}:${lineNo}: cannot read this line as ${reader!.format}: ${r.error}\n`,
              );
            }
            continue;
          }
          const v = audit.add(r);
          if (v && out) out.add(v, `${name}:${lineNo}`);
        }
        if (out) await out.flush();
      }
    } catch (err) {
      if (err instanceof CliError) throw err;
      // A truncated .gz or a read error: say where, keep what was read, go on with the next log.
      filesFailed++;
      io.stderr.write(`robots-lab: ${name}: reading stopped after line ${lineNo}: ${(err as Error).message}\n`);
    }
  }
  const tableReport = !out && o.format === 'table';
  if (out) out.end();
  else io.stdout.write(formatReport(audit.report(), o.format) + (tableReport ? `\n${LOG_LIMITS}\n` : ''));
  io.stderr.write(summary(audit, timeline, lines, unreadable, filesFailed, o, !tableReport));
  if (lines === 0 && (unreadable > 0 || filesFailed > 0)) return EXIT_USAGE;
  return o.failOnViolation && audit.totals.violations > 0 ? EXIT_EXPECTATION : EXIT_OK;
}

function summary(
  audit: LogAudit,
  timeline: Timeline,
  lines: number,
  unreadable: number,
  filesFailed: number,
  o: LogsOptions,
  withLimits: boolean,
): string {
  const t = audit.totals;
  const n = (x: number) => x.toLocaleString('en-US');
  const out = [
    `${n(lines)} log lines, ${n(t.requests)} requests read: ${n(t.crawlerRequests)} by crawlers, ${n(t.browsers)} by browsers; ` +
      `${n(t.violations)} violation${t.violations === 1 ? '' : 's'}, ${n(t.userTriggered)} user-triggered fetches, ` +
      `${n(t.impersonations)} impersonation${t.impersonations === 1 ? '' : 's'} ` +
      `(judged against ${timeline.versions.length} version${timeline.versions.length === 1 ? '' : 's'} of robots.txt, ` +
      `grace ${o.graceMs / 3_600_000} h)`,
  ];
  if (unreadable > 0) {
    out.push(
      `${n(unreadable)} line${unreadable === 1 ? '' : 's'} could not be read` +
        (unreadable > NAMED_ERRORS ? ` (the first ${NAMED_ERRORS} are named above)` : ''),
    );
  }
  if (filesFailed > 0) out.push(`${filesFailed} log file(s) could not be read to the end`);
  if (t.beforeHistory > 0)
    out.push(`${n(t.beforeHistory)} crawler requests came before the first known version and were not judged`);
  if (t.unverified > 0)
    out.push(`${n(t.unverified)} requests had no client address to check against the published ranges`);
  if (withLimits) out.push(LOG_LIMITS);
  return `${out.join('\n')}\n`;
}

/** The per-crawler report as a table, CSV, JSON or JSON Lines. */
function formatReport(rows: CrawlerReport[], format: Format): string {
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
class ViolationWriter {
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
