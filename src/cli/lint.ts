/**
 * `robots-lab lint FILE…`: the page's diagnostics from the command line,
 * for CI. Each names its file, line and column, severity, code, message,
 * the first suggested fix and the line as written (cut to a bounded
 * length); besides the engine's, a file that is empty, not UTF-8, an HTML
 * page or a JSON body (what a server sends for an error or a login) is
 * reported. Formats: text, json, SARIF 2.1.0, and GitHub's workflow
 * commands (annotations on the lines). Exit 1 when a diagnostic reaches
 * `--fail-on` (default: error).
 */
import { applyGoogleSizeLimit, parseRobotsTxt } from '../core/index';
import { lintRobots, type RobotsDiagnostic } from '../core/lint';
import type { ParsedRobots } from '../core/types';
import { flag, type ParsedArgs, UsageError } from './args';
import { readRobotsSource } from './fetchOptions';
import { type CliIo, EXIT_EXPECTATION, EXIT_OK } from './io';

const SEVERITIES = ['error', 'warning', 'info'] as const;
type Severity = (typeof SEVERITIES)[number];

/** The line as written is echoed up to this many characters. */
const SOURCE_CHARS = 200;

/** One diagnostic as the CLI reports it (the JSON output's fields). */
interface LintReport {
  file: string;
  line: number;
  /** 1-based, in characters from the start of the line. */
  column: number;
  severity: Severity;
  code: string;
  message: string;
  /** The first suggested fix: replace characters [from, to) of the file with `insert`. */
  fix: { label: string; from: number; to: number; insert: string } | null;
  /** The line as written, cut after SOURCE_CHARS characters (with "…"). */
  source: string;
}

/** Runs `lint`; resolves to 0, or 1 when a diagnostic reaches the `--fail-on` severity. */
export async function runLint(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positional.length === 0) throw new UsageError('lint needs at least one robots.txt file', 'lint');
  const format = flag(args, 'format') ?? 'text';
  const failOn = (flag(args, 'fail-on') ?? 'error') as Severity;
  const sizeLimit = !args.switches.has('no-size-limit');
  const reports: LintReport[] = [];
  let blocked = false;
  for (const path of args.positional) {
    const source = await readRobotsSource(io, path, args);
    // A fetch that found no file leaves nothing to lint: a 4xx is a site without
    // one (fine); a 5xx, 429 or no answer blocks the whole site, which fails.
    const noFile = source.fetched !== null && source.fetched.mode !== 'rules' ? source.fetched.mode : null;
    if (noFile !== null) {
      if (noFile !== 'allow-all') blocked = true;
      continue;
    }
    reports.push(...lintFile(path === '-' ? '(stdin)' : path, source.bytes, sizeLimit));
  }
  io.stdout.write(
    format === 'json'
      ? `${JSON.stringify(reports, null, 2)}\n`
      : format === 'sarif'
        ? `${JSON.stringify(sarif(reports), null, 2)}\n`
        : format === 'github'
          ? reports.map(githubCommand).join('')
          : asText(reports),
  );
  if (blocked) return EXIT_EXPECTATION;
  const rank = SEVERITIES.indexOf(failOn);
  return reports.some((r) => SEVERITIES.indexOf(r.severity) <= rank) ? EXIT_EXPECTATION : EXIT_OK;
}

/** Every diagnostic of one file: what the bytes are, then the engine's. */
function lintFile(file: string, bytes: Uint8Array, sizeLimit: boolean): LintReport[] {
  const at = (line: number, column: number, severity: Severity, code: string, message: string, source = '') => ({
    file,
    line,
    column,
    severity,
    code,
    message,
    fix: null,
    source: cut(source),
  });
  if (bytes.length === 0) {
    return [at(1, 1, 'warning', 'empty-file', 'the file is empty: crawlers read it as "everything allowed"')];
  }
  const out: LintReport[] = [];
  const bad = firstInvalidUtf8(bytes);
  if (bad !== null) {
    const before = new TextDecoder().decode(bytes.subarray(0, bad));
    const lines = before.split(/\r\n|\r|\n/);
    out.push(
      at(
        lines.length,
        [...lines[lines.length - 1]].length + 1,
        'warning',
        'invalid-utf8',
        `byte ${bad + 1} is not UTF-8; crawlers may read the broken characters differently`,
      ),
    );
  }
  const parsed = parseRobotsTxt(bytes);
  const head = parsed.text.slice(0, 1024).trimStart();
  if (/^(<!doctype html|<html|<head|<body|<\?xml)/i.test(head)) {
    out.push(
      at(1, 1, 'error', 'html-page', 'this is an HTML or XML page, not a robots.txt (an error or login page?)', head),
    );
    return out;
  }
  if (/^[{[]/.test(head) && isJson(parsed.text)) {
    out.push(at(1, 1, 'error', 'json-body', 'this is a JSON body, not a robots.txt (an API error?)', head));
    return out;
  }
  // Flag what Googlebot never reads past 500 KiB, as the page does.
  const cutAt = sizeLimit ? applyGoogleSizeLimit(parsed.text).cutAt : null;
  for (const d of lintRobots(parsed, { sizeLimitCutAt: cutAt })) out.push(report(file, parsed, d));
  return out;
}

/** The offset of the first byte that is not part of well-formed UTF-8, or null. */
function firstInvalidUtf8(bytes: Uint8Array): number | null {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    decoder.decode(bytes);
    return null;
  } catch {
    // Narrow it down: the longest prefix that decodes (streaming, so a cut character is no error).
    let lo = 0;
    let hi = bytes.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
        lo = mid;
      } catch {
        hi = mid - 1;
      }
    }
    // A character the prefix leaves open is where the bad sequence starts.
    let start = lo;
    while (start > 0 && (bytes[start - 1] & 0xc0) === 0x80) start--;
    const lead = start - 1;
    if (lead < 0 || bytes[lead] < 0xc0) return lo;
    const length = bytes[lead] >= 0xf0 ? 4 : bytes[lead] >= 0xe0 ? 3 : 2;
    return lo - lead < length ? lead : lo;
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function cut(source: string): string {
  return source.length > SOURCE_CHARS ? `${source.slice(0, SOURCE_CHARS)}…` : source;
}

function report(file: string, parsed: ParsedRobots, d: RobotsDiagnostic): LintReport {
  const pl = parsed.lines[d.line - 1];
  const start = pl ? pl.span.from : 0;
  const fix = d.fixes?.[0];
  return {
    file,
    line: d.line,
    column: d.from - start + 1,
    severity: d.severity,
    code: d.code,
    message: d.message,
    fix: fix ? { label: fix.label, from: fix.from, to: fix.to, insert: fix.insert } : null,
    source: cut(pl ? parsed.text.slice(pl.span.from, pl.span.to) : ''),
  };
}

/** Compiler-style lines (`file:line:column: severity code: message`), the source, the fix, and a count. */
function asText(reports: LintReport[]): string {
  let out = '';
  for (const r of reports) {
    out += `${r.file}:${r.line}:${r.column}: ${r.severity} ${r.code}: ${r.message}\n`;
    if (r.source) out += `    ${r.source}\n`;
    if (r.fix) out += `    fix: ${r.fix.label}\n`;
  }
  const count = (s: Severity) => reports.filter((r) => r.severity === s).length;
  const [e, w, i] = SEVERITIES.map(count);
  out += `${e} error${e === 1 ? '' : 's'}, ${w} warning${w === 1 ? '' : 's'}, ${i} info\n`;
  return out;
}

/** GitHub's workflow command for one diagnostic: an annotation on its line. */
function githubCommand(r: LintReport): string {
  const level = r.severity === 'info' ? 'notice' : r.severity;
  const prop = (s: string) =>
    s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/:/g, '%3A').replace(/,/g, '%2C');
  const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const fix = r.fix ? ` (fix: ${r.fix.label})` : '';
  return `::${level} file=${prop(r.file)},line=${r.line},col=${r.column},title=${prop(`robots-lab ${r.code}`)}::${data(r.message + fix)}\n`;
}

/** A SARIF 2.1.0 log of the reports, for code-scanning tools. */
function sarif(reports: LintReport[]) {
  const codes = [...new Set(reports.map((r) => r.code))];
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: { name: 'robots-lab', informationUri: 'https://github.com/', rules: codes.map((id) => ({ id })) },
        },
        results: reports.map((r) => ({
          ruleId: r.code,
          level: r.severity === 'info' ? 'note' : r.severity,
          message: { text: r.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: r.file },
                region: { startLine: r.line, startColumn: r.column, snippet: { text: r.source } },
              },
            },
          ],
        })),
      },
    ],
  };
}
