/**
 * `robots-lab logs LOG… --robots SOURCE`: the crawler requests of access
 * logs judged against the robots.txt that was live at each one; per crawler
 * requests, obeyed, violations, user-triggered fetches and impersonations,
 * or (`--violations`) every violating request. docs/logs.md is the guide.
 */
import { basename } from 'node:path';
import {
  DEFAULT_GRACE_MS,
  fieldMapping,
  IpRanges,
  LOG_FIELDS,
  LOG_LIMITS,
  LogAudit,
  type LogField,
  type LogLineReader,
  Timeline,
} from '../core/logs/index';
import { CRAWLER_PROFILES, findProfile } from '../core/profiles';
import { flag, flags, type ParsedArgs } from './args';
import { CliError, type CliIo, EXIT_EXPECTATION, EXIT_OK, EXIT_USAGE, readUserFile } from './io';
import { loadHistory } from './logHistory';
import { LOG_FORMATS, type LogFormat, logBatches, readerFor } from './logInput';
import { FORMATS, type Format, formatReport, ViolationWriter } from './logReport';

/** Unreadable lines named one by one on standard error before the rest are only counted. */
const NAMED_ERRORS = 20;

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
