/**
 * `robots-lab lint FILE…`: each file's diagnostics (src/core/lintFile.ts:
 * the engine's, and an empty file, bytes not UTF-8, an HTML page or a JSON
 * body served as robots.txt) from the command line, for CI. Formats: text, json, SARIF 2.1.0, and GitHub's workflow
 * commands (annotations on the lines). Exit 1 when a diagnostic reaches
 * `--fail-on` (default: error).
 */
import { type FileDiagnostic as LintReport, lintFile, SEVERITIES, type Severity } from '../core/lintFile';
import { flag, type ParsedArgs, UsageError } from './args';
import { readRobotsSource } from './fetch';
import { type CliIo, EXIT_EXPECTATION, EXIT_OK } from './io';

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
    const mode = source.fetched?.mode ?? 'rules';
    if (mode !== 'rules') {
      blocked ||= mode !== 'allow-all';
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
  const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const prop = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
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
