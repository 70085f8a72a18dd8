/**
 * The robots-lab command line. `run` is the whole program as a function of
 * its arguments and I/O, so tests drive it in-process; bin/robots-lab.mjs
 * calls it with the real process streams.
 */
import { readFileSync } from 'node:fs';
import { CRAWLER_PROFILES } from '../core/profiles';
import { runBatch } from './batch';
import { runCheck } from './check';
import { runDiff } from './diff';
import { CliError, type CliIo, EXIT_OK, EXIT_USAGE, nodeIo } from './io';
import { runIsAllowed } from './is-allowed';
import { runLint } from './lint';

const HELP = `robots-lab: test URLs against a robots.txt exactly as Google's parser does

Usage:
  robots-lab check ROBOTS.txt --agent NAME [--agent NAME …] [URL …] [options]
  robots-lab diff OLD.txt NEW.txt --agent NAME [URL …] [--urls FILE] [--fail-on KIND]
  robots-lab batch < queries.jsonl
  robots-lab is-allowed ROBOTS.txt URL USER_AGENT
  robots-lab lint ROBOTS.txt [--format text|json] [--fail-on error|warning|info]
  robots-lab agents
  robots-lab --help | --version

check: one verdict per URL and crawler, with the deciding line.
  ROBOTS.txt              the robots.txt file ("-" reads standard input)
  URL …                   full URLs or paths (/shop?q=1)
  -a, --agent NAME        a crawler (see "robots-lab agents": googlebot-image,
                          gptbot, …) or any product token; repeat or comma-separate
  -u, --urls FILE         more URLs: .txt (one a line, # comments), .csv, or a
                          sitemap .xml / .xml.gz; "-" reads standard input
      --column NAME       the CSV column holding the URLs (name or 1-based number)
  -f, --format FORMAT     table (default), csv, json or jsonl
      --raw               evaluate URLs byte-exact as given; by default they are
                          first put in the form a crawler requests (UTF-8
                          percent-encoding, punycode host, no fragment)
      --explain           with csv/json/jsonl: add the engine's one-sentence
                          reason and (json) every rule that matched; slower
                          on very large files
      --purposes          add what the file expresses per purpose (search,
                          ai-input, ai-train, use) for each URL and crawler,
                          from Content-Signal and Content-Usage lines, with
                          the deciding lines ("not applicable" where blocked)
      --robots-url URL    where the robots.txt lives; URLs outside its origin are
                          reported as out of scope instead of judged
      --expect-allowed FILE  URLs that must be allowed for every --agent
      --expect-blocked FILE  URLs that must be blocked for every --agent
      --no-size-limit     read the whole file (default: Google's first 500 KiB)
  -j, --jobs N            judge on N threads, the main one and N-1 workers
                          (1 to 64, or auto: one per CPU thread; default 1);
                          csv and jsonl only: the table and json are written
                          by one thread. Same output, in the same order
      --expectations      check the file's own "# expect: blocked GPTBot /x"
                          comments instead (no URLs or --agent); exit 1 when
                          one fails or is malformed

diff: the URL × crawler verdicts that change between two versions of a
  robots.txt, with the old and new deciding lines and the edited lines that
  cause each change. Takes --agent, --urls, --column, --format, --raw and
  --no-size-limit as check does, and:
      --fail-on KIND      exit 1 when a URL is newly "blocked", newly
                          "allowed", or "any" of the two

batch: JSON Lines {"robotstxt","useragent","url"} on standard input, one line
  {"allowed": bool, "line": number|null} out per input line, byte-exact like
  Google's reference parser (no URL normalisation).

is-allowed: the form google/robotstxt-spec-test runs; the answer is the exit
  status: 0 allowed, 1 disallowed, 2 error. Byte-exact like batch.

lint: the page's diagnostics with line, column, severity, code, message, fix
  and the line as written; exit 1 when one reaches --fail-on (default error).

agents: the built-in crawler profiles, their tokens and sources.

Exit status: 0 fine, 1 an expectation failed (or a --fail-on flip), 2 bad input or usage.
`;

/** Set by the package build (bin/build.mjs); absent when running from source. */
declare const ROBOTS_LAB_VERSION: string | undefined;

function version(): string {
  if (typeof ROBOTS_LAB_VERSION === 'string') return ROBOTS_LAB_VERSION;
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

function listAgents(io: CliIo): number {
  const width = Math.max(...CRAWLER_PROFILES.map((p) => p.id.length));
  for (const p of CRAWLER_PROFILES) {
    const star = p.ignoresGlobal ? ', ignores *' : '';
    io.stdout.write(`${p.id.padEnd(width)}  ${p.tokens.join(' → ')}${star}  (${p.operator}: ${p.purpose})\n`);
  }
  return EXIT_OK;
}

/** Runs the CLI; resolves to the exit code. Never throws for user errors. */
export async function run(argv: string[], io: CliIo = nodeIo()): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      io.stdout.write(HELP);
      return command === undefined ? EXIT_USAGE : EXIT_OK;
    }
    if (command === '--version' || command === '-V') {
      io.stdout.write(`${version()}\n`);
      return EXIT_OK;
    }
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout.write(HELP);
      return EXIT_OK;
    }
    switch (command) {
      case 'check':
        return await runCheck(rest, io);
      case 'diff':
        return await runDiff(rest, io);
      case 'batch':
        if (rest.length > 0) throw new CliError(`batch takes no arguments (got "${rest[0]}")`);
        return await runBatch(io);
      case 'is-allowed':
        return await runIsAllowed(rest, io);
      case 'lint':
        return await runLint(rest, io);
      case 'agents':
        if (rest.length > 0) throw new CliError(`agents takes no arguments (got "${rest[0]}")`);
        return listAgents(io);
      default:
        throw new CliError(
          command.startsWith('-')
            ? `unknown option "${command}" (see robots-lab --help)`
            : `unknown command "${command}" (use check, diff, batch, is-allowed, lint or agents)`,
        );
    }
  } catch (err) {
    if (err instanceof CliError) {
      io.stderr.write(`robots-lab: ${err.message}\n`);
      return EXIT_USAGE;
    }
    // A bug, not the user's fault: still one line, but say so.
    io.stderr.write(`robots-lab: internal error: ${(err as Error)?.message ?? String(err)}\n`);
    return 70;
  }
}
