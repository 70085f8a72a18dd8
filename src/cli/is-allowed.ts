/**
 * `robots-lab is-allowed ROBOTS.txt USER_AGENT URL`: the order of Google's
 * own `robots` binary, whose one-line verdict it prints; the answer is also
 * the exit status, 0 allowed and 1 disallowed (2 an error). The order
 * google/robotstxt-spec-test runs (`%robots% %url% %user-agent%`) is read
 * too, when the arguments tell which is which; when they do not and the two
 * readings disagree, it is an error. Byte-exact like `batch`: the file's
 * bytes as they are (no 500 KiB cap, no URL normalisation) and Google's
 * library semantics, where /robots.txt is judged like any other path
 * (docs/behaviour.md §12, "Decision").
 */
import { evaluate, isValidUserAgentToObey, parseRobotsTxt } from '../core/index';
import { type ParsedArgs, UsageError } from './args';
import { readRobotsSource } from './fetch';
import { CliError, type CliIo, EXIT_EXPECTATION, EXIT_OK } from './io';

/**
 * How much an argument looks like a URL: 2 unmistakably (`://` or a leading
 * `/`), 0 not at all (a product token), 1 in between.
 */
function urlLikeness(arg: string): number {
  if (arg.includes('://') || arg.startsWith('/')) return 2;
  return isValidUserAgentToObey(arg) ? 0 : 1;
}

/** Runs `is-allowed`; resolves to 0 (allowed) or 1 (disallowed); throws on bad usage or an ambiguous call. */
export async function runIsAllowed(args: ParsedArgs, io: CliIo): Promise<number> {
  const argv = args.positional;
  if (argv.length !== 3) {
    throw new UsageError(
      `is-allowed takes exactly 3 arguments: ROBOTS.txt USER_AGENT URL (got ${argv.length})`,
      'is-allowed',
    );
  }
  const [robotsPath, second, third] = argv;
  const source = await readRobotsSource(io, robotsPath, args);
  // A fetch that found no file decides by itself: a 4xx allows, a 5xx blocks (docs/behaviour.md §2).
  const mode = source.fetched?.mode ?? 'rules';
  const bytes = source.bytes;
  const parsed = parseRobotsTxt(mode === 'rules' ? bytes : new Uint8Array(0));
  const allowed = (agent: string, url: string) =>
    mode !== 'rules'
      ? mode === 'allow-all'
      : evaluate(parsed, url, agent, { robotsTxtAlwaysAllowed: false, explain: false, exactToken: true }).allowed;
  // Google's order (agent, then URL) unless the second argument looks more like a URL than the third.
  const lean = urlLikeness(third) - urlLikeness(second);
  // When neither does, the order only matters if the two readings disagree.
  if (lean === 0 && allowed(second, third) !== allowed(third, second)) {
    throw new CliError(
      `is-allowed cannot tell the user agent from the URL in "${second}" and "${third}", and the two readings ` +
        'disagree: give ROBOTS.txt USER_AGENT URL with the URL as http://host/path or /path',
    );
  }
  const harness = lean < 0;
  const [agent, url] = harness ? [third, second] : [second, third];
  if (harness) {
    io.stderr.write(
      `note: read as ROBOTS.txt URL USER_AGENT (user agent "${agent}"); Google's robots binary takes ROBOTS.txt USER_AGENT URL\n`,
    );
  }
  const verdict = allowed(agent, url);
  io.stdout.write(`user-agent '${agent}' with URI '${url}': ${verdict ? 'ALLOWED' : 'DISALLOWED'}\n`);
  if (mode === 'rules' && bytes.length === 0)
    io.stdout.write('notice: robots file is empty so all user-agents are allowed\n');
  return verdict ? EXIT_OK : EXIT_EXPECTATION;
}
