/**
 * `robots-lab logs LOG… --robots SOURCE`: the crawler requests of access
 * logs judged against the robots.txt that was live at each one; per crawler
 * requests, obeyed, violations, user-triggered fetches and impersonations,
 * or (`--violations`) every violating request. docs/logs.md is the guide.
 */
import { basename } from 'node:path';
import { csvRecord } from '../core/csv';
import { gunzipped } from '../core/gunzip';
import {
  addCrawlerRanges,
  columns,
  crawlersNamed,
  DEFAULT_GRACE_MS,
  type Format,
  fieldMapping,
  formatReport,
  type IpRanges,
  LOG_FIELDS,
  LOG_LIMITS,
  LogAudit,
  LogFeed,
  type LogField,
  type LogFormat,
  Timeline,
  VIOLATION_COLUMNS,
  type Violation,
  violationCells,
  violationRecord,
} from '../core/logs/index';
import { flag, flags, type ParsedArgs } from './args';
import { CliError, type CliIo, EXIT_EXPECTATION, EXIT_OK, EXIT_USAGE, openUserFile, readUserFile } from './io';
import { loadHistory } from './logHistory';
import { lineBatches, OutputBuffer } from './stream';

/** The command's options, checked: what the flag table's choices leave to check, in one place. */
function readOptions(args: ParsedArgs) {
  const robots = flag(args, 'robots');
  if (args.positional.length === 0 || robots === undefined) {
    throw new CliError('logs needs access logs and a robots.txt source: robots-lab logs LOG… --robots SOURCE');
  }
  if (args.positional.filter((p) => p === '-').length + (robots === '-' ? 1 : 0) > 1) {
    throw new CliError('standard input ("-") can be used for only one file');
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
    // The flag table allows only the values these types name.
    format: (flag(args, 'format') ?? 'table') as Format,
    logFormat: (flag(args, 'log-format') ?? 'auto') as LogFormat,
    violations: args.switches.has('violations'),
    failOnViolation: flag(args, 'fail-on') === 'violation',
    graceMs: graceValue(flag(args, 'grace')),
    verifyIps: flags(args, 'verify-ips'),
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
    try {
      addCrawlerRanges(out, ids, file, text);
    } catch (err) {
      throw new CliError((err as Error).message);
    }
  }
  return out;
}

/** Runs `logs` on its parsed arguments (flags.ts); resolves to the exit code. */
export async function runLogs(args: ParsedArgs, io: CliIo): Promise<number> {
  const o = readOptions(args);
  const versions = await loadHistory(io, o.robots, o.sizeLimit);
  let timeline: Timeline;
  try {
    timeline = new Timeline(versions);
  } catch (err) {
    throw new CliError(`${o.robots}: ${(err as Error).message}`);
  }
  const audit = new LogAudit(timeline, { graceMs: o.graceMs, ranges: await loadRanges(io, o.verifyIps) });
  const out = o.violations ? violationWriter(io, o.format) : null;
  const feed = new LogFeed(audit, o.logFormat, fieldMapping(o.fields), (m) => io.stderr.write(`robots-lab: ${m}\n`));
  for (const path of o.logs) {
    feed.startLog(path === '-' ? '(stdin)' : path);
    try {
      // Plain or gzip (told by its first two bytes, not its name), a file or standard input.
      for await (const batch of lineBatches(gunzipped(await openUserFile(io, path, 'log')))) {
        for (const line of batch) {
          const v = feed.line(line);
          if (v && out) out.add(v, feed.where);
        }
        if (out) await out.flush();
      }
    } catch (err) {
      // A missing file, a truncated .gz or a read error: say which and where, keep what was read, go on.
      if (err instanceof CliError) feed.filesFailed++;
      io.stderr.write(`robots-lab: ${err instanceof CliError ? err.message : feed.failed(err)}\n`);
    }
  }
  const tableReport = !out && o.format === 'table';
  if (out) await out.end();
  else io.stdout.write(formatReport(audit.report(), o.format) + (tableReport ? `\n${LOG_LIMITS}\n` : ''));
  io.stderr.write(`${feed.summary(!tableReport).join('\n')}\n`);
  if (feed.lines === 0 && (feed.unreadable > 0 || feed.filesFailed > 0)) return EXIT_USAGE;
  return o.failOnViolation && audit.totals.violations > 0 ? EXIT_EXPECTATION : EXIT_OK;
}

/** Violations a table shows (the rest are counted; jsonl and csv give them all). */
const TABLE_VIOLATIONS = 1_000;

/** Violating requests as they are found (csv, jsonl, json) or at the end (table). */
function violationWriter(io: CliIo, format: Format) {
  const out = new OutputBuffer(io.stdout);
  let json = 0;
  const table: string[][] = [];
  let more = 0;
  if (format === 'csv') out.push(csvRecord(VIOLATION_COLUMNS));
  if (format === 'json') out.push('[');
  return {
    add(v: Violation, where: string): void {
      const record = violationRecord(v, where);
      if (format === 'jsonl') out.push(`${JSON.stringify(record)}\n`);
      else if (format === 'json') out.push(`${json++ ? ',' : ''}\n  ${JSON.stringify(record)}`);
      else if (format === 'csv') out.push(csvRecord(violationCells(record)));
      else if (table.length < TABLE_VIOLATIONS) {
        // The CSV's first six cells: time, crawler, URL, line, rule, version.
        const cells = violationCells(record).slice(0, 6);
        if (record.line === null) cells[3] = '-';
        table.push(cells);
      } else more++;
    },

    /** Writes what is buffered, waiting while standard output is full. */
    flush: () => out.flush(),

    async end(): Promise<void> {
      if (format === 'json') out.push(json ? '\n]\n' : ']\n');
      if (format === 'table') {
        out.push(
          table.length === 0
            ? 'no violations\n'
            : columns(['TIME', 'CRAWLER', 'URL', 'LINE', 'RULE', 'VERSION'], table) +
                (more > 0 ? `… and ${more} more (use -f jsonl or csv for all)\n` : ''),
        );
      }
      await out.flush();
    },
  };
}
