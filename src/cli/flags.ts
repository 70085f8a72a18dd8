/**
 * The command line's one table: every command and every flag, each once.
 * Parsing (args.ts), `robots-lab help CMD` and `CMD --help` (help.ts),
 * shell completion and the man page (docs.ts) are all generated from it, so
 * a flag added here is parsed, documented and completed at once.
 *
 * Adding a command is one entry in COMMANDS (its runner gets the parsed
 * arguments); its flags name it in their `commands`.
 */

import { SEVERITIES } from '../core/lintFile';
import { LOG_FORMATS, FORMATS as LOG_REPORT_FORMATS } from '../core/logs/index';
import { type Command, type CommandTable, type FlagSpec, flagOf } from './args';
import { runBatch } from './batch';
import { planCheck, runCheckFile } from './check';
import { runDiff } from './diff';
import { runFileExpectations } from './expectations';
import { runFetch } from './fetch';
import { runIsAllowed } from './is-allowed';
import { runLint } from './lint';
import { runLogs } from './logs';
import { runAgents, runCompletion, runHelp, runMan } from './meta';
import { runCheckOrigins } from './origins';
import { runSql } from './sql';

const CHECK_LIKE = ['check', 'diff'] as const;
/** The commands that take a robots.txt, which may be a URL to fetch. */
const ROBOTS_READERS = ['fetch', 'check', 'diff', 'lint', 'is-allowed'] as const;

/** Every flag, each once. */
const FLAGS: readonly FlagSpec[] = [
  {
    term: '-a, --agent NAME',
    repeat: true,
    commands: CHECK_LIKE,
    help:
      'A crawler: a built-in profile (see "robots-lab agents": googlebot-image, gptbot, …) or any product token. ' +
      'Repeat or comma-separate for several.',
  },
  {
    term: '-u, --urls FILE',
    file: true,
    repeat: true,
    commands: CHECK_LIKE,
    help:
      'A URL list: .txt (one a line, # comments), .csv, or a sitemap .xml; gzipped or not. "-" reads standard input. ' +
      'A positional argument naming an existing file is read the same way.',
  },
  {
    term: '--column NAME',
    commands: CHECK_LIKE,
    help: 'The CSV column holding the URLs (its name or 1-based number).',
  },
  {
    term: '-f, --format FORMAT',
    choices: {
      check: ['table', 'csv', 'json', 'jsonl'],
      diff: ['table', 'csv', 'json', 'jsonl'],
      lint: ['text', 'json', 'sarif', 'github'],
      sql: ['csv', 'jsonl'],
      fetch: ['table', 'json', 'jsonl'],
      logs: LOG_REPORT_FORMATS,
    },
    commands: ['check', 'diff', 'lint', 'sql', 'fetch', 'logs'],
    help: 'Output format, the first listed being the default.',
  },
  {
    term: '--raw',
    commands: CHECK_LIKE,
    help:
      'Evaluate URLs byte-exact as given. By default they are first put in the form a crawler requests ' +
      '(UTF-8 percent-encoding, punycode host, no fragment).',
  },
  {
    term: '--explain',
    commands: ['check'],
    help: "With csv, json or jsonl: add the engine's one-sentence reason and (json) every rule that matched.",
  },
  {
    term: '--purposes',
    commands: ['check'],
    help:
      'Add what the file expresses per purpose (search, ai-input, ai-train, use) for each URL and crawler, ' +
      'from Content-Signal and Content-Usage lines.',
  },
  {
    term: '--stamp',
    commands: ['check'],
    help:
      'Add the engine version and the SHA-256 of the robots.txt bytes read to every row (csv columns ' +
      'engine_version and robots_sha256), so a study can be reproduced.',
  },
  {
    term: '--robots-url URL',
    commands: ['check'],
    help: 'Where the robots.txt lives; URLs outside its origin are reported as out of scope instead of judged.',
  },
  ...(['allowed', 'blocked'] as const).map((verdict) => ({
    term: `--expect-${verdict} FILE`,
    file: true,
    repeat: true,
    commands: ['check'],
    help: `A list of URLs that must be ${verdict} for every --agent (exit 1 otherwise).`,
  })),
  {
    term: '--expectations',
    commands: ['check'],
    help:
      'Check the file\'s own "# expect: blocked GPTBot /x" comments instead (no URLs or --agent); ' +
      'exit 1 when one fails or is malformed.',
  },
  {
    term: '--no-size-limit',
    commands: ['check', 'diff', 'lint', 'logs'],
    help: "Read the whole file (default: Google's first 500 KiB, as Googlebot does).",
  },
  {
    term: '--fail-on KIND',
    choices: { diff: ['blocked', 'allowed', 'any'], lint: SEVERITIES, logs: ['violation'] },
    commands: ['diff', 'lint', 'logs'],
    help: {
      diff: 'Exit 1 when a URL is newly blocked, newly allowed, or any of the two.',
      lint: 'Exit 1 when a diagnostic reaches this severity, error by default.',
      logs: 'Exit 1 when a crawler request violated the robots.txt live at its time.',
    },
  },
  {
    term: '-o, --output FILE',
    file: true,
    commands: ['check', 'diff', 'batch', 'lint', 'sql', 'fetch', 'logs'],
    help: 'Write the results to FILE instead of standard output.',
  },
  {
    term: '-r, --robots SOURCE',
    file: true,
    commands: ['logs'],
    help:
      'The robots.txt history: a file (live throughout); a directory of dated versions ' +
      '(2026-09-01T00:00Z.txt) and fetch records (*.json, as fetch --save writes them); ' +
      'or git:PATH/robots.txt, each commit live from its commit time.',
  },
  {
    term: '--violations',
    commands: ['logs'],
    help: 'List each violating request (time, crawler, url, line, rule, version) instead of the per-crawler report.',
  },
  {
    term: '--grace DURATION',
    commands: ['logs'],
    help:
      'How long after a change the previous version still counts: a request either version allows is obeying ' +
      '(default 24h, RFC 9309 §2.4; 90m, 72h, 2d).',
  },
  {
    term: '--verify-ips [CRAWLER=]FILE',
    file: true,
    repeat: true,
    commands: ['logs'],
    help:
      "An operator's published IP ranges (JSON, as downloaded; nothing is fetched). A request naming the crawler " +
      'from elsewhere is an impersonation. CRAWLER: a crawler or an operator; without it, the file name says.',
  },
  {
    term: '--log-format FORMAT',
    choices: { logs: LOG_FORMATS },
    commands: ['logs'],
    help: "The logs' format: auto (the default) tells it by the first line; combined reads common too.",
  },
  {
    term: '--field PART=NAME',
    repeat: true,
    commands: ['logs'],
    help:
      'The JSON Lines or CSV field holding a part of the request: time, ip, target, status or userAgent ' +
      '(e.g. --field time=EdgeStartTimestamp; a dotted name reaches into nested objects).',
  },
  {
    term: '-t, --table NAME=FILE',
    repeat: true,
    commands: ['sql'],
    help: 'A file the query reads as table NAME: .csv, .tsv, .parquet, .jsonl, .ndjson or .json (gzipped or not).',
  },
  {
    term: '--fetch',
    commands: ['check'],
    help:
      "No ROBOTS.txt: judge each URL by its own origin's robots.txt, fetched once per origin; rows carry the " +
      "origin, its fetch status and the file's SHA-256, and standard error sums up each origin (docs/fetch.md).",
  },
  {
    term: '--robots-dir DIR',
    file: true,
    commands: ['check'],
    help: 'As --fetch, offline: each origin\'s robots.txt from the records "robots-lab fetch --save DIR" wrote.',
  },
  {
    term: '--cache-size N',
    commands: ['check'],
    help: 'With --fetch or --robots-dir: parsed files kept at once (default 1024); the rest are read back from disk.',
  },
  {
    term: '--user-agent TEXT',
    commands: ROBOTS_READERS,
    help: 'The User-Agent a robots.txt is fetched with (default: robots-lab/VERSION and a link to the package).',
  },
  {
    term: '--timeout MS',
    commands: ROBOTS_READERS,
    help: 'The deadline for a whole robots.txt fetch, redirects and body included (default 10000).',
  },
  {
    term: '--connect-to HOST:PORT:HOST2:PORT2',
    repeat: true,
    commands: ROBOTS_READERS,
    help: 'Send requests for HOST:PORT to HOST2:PORT2 instead, as curl does (::HOST2:PORT2 for every origin).',
  },
  {
    term: '--concurrency N',
    commands: ['fetch', 'check'],
    help: 'Robots.txt requests at once, in all (default 8).',
  },
  {
    term: '--per-origin N',
    commands: ['fetch', 'check'],
    help: 'Robots.txt requests at once to one origin (default 1).',
  },
  {
    term: '--save DIR',
    file: true,
    commands: ['fetch', 'check'],
    help: "Write each origin's fetch record (.json) and body (.txt) to DIR, for --robots-dir.",
  },
  {
    term: '--cache DIR',
    file: true,
    commands: ['fetch', 'check'],
    help:
      'Revalidate against the records in DIR (If-None-Match, If-Modified-Since) and keep the new ones there; ' +
      'a server error does not replace a cached file.',
  },
  {
    term: '-q, --quiet',
    commands: '*',
    help: 'No notes, progress or counts on standard error; errors are still reported.',
  },
  {
    term: '-h, --help',
    commands: '*',
    help: "Print this command's help and exit.",
  },
];

/** Every command; `robots-lab help` lists them in this order. */
const COMMANDS: readonly Command[] = [
  {
    name: 'check',
    usage: 'ROBOTS.txt --agent NAME [URL | FILE …]',
    summary: 'one verdict per URL and crawler, with the deciding line',
    description:
      'ROBOTS.txt is the robots.txt file ("-" reads standard input), or its URL or host, fetched (docs/fetch.md). URLs are full URLs or paths (/shop?q=1); ' +
      'an argument naming an existing file is read as a URL list. Rows are written as they are judged, in every ' +
      'format; a URL that cannot be judged becomes an "invalid" row naming its line, and the run exits 2 at the end.',
    positional: 'files',
    // The file's own `# expect:` comments (expectations.ts), one robots.txt for every URL (check.ts), or each
    // URL against its own origin's file (--fetch, --robots-dir: origins.ts).
    run: (args, io) => {
      if (args.switches.has('expectations')) return runFileExpectations(args, io);
      const plan = planCheck(args, io);
      return plan.manyOrigins ? runCheckOrigins(plan, args, io) : runCheckFile(plan, args, io);
    },
  },
  {
    name: 'diff',
    usage: 'OLD.txt NEW.txt --agent NAME [URL | FILE …]',
    summary: 'the URL × crawler verdicts that change between two versions of a robots.txt',
    description:
      'Shows the old and new deciding lines and the edited lines that cause each change; ' +
      'with --fail-on, a gate for CI. Duplicate URLs are compared once.',
    positional: 'files',
    run: runDiff,
  },
  {
    name: 'batch',
    usage: '< queries.jsonl',
    summary: 'JSON Lines in, one verdict per line out, byte-exact like Google’s reference parser',
    description:
      'Each input line is {"robotstxt" or "robotstxt_base64", "useragent", "url"}; each output line is ' +
      '{"allowed": bool, "line": number|null}, or {"error": …} for a line that cannot be read. ' +
      'No URL normalisation and no size cap, as in the reference.',
    run: runBatch,
  },
  {
    name: 'is-allowed',
    usage: 'ROBOTS.txt USER_AGENT URL',
    summary: 'one verdict as the exit status (0 allowed, 1 disallowed, 2 error)',
    description:
      "The order of Google's own `robots` binary; prints its one-line verdict. The order of " +
      'google/robotstxt-spec-test (ROBOTS.txt URL USER_AGENT) is read too, with a note on standard error, ' +
      'when the URL is unmistakable. Byte-exact like batch.',
    positional: 'files',
    run: runIsAllowed,
  },
  {
    name: 'lint',
    usage: 'ROBOTS.txt …',
    summary: "the page's diagnostics, for CI",
    description:
      'Each diagnostic with its file, line, column, severity, code, message, fix and the line as written ' +
      '(cut to a bounded length). Exit 1 when one reaches --fail-on (default error). ' +
      "--format github writes GitHub's workflow-command annotations, on the lines in a pull request.",
    positional: 'files',
    run: runLint,
  },
  {
    name: 'sql',
    usage: 'QUERY --table NAME=FILE …',
    summary: "a SQL query over CSV, Parquet and JSON Lines files with the engine's functions",
    description:
      'DuckDB runs the query in memory with robots_check(robots_txt, url, agent) (allowed, line, rule, ' +
      'group_line, error), robots_allowed, robots_request_url, robots_rules, robots_sha256 and ' +
      "robots_lab_version (docs/sql.md). Needs DuckDB's Node client: npm install @duckdb/node-api.",
    run: runSql,
  },
  {
    name: 'fetch',
    usage: 'URL | HOST …',
    summary: "each origin's /robots.txt fetched as Google does, and what the answer means",
    description:
      'At most 5 redirects, across origins; the first 500 KiB kept; a 4xx allows everything, a 5xx, 429 or no ' +
      'answer blocks everything. Per origin: status, redirects, headers, bytes, SHA-256, the body and its meaning. ' +
      'ROBOTS.txt in check, diff, lint and is-allowed may be such a URL or host too (docs/fetch.md).',
    run: runFetch,
  },
  {
    name: 'logs',
    usage: 'LOG… --robots SOURCE',
    summary: 'crawler requests of access logs, judged against the robots.txt live at each one',
    description:
      'LOG: combined or common log format, JSON Lines or CSV with a header, plain or gzip ("-" reads standard ' +
      'input). Per crawler: requests, paths, obeyed, violations with their deciding lines and versions, ' +
      'user-triggered fetches (reported apart), impersonations, first and last seen (docs/logs.md). A line that ' +
      'cannot be read is named with its file and line, counted, and the run goes on.',
    positional: 'files',
    run: runLogs,
  },
  {
    name: 'agents',
    summary: 'the built-in crawler profiles, their tokens and sources',
    description: 'One line per profile: its name, the tokens it obeys in order, its operator and purpose.',
    run: runAgents,
  },
  {
    name: 'help',
    usage: '[COMMAND]',
    summary: 'this overview, or one command in full',
    description: 'The same text as COMMAND --help.',
    positional: [],
    run: runHelp,
  },
  {
    name: 'completion',
    usage: 'bash|zsh|fish',
    summary: 'a shell completion script',
    description:
      'For example: robots-lab completion bash > /etc/bash_completion.d/robots-lab, or ' +
      'robots-lab completion fish > ~/.config/fish/completions/robots-lab.fish.',
    positional: ['bash', 'zsh', 'fish'],
    run: runCompletion,
  },
  {
    name: 'man',
    summary: 'the manual page, in roff',
    description: 'For example: robots-lab man > robots-lab.1 && man ./robots-lab.1',
    run: runMan,
  },
];

/** The whole table. */
export const CLI: CommandTable = { commands: COMMANDS, flags: FLAGS.map(flagOf) };
