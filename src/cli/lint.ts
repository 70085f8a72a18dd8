/**
 * `robots-lab lint ROBOTS.txt`: the page's diagnostics from the command
 * line, for CI. Each has its line and column, severity, code, message, the
 * first suggested fix and the line as written; the exit status is 1 when a
 * diagnostic at or above `--fail-on` (default: error) is found.
 */
import { applyGoogleSizeLimit, parseRobotsTxt } from '../core/index';
import { lintRobots, type RobotsDiagnostic } from '../core/lint';
import type { ParsedRobots } from '../core/types';
import { flag, type ParsedArgs } from './args';
import { fetchSettings } from './fetchOptions';
import { CliError, type CliIo, EXIT_EXPECTATION, EXIT_OK } from './io';
import { resolveRobotsSource } from './robotsSource';

const SEVERITIES = ['error', 'warning', 'info'] as const;
type Severity = (typeof SEVERITIES)[number];

/** One diagnostic as the CLI reports it (the JSON output's fields). */
interface LintReport {
  line: number;
  /** 1-based, in characters from the start of the line. */
  column: number;
  severity: Severity;
  code: string;
  message: string;
  /** The first suggested fix: replace characters [from, to) of the file with `insert`. */
  fix: { label: string; from: number; to: number; insert: string } | null;
  /** The line as written. */
  source: string;
}

/** Runs `lint`; resolves to 0, or 1 when a diagnostic reaches the `--fail-on` severity. */
export async function runLint(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positional.length !== 1) throw new CliError('lint takes one robots.txt file: robots-lab lint ROBOTS.txt');
  const format = flag(args, 'format') ?? 'text';
  if (format !== 'text' && format !== 'json') throw new CliError(`unknown format "${format}" (use text or json)`);
  const failOn = (flag(args, 'fail-on') ?? 'error') as Severity;
  if (!SEVERITIES.includes(failOn))
    throw new CliError(`unknown severity "${failOn}" for --fail-on (use error, warning or info)`);
  const path = args.positional[0];
  const source = await resolveRobotsSource(io, path, () => fetchSettings(args));
  // A fetch that found no file leaves nothing to lint: a 4xx is a site without
  // one (fine); a 5xx, 429 or no answer blocks the whole site, which fails.
  const noFile = source.fetched !== null && source.fetched.mode !== 'rules' ? source.fetched.mode : null;
  const parsed = parseRobotsTxt(noFile === null ? source.bytes : new Uint8Array(0));
  // Flag what Googlebot never reads past 500 KiB, as the page does.
  const cutAt = applyGoogleSizeLimit(parsed.text).cutAt;
  const reports = lintRobots(parsed, { sizeLimitCutAt: cutAt }).map((d) => report(parsed, d));
  io.stdout.write(format === 'json' ? `${JSON.stringify(reports, null, 2)}\n` : asText(path, reports));
  if (noFile !== null) return noFile === 'allow-all' ? EXIT_OK : EXIT_EXPECTATION;
  const rank = SEVERITIES.indexOf(failOn);
  return reports.some((r) => SEVERITIES.indexOf(r.severity) <= rank) ? EXIT_EXPECTATION : EXIT_OK;
}

function report(parsed: ParsedRobots, d: RobotsDiagnostic): LintReport {
  const pl = parsed.lines[d.line - 1];
  const start = pl ? pl.span.from : 0;
  const fix = d.fixes?.[0];
  return {
    line: d.line,
    column: d.from - start + 1,
    severity: d.severity,
    code: d.code,
    message: d.message,
    fix: fix ? { label: fix.label, from: fix.from, to: fix.to, insert: fix.insert } : null,
    source: pl ? parsed.text.slice(pl.span.from, pl.span.to) : '',
  };
}

/** Compiler-style lines (`file:line:column: severity code: message`), the source, the fix, and a count. */
function asText(path: string, reports: LintReport[]): string {
  let out = '';
  for (const r of reports) {
    out += `${path}:${r.line}:${r.column}: ${r.severity} ${r.code}: ${r.message}\n`;
    out += `    ${r.source}\n`;
    if (r.fix) out += `    fix: ${r.fix.label}\n`;
  }
  const count = (s: Severity) => reports.filter((r) => r.severity === s).length;
  const [e, w, i] = SEVERITIES.map(count);
  out += `${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}, ${i} info\n`;
  return out;
}
