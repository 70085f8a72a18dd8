/**
 * `robots-lab check FILE --expectations`: checks the `# expect:` comments
 * of a robots.txt (src/core/expectations.ts) and exits 1 when one fails or
 * cannot be read.
 */

import { checkExpectations, type ExpectationResult } from '../core/expectations';
import { flag, flags, type ParsedArgs } from './args';
import { CliError, type CliIo, EXIT_EXPECTATION, EXIT_OK, readUserFile } from './io';
import { parseRobots } from './robots';

const MARK: Record<ExpectationResult['status'], string> = { pass: '✓', fail: '✗', malformed: '!' };

/** Runs the file's own expectations; resolves to the exit code. */
export async function runFileExpectations(args: ParsedArgs, io: CliIo): Promise<number> {
  const [robotsPath, ...urls] = args.positional;
  if (!robotsPath) throw new CliError('check --expectations needs a robots.txt file');
  if (urls.length || flags(args, 'agent').length || flags(args, 'urls').length) {
    throw new CliError('--expectations checks the "# expect:" comments of the file: give no URLs or --agent with it');
  }
  const format = flag(args, 'format') ?? 'table';
  if (format !== 'table' && format !== 'json')
    throw new CliError(`--expectations prints table or json, not "${format}"`);
  const bytes = await readUserFile(io, robotsPath, 'robots.txt');
  const parsed = parseRobots(io, robotsPath, bytes, !args.switches.has('no-size-limit'));
  const results = checkExpectations(parsed);
  if (results.length === 0) {
    throw new CliError(`no expectations in ${robotsPath} (comments like "# expect: blocked GPTBot /private/")`);
  }
  if (format === 'json') io.stdout.write(`${JSON.stringify(results.map(jsonResult), null, 2)}\n`);
  else for (const r of results) io.stdout.write(`${tableLine(r)}\n`);
  const failed = results.filter((r) => r.status === 'fail').length;
  const malformed = results.filter((r) => r.status === 'malformed').length;
  const passed = results.length - failed - malformed;
  io.stderr.write(
    `${passed} of ${results.length} expectation${results.length === 1 ? '' : 's'} met` +
      (failed ? `, ${failed} failed` : '') +
      (malformed ? `, ${malformed} malformed` : '') +
      '\n',
  );
  return failed || malformed ? EXIT_EXPECTATION : EXIT_OK;
}

function tableLine(r: ExpectationResult): string {
  if (r.status === 'malformed') return `line ${r.malformed.line}: ${MARK.malformed} malformed: ${r.message}`;
  const e = r.expectation;
  const head = `line ${e.line}: ${MARK[r.status]} ${e.expected} ${e.crawlers.map((c) => c.name).join(',')} ${e.url}`;
  return `${head} — ${r.message}`;
}

function jsonResult(r: ExpectationResult) {
  if (r.status === 'malformed') return { line: r.malformed.line, status: r.status, message: r.message };
  const e = r.expectation;
  return {
    line: e.line,
    status: r.status,
    expected: e.expected,
    url: e.url,
    requestUrl: e.requestUrl,
    outcomes: r.outcomes,
    message: r.message,
  };
}
