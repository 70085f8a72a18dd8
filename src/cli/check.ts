/**
 * `robots-lab check`: verdicts for URLs × crawlers against one robots.txt,
 * with the deciding line, optional expectations (a CI guard) and an optional
 * scope check against the robots.txt URL.
 */

import type { CrawlerProfile, ParsedRobots, Verdict } from '../core/index';
import {
  applyGoogleSizeLimit,
  checkScope,
  evaluate,
  evaluateProfile,
  GOOGLE_SIZE_LIMIT_BYTES,
  isValidUserAgentToObey,
  parseRobotsTxt,
  toRequestUrl,
} from '../core/index';
import { findProfile } from '../core/profiles';
import { type FlagSpec, flag, flags, parseArgs } from './args';
import { runFileExpectations } from './expectations';
import { FORMATS, type Format, formatResults, type ResultRow } from './format';
import { CliError, type CliIo, EXIT_EXPECTATION, EXIT_OK, readUserFile } from './io';
import { decodeListBytes, type ListedUrl, parseUrlList } from './url-lists';

export const CHECK_FLAGS: FlagSpec[] = [
  { name: 'agent', short: 'a', value: true, repeat: true },
  { name: 'urls', short: 'u', value: true, repeat: true },
  { name: 'column', value: true },
  { name: 'format', short: 'f', value: true },
  { name: 'raw' },
  { name: 'explain' },
  { name: 'expect-allowed', value: true, repeat: true },
  { name: 'expect-blocked', value: true, repeat: true },
  { name: 'robots-url', value: true },
  { name: 'no-size-limit' },
  { name: 'expectations' },
  { name: 'help', short: 'h' },
];

/** A crawler as the user named it: a built-in profile, or a bare product token. */
export type Agent = { label: string; profile: CrawlerProfile } | { label: string; token: string };

/** Resolves `--agent` values (comma-separated lists allowed) to profiles or tokens. */
export function resolveAgents(values: string[]): Agent[] {
  const out: Agent[] = [];
  const seen = new Set<string>();
  for (const name of values.flatMap((v) => v.split(',')).map((v) => v.trim())) {
    if (name === '') continue;
    const profile = findProfile(name);
    const agent: Agent = profile
      ? { label: profile.name, profile }
      : isValidUserAgentToObey(name)
        ? { label: name, token: name }
        : invalidAgent(name);
    if (seen.has(agent.label.toLowerCase())) continue;
    seen.add(agent.label.toLowerCase());
    out.push(agent);
  }
  return out;
}

function invalidAgent(name: string): never {
  throw new CliError(
    `invalid agent "${name}": not a known crawler and not a valid product token (only letters, "-" and "_"; ` +
      `write "Googlebot", not "Googlebot/2.1")`,
  );
}

interface Expectation {
  expected: 'allowed' | 'blocked';
  origin: string;
}

/** One URL to judge: as typed, where it came from, what was expected of it. */
interface Target extends ListedUrl {
  expectation?: Expectation;
}

async function readList(io: CliIo, path: string, column: string | undefined, what: string): Promise<ListedUrl[]> {
  const bytes = await readUserFile(io, path, what);
  const name = path === '-' ? '(stdin)' : path;
  return parseUrlList(decodeListBytes(bytes, name), name, column);
}

/** Reads the robots.txt as bytes and applies Google's 500 KiB cap unless told not to (also used by `diff`). */
export async function loadRobots(io: CliIo, path: string, sizeLimit: boolean): Promise<ParsedRobots> {
  const bytes = await readUserFile(io, path, 'robots.txt');
  const parsed = parseBytes(io, path, bytes, sizeLimit);
  if (parsed.invalidUtf8) {
    io.stderr.write(`note: ${path} is not valid UTF-8; crawlers may read the broken characters differently\n`);
  }
  return parsed;
}

function parseBytes(io: CliIo, path: string, bytes: Uint8Array, sizeLimit: boolean): ParsedRobots {
  if (!sizeLimit || bytes.length <= GOOGLE_SIZE_LIMIT_BYTES) return parseRobotsTxt(bytes);
  const text = new TextDecoder().decode(bytes);
  const { text: kept, cutAt } = applyGoogleSizeLimit(text);
  if (cutAt === null) return parseRobotsTxt(bytes);
  const lastLine = kept.split(/\r\n|\r|\n/).length;
  io.stderr.write(
    `note: ${path} is ${bytes.length.toLocaleString('en-US')} bytes; Google reads only the first ` +
      `${GOOGLE_SIZE_LIMIT_BYTES.toLocaleString('en-US')} bytes, so it stops in line ${lastLine} and ignores the rest ` +
      `(use --no-size-limit to read it all)\n`,
  );
  return parseRobotsTxt(kept);
}

export async function runCheck(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, CHECK_FLAGS);
  if (args.switches.has('expectations')) return runFileExpectations(args, io);
  const [robotsPath, ...urlArgs] = args.positional;
  if (!robotsPath) throw new CliError('check needs a robots.txt file: robots-lab check ROBOTS.txt --agent NAME URL…');
  const agents = resolveAgents(flags(args, 'agent'));
  if (agents.length === 0)
    throw new CliError('check needs at least one --agent (a crawler name such as googlebot, or a product token)');
  const format = (flag(args, 'format') ?? 'table') as Format;
  if (!FORMATS.includes(format)) throw new CliError(`unknown format "${format}" (use ${FORMATS.join(', ')})`);
  const column = flag(args, 'column');
  const robotsUrl = flag(args, 'robots-url');
  const raw = args.switches.has('raw');
  // The engine's reason sentence and every matching rule cost time on big
  // files (the engine collects all matches), so they are opt-in.
  const explain = args.switches.has('explain');
  if (explain && format === 'table') throw new CliError('--explain needs --format csv, json or jsonl');
  const options = { explain };
  if (robotsUrl !== undefined) {
    const self = checkScope(robotsUrl, robotsUrl);
    if (!self.inScope) throw new CliError(`invalid --robots-url "${robotsUrl}": ${self.reason}`);
  }
  const stdinUsers = [
    robotsPath,
    ...flags(args, 'urls'),
    ...flags(args, 'expect-allowed'),
    ...flags(args, 'expect-blocked'),
  ].filter((p) => p === '-').length;
  if (stdinUsers > 1) throw new CliError('standard input ("-") can be used for only one file');

  const parsed = await loadRobots(io, robotsPath, !args.switches.has('no-size-limit'));

  const targets: Target[] = urlArgs.map((url) => ({ url, origin: 'command line' }));
  // Loops, not push(...list): a spread of a million URLs overflows the argument stack.
  for (const path of flags(args, 'urls'))
    for (const item of await readList(io, path, column, 'URL list')) targets.push(item);
  for (const [opt, expected] of [
    ['expect-allowed', 'allowed'],
    ['expect-blocked', 'blocked'],
  ] as const) {
    for (const path of flags(args, opt)) {
      for (const item of await readList(io, path, column, `--${opt} list`)) {
        targets.push({ ...item, expectation: { expected, origin: item.origin } });
      }
    }
  }
  if (targets.length === 0) throw new CliError('no URLs to check: give URLs, --urls FILE or an --expect-* list');

  const rows: ResultRow[] = [];
  for (const target of targets) {
    const request = raw ? { url: target.url, changes: [] as string[] } : toRequestUrl(target.url, robotsUrl);
    if ('error' in request && request.error) {
      throw new CliError(`unreadable URL "${target.url}" (${target.origin}): ${request.error}`);
    }
    let outOfScope: string | null = null;
    if (robotsUrl !== undefined) {
      const scope = checkScope(robotsUrl, absoluteFor(request.url, robotsUrl));
      if (!scope.inScope) outOfScope = scope.reason;
    }
    for (const agent of agents) {
      const verdict: Verdict | null = outOfScope
        ? null
        : 'profile' in agent
          ? evaluateProfile(parsed, request.url, agent.profile, options)
          : evaluate(parsed, request.url, agent.token, options);
      const row = makeRow(parsed, target, request.url, request.changes, agent, verdict, outOfScope);
      if (explain) {
        row.reason = verdict ? verdict.reason : `Not judged: ${outOfScope}.`;
        row.matches = (verdict?.matches ?? []).map((m) => ({
          kind: m.kind,
          line: m.line,
          pattern: m.pattern,
          length: m.length,
        }));
      }
      rows.push(row);
    }
  }

  io.stdout.write(formatResults(rows, format));
  const failures = rows.filter((r) => r.ok === false);
  if (failures.length > 0) {
    io.stderr.write(summariseFailures(failures, rows.filter((r) => r.expected !== null).length));
    return EXIT_EXPECTATION;
  }
  const expectations = rows.filter((r) => r.expected !== null).length;
  if (expectations > 0 && format === 'table') {
    io.stderr.write(`all ${expectations} expectation${expectations === 1 ? '' : 's'} met\n`);
  }
  return EXIT_OK;
}

/** A path is judged against the robots.txt's own origin for the scope check. */
function absoluteFor(url: string, robotsUrl: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) {
    try {
      return new URL(url, robotsUrl).href;
    } catch {
      return url;
    }
  }
  return url;
}

function makeRow(
  parsed: ParsedRobots,
  target: Target,
  requestUrl: string,
  changes: string[],
  agent: Agent,
  verdict: Verdict | null,
  outOfScope: string | null,
): ResultRow {
  const expected = target.expectation?.expected ?? null;
  const status = verdict === null ? 'out-of-scope' : verdict.allowed ? 'allowed' : 'blocked';
  const line = verdict?.rule?.line ?? null;
  return {
    url: target.url,
    requestUrl,
    changes,
    origin: target.origin,
    crawler: agent.label,
    profile: 'profile' in agent ? agent.profile.id : null,
    tokens: 'profile' in agent ? agent.profile.tokens : [agent.token],
    status,
    allowed: verdict ? verdict.allowed : null,
    line,
    lineText: line !== null ? lineText(parsed, line) : null,
    rule: verdict?.rule
      ? { kind: verdict.rule.kind, pattern: verdict.rule.pattern, length: verdict.rule.length }
      : null,
    note: shortNote(verdict, outOfScope),
    expected,
    ok: expected === null ? null : status === expected,
  };
}

/** A few words on why, when no line decided. */
function shortNote(verdict: Verdict | null, outOfScope: string | null): string {
  if (verdict === null) return outOfScope ?? '';
  if (verdict.rule) return '';
  if (verdict.robotsTxtItself) return '/robots.txt is always allowed';
  if (verdict.choice.kind === 'none') return 'no group applies';
  const at = verdict.choice.agentLines[0];
  const group = verdict.choice.kind === 'global' ? 'the * group' : `the ${verdict.choice.token} group`;
  return `no rule of ${group} (line ${at}) matches`;
}

/** The deciding line as written, without its comment. */
function lineText(parsed: ParsedRobots, line: number): string {
  const l = parsed.lines[line - 1];
  if (!l) return '';
  const end = l.comment ? l.comment.from : l.span.to;
  return parsed.text.slice(l.span.from, end).trim();
}

function summariseFailures(failures: ResultRow[], total: number): string {
  const lines = [`${failures.length} of ${total} expectation${total === 1 ? '' : 's'} failed:`];
  const shown = failures.slice(0, 50);
  for (const f of shown) {
    const got =
      f.status === 'out-of-scope'
        ? 'out of scope, not judged'
        : f.line !== null
          ? `${f.status.toUpperCase()} by line ${f.line}: ${f.lineText}`
          : `${f.status.toUpperCase()} (${f.note})`;
    lines.push(`  ${f.url} (${f.origin}) for ${f.crawler}: expected ${f.expected!.toUpperCase()}, got ${got}`);
  }
  if (failures.length > shown.length) lines.push(`  … and ${failures.length - shown.length} more`);
  return `${lines.join('\n')}\n`;
}
