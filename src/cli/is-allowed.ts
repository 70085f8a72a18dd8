/**
 * `robots-lab is-allowed ROBOTS.txt URL USER_AGENT`: the form
 * google/robotstxt-spec-test runs (`%robots% %url% %user-agent%`). The answer
 * is the exit status alone: 0 allowed, 1 disallowed, 2 an error. Byte-exact
 * like `batch`: the file's bytes as they are (no 500 KiB cap, no URL
 * normalisation) and Google's library semantics, where /robots.txt is judged
 * like any other path (docs/behaviour.md §12, "Decision").
 */
import { evaluate, parseRobotsTxt } from '../core/index';
import type { ParsedArgs } from './args';
import { CliError, type CliIo, EXIT_EXPECTATION, EXIT_OK, readUserFile } from './io';

/** Exit status for a disallowed URL; 1 in the suite's convention, like a failed expectation. */
const EXIT_DISALLOWED = EXIT_EXPECTATION;

/** Runs `is-allowed`; resolves to 0 (allowed) or 1 (disallowed); throws CliError on bad usage. */
export async function runIsAllowed(args: ParsedArgs, io: CliIo): Promise<number> {
  const argv = args.positional;
  if (argv.length !== 3) {
    throw new CliError(`is-allowed takes exactly 3 arguments: ROBOTS.txt URL USER_AGENT (got ${argv.length})`);
  }
  const [robotsPath, url, userAgent] = argv;
  const bytes = await readUserFile(io, robotsPath, 'robots.txt');
  const verdict = evaluate(parseRobotsTxt(bytes), url, userAgent, { robotsTxtAlwaysAllowed: false, explain: false });
  return verdict.allowed ? EXIT_OK : EXIT_DISALLOWED;
}
