/**
 * `robots-lab check`: verdicts for URLs × crawlers against one robots.txt,
 * with the deciding line, optional expectations (a CI guard) and an optional
 * scope check against the robots.txt URL.
 */

import type { Checker, CompiledRules, ParsedRobots, Verdict } from '../core/index';
import {
  checkScope,
  compiledFor,
  createChecker,
  evaluate,
  evaluateProfile,
  isRequestForm,
  toRequestUrl,
} from '../core/index';
import { flag, flags, type ParsedArgs, UsageError } from './args';
import { runFileExpectations } from './expectations';
import { type Format, formatResults, type ResultRow } from './format';
import { CliError, type CliIo, EXIT_EXPECTATION, EXIT_OK } from './io';
import { purposeCells } from './purposes';
import { type Agent, loadRobots, resolveAgents } from './robots';
import { RowOutput } from './rowOutput';
import { type PlainBytes, type RowWriter, rowWriter } from './rows';
import { OutputBuffer } from './stream';
import { type Expected, type ListSpec, openLists, type TextChunk, type UrlBatch, urlBatches } from './targets';
import type { LineSink } from './textList';

/** The options of one `check` run, read from its arguments. */
interface CheckPlan {
  robotsPath: string;
  urlArgs: string[];
  agents: Agent[];
  format: Format;
  column: string | undefined;
  robotsUrl: string | undefined;
  raw: boolean;
  explain: boolean;
  /** Add what the file expresses per purpose (search, ai-input, ai-train, use). */
  purposes: boolean;
  sizeLimit: boolean;
  lists: ListSpec[];
}

/** Reads and checks `check`'s arguments. */
function planCheck(args: ParsedArgs, io: CliIo): CheckPlan {
  const [robotsPath, ...positional] = args.positional;
  if (!robotsPath) throw new UsageError('check needs a robots.txt file', 'check');
  const agents = resolveAgents(flags(args, 'agent'), io);
  if (agents.length === 0)
    throw new UsageError(
      'check needs at least one --agent (a crawler name such as googlebot, or a product token)',
      'check',
    );
  const format = (flag(args, 'format') ?? 'table') as Format;
  const { urls: urlArgs, files } = splitPositional(positional, io);
  // The engine's reason sentence and every matching rule cost time on big
  // files (the engine collects all matches), so they are opt-in.
  const explain = args.switches.has('explain');
  if (explain && format === 'table') throw new CliError('--explain needs --format csv, json or jsonl');
  const robotsUrl = flag(args, 'robots-url');
  if (robotsUrl !== undefined) {
    const self = checkScope(robotsUrl, robotsUrl);
    if (!self.inScope) throw new CliError(`invalid --robots-url "${robotsUrl}": ${self.reason}`);
  }
  const lists: ListSpec[] = [
    ...[...files, ...flags(args, 'urls')].map((path) => ({ path, what: 'URL list', expected: null })),
    ...flags(args, 'expect-allowed').map((path) => ({
      path,
      what: '--expect-allowed list',
      expected: 'allowed' as const,
    })),
    ...flags(args, 'expect-blocked').map((path) => ({
      path,
      what: '--expect-blocked list',
      expected: 'blocked' as const,
    })),
  ];
  if ([robotsPath, ...lists.map((l) => l.path)].filter((p) => p === '-').length > 1)
    throw new CliError('standard input ("-") can be used for only one file');
  if (urlArgs.length === 0 && lists.length === 0)
    throw new CliError('no URLs to check: give URLs, --urls FILE or an --expect-* list');
  const sizeLimit = !args.switches.has('no-size-limit');
  return {
    robotsPath,
    urlArgs,
    agents,
    format,
    column: flag(args, 'column'),
    robotsUrl,
    raw: args.switches.has('raw'),
    explain,
    purposes: args.switches.has('purposes'),
    sizeLimit,
    lists,
  };
}

/**
 * Positional arguments after the robots.txt: an existing file (and no
 * `://` in its name) is a URL list, never a host name; the rest are URLs.
 */
export function splitPositional(args: string[], io: CliIo): { urls: string[]; files: string[] } {
  const urls: string[] = [];
  const files: string[] = [];
  for (const arg of args) {
    if (arg === '-' || (!arg.includes('://') && io.isFile?.(arg))) {
      files.push(arg);
      if (arg.startsWith('/')) io.stderr.write(`note: ${arg} is a file, read as a URL list, not judged as a path\n`);
    } else urls.push(arg);
  }
  return { urls, files };
}

/**
 * `check`: reads the URLs as a stream and writes each row as soon as it is
 * judged (csv, json, jsonl), waiting for the reader when it is slower; only
 * the table, which needs every row to size its columns, is written at the end.
 */
export async function runCheck(args: ParsedArgs, io: CliIo): Promise<number> {
  // `check FILE --expectations` runs the file's own `# expect:` comments (docs/expectations.md).
  if (args.switches.has('expectations')) return runFileExpectations(args, io);
  const plan = planCheck(args, io);
  const parsed = await loadRobots(io, plan.robotsPath, plan.sizeLimit);
  const lists = await openLists(io, plan.lists);
  const out = new OutputBuffer(io.stdout);
  const writer = plan.format === 'table' ? null : rowWriter(plan.format, plan.explain, plan.purposes);
  const rows = new RowOutput(out, writer);
  const judge = new Judge(parsed, plan, rows);
  const tableRows: ResultRow[] = [];
  const emit = (text: string) => rows.text(text);
  let childSitemaps = 0;
  try {
    for await (const batch of urlBatches(plan.urlArgs, lists, plan.column)) {
      if ('chunk' in batch) {
        const sink = judge.lineSink(batch, writer, emit, tableRows);
        if (batch.chunk === null) batch.lines.end(sink);
        else batch.lines.write(batch.chunk, sink);
      } else if (batch.sitemapIndex) {
        childSitemaps += listChildSitemaps(io, batch, childSitemaps === 0);
        continue;
      } else {
        for (let i = 0; i < batch.urls.length; i++) {
          judge.target(batch.urls[i], batch.name, batch.lines[i], batch.expected, writer, emit, tableRows);
        }
      }
      if (out.full) await out.flush();
    }
  } catch (err) {
    // What was judged before the bad input is still written.
    await out.flush();
    throw err;
  }
  const written = rows.written;
  if (written === 0 && tableRows.length === 0) throw noUrlsError(childSitemaps);
  if (writer) out.push(writer.end(written));
  else out.push(formatResults(tableRows, 'table'));
  await out.flush();
  return judge.tally.finish(io, plan.format);
}

/** The error for a run that judged no URL; `childSitemaps`: how many child sitemaps were listed instead. */
function noUrlsError(childSitemaps: number): CliError {
  return new CliError(
    childSitemaps > 0
      ? 'no URLs to check: the lists given hold only child sitemaps; check the pages they list'
      : 'no URLs to check: the lists given hold none',
  );
}

/**
 * A sitemap index lists sitemaps, not pages: its `<loc>`s are named on
 * standard error as child sitemaps and not judged. Returns how many.
 */
function listChildSitemaps(io: CliIo, batch: UrlBatch, first: boolean): number {
  let text = first
    ? `note: ${batch.name} is a sitemap index; its child sitemaps are listed, not tested as pages:\n`
    : '';
  for (let i = 0; i < batch.urls.length; i++) {
    text += `  sitemap index: child sitemap ${batch.urls[i]} (${batch.name}:${batch.lines[i]})\n`;
  }
  io.stderr.write(text);
  return batch.urls.length;
}

/** A JSON-free stand-in for "no changes", shared by every row that needed none. */
const NO_CHANGES: readonly string[] = [];
/** Tail cache key for "allowed because this is /robots.txt itself". */
const ROBOTS_TXT_KEY = 0x7fffffff;
const EXPECTED_INDEX = { none: 0, allowed: 1, blocked: 2 } as const;

/**
 * Judges targets for every agent and counts expectations. Rows whose verdict
 * has been seen before (same agent, deciding line and expectation) reuse the
 * writer's tail for it; the rest are built whole.
 */
class Judge {
  /** What the rows said about their expectations. */
  readonly tally = new Tally();
  private readonly checkers: Checker[];
  /** Per agent, per expectation (none, allowed, blocked): decision → tail, or null when rows must be built whole. */
  private readonly tails: Map<number, Tail | null>[][];
  /** Per agent, its compiled rules (null when it obeys no group), for `plainTarget`. */
  private readonly compiled: (CompiledRules | null)[];
  /** Whether rows may take `plainTarget` at all (csv and jsonl without extra columns or a scope check). */
  private readonly plainRows: boolean;
  /** Per agent, the tails of `tails[a][0]` as the bytes that end a plain row (null: write such rows whole). */
  private readonly tailBytes: Map<number, Buffer | null>[];
  /** The byte pieces of plain rows for the list last asked about. */
  private pieces: PlainBytes | null = null;
  private piecesName: string | null = null;

  constructor(
    private readonly parsed: ParsedRobots,
    private readonly plan: CheckPlan,
    private readonly rows: RowOutput,
  ) {
    this.checkers = plan.agents.map((a) =>
      createChecker(
        parsed,
        'profile' in a ? { tokens: a.profile.tokens, ignoresGlobal: a.profile.ignoresGlobal } : { tokens: [a.token] },
      ),
    );
    this.tails = plan.agents.map(() => [new Map(), new Map(), new Map()]);
    this.tailBytes = plan.agents.map(() => new Map());
    this.compiled = this.checkers.map((c) => (c.choice.kind === 'none' ? null : compiledFor(parsed, c.choice.groups)));
    this.plainRows =
      (plan.format === 'csv' || plan.format === 'jsonl') &&
      !plan.explain &&
      !plan.purposes &&
      plan.robotsUrl === undefined;
  }

  /** Judges one URL (line 0: it has no line, its origin is `name` alone) for every agent. */
  target(
    url: string,
    name: string,
    line: number,
    expected: Expected,
    writer: RowWriter | null,
    emit: (text: string) => void,
    table: ResultRow[],
  ): void {
    if (this.plainRows && expected === null && line !== 0 && isRequestForm(url)) {
      this.plainTarget(url, name, line, writer!, emit);
      return;
    }
    const { raw, robotsUrl } = this.plan;
    let requestUrl = url;
    let changes = NO_CHANGES;
    // Most URLs of a crawl export are already in request form: tell so
    // without building toRequestUrl's result (an object and an array per URL).
    if (!raw && !isRequestForm(url)) {
      const request = toRequestUrl(url, robotsUrl);
      if (request.error) throw new CliError(`unreadable URL "${url}" (${originOf(name, line)}): ${request.error}`);
      requestUrl = request.url;
      if (request.changes.length > 0) changes = request.changes;
    }
    let outOfScope: string | null = null;
    if (robotsUrl !== undefined) {
      const scope = checkScope(robotsUrl, absoluteFor(requestUrl, robotsUrl));
      if (!scope.inScope) outOfScope = scope.reason;
    }
    // Built only for rows written whole, which need the origin as a string.
    const target = (): Target => ({ url, origin: originOf(name, line), expected });
    for (let a = 0; a < this.plan.agents.length; a++) {
      if (expected !== null) this.tally.expectations++;
      if (writer === null || outOfScope !== null || this.plan.explain || this.plan.purposes) {
        const row = this.wholeRow(target(), requestUrl, changes, a, outOfScope);
        if (writer) emit(writer.row(row));
        else table.push(row);
        continue;
      }
      const decision = this.checkers[a].decide(requestUrl);
      const blocked = decision < 0;
      if (expected !== null && blocked !== (expected === 'blocked')) {
        emit(writer.row(this.wholeRow(target(), requestUrl, changes, a, null)));
        continue;
      }
      // Only a URL whose path may be /robots.txt needs the full verdict to tell.
      const key =
        decision === 0 && requestUrl.includes('/robots.txt') && this.robotsTxtItself(requestUrl, a)
          ? ROBOTS_TXT_KEY
          : decision;
      const tail = this.tail(writer, a, { url, name, line, expected }, key, decision, requestUrl, changes);
      emit(
        tail === null
          ? writer.row(this.wholeRow(target(), requestUrl, changes, a, null))
          : line === 0
            ? writer.row(this.wholeRow(target(), requestUrl, changes, a, null))
            : writer.fast(url, requestUrl, changes, name, line, tail.text),
      );
    }
  }

  /**
   * Where a text list's lines go: plain lines straight to `plainLine` when
   * rows may be plain, every other line (and every line otherwise) to
   * `target` as text.
   */
  lineSink(
    list: Pick<TextChunk, 'name' | 'expected'>,
    writer: RowWriter | null,
    emit: (text: string) => void,
    table: ResultRow[],
  ): LineSink {
    const { name, expected } = list;
    const other = (url: string, line: number) => this.target(url, name, line, expected, writer, emit, table);
    const pieces = writer !== null && this.plainRows && expected === null ? this.piecesFor(writer, name) : null;
    // In CSV a URL with a comma is quoted: not a plain row.
    const comma = this.plan.format === 'csv';
    return {
      other,
      plain: (text, bytes, start, end, line) => {
        if (pieces === null || !isRequestForm(text) || (comma && text.indexOf(',') !== -1)) return false;
        this.plainLine(text, bytes, start, end, name, line, writer!, pieces, emit);
        return true;
      },
    };
  }

  private piecesFor(writer: RowWriter, name: string): PlainBytes | null {
    if (name !== this.piecesName) {
      this.piecesName = name;
      this.pieces = writer.plainBytes(name);
    }
    return this.pieces;
  }

  /**
   * A line of a text list already in request form (`url`, bytes [start,
   * end) of `bytes`): judged like `plainTarget`, written as bytes copied
   * from the list.
   */
  private plainLine(
    url: string,
    bytes: Buffer,
    start: number,
    end: number,
    name: string,
    line: number,
    writer: RowWriter,
    pieces: PlainBytes,
    emit: (text: string) => void,
  ): void {
    const path = pathOf(url);
    for (let a = 0; a < this.compiled.length; a++) {
      const key = this.plainKey(path, a);
      const cache = this.tailBytes[a];
      let tail = cache.get(key);
      if (tail === undefined) {
        const text = this.plainTail(writer, a, url, name, line, key);
        tail = text === null ? null : pieces.tail(text.text);
        cache.set(key, tail);
      }
      if (tail === null || !this.rows.plain(pieces, bytes, start, end, line, tail)) {
        emit(writer.row(this.plainWhole(url, name, line, a)));
      }
    }
  }

  /**
   * The common row: a URL from a list, already in request form (ASCII,
   * nothing to escape), no expectation, no scope check. Its path is cut
   * here and decided by the compiled rules directly, the same decision as
   * `createChecker`'s (/robots.txt itself is allowed by no rule).
   */
  private plainTarget(url: string, name: string, line: number, writer: RowWriter, emit: (text: string) => void): void {
    const path = pathOf(url);
    for (let a = 0; a < this.compiled.length; a++) {
      const tail = this.plainTail(writer, a, url, name, line, this.plainKey(path, a));
      if (tail === null) emit(writer.row(this.plainWhole(url, name, line, a)));
      else if (tail.ascii && this.asciiName(name)) this.rows.ascii(writer.plain(url, name, line, tail.text));
      else emit(writer.plain(url, name, line, tail.text));
    }
  }

  /** Agent a's decision for a request-form path, or ROBOTS_TXT_KEY for /robots.txt itself (allowed by no rule). */
  private plainKey(path: string, a: number): number {
    if (path === '/robots.txt') return ROBOTS_TXT_KEY;
    const compiled = this.compiled[a];
    return compiled === null ? 0 : compiled.check(path);
  }

  /** The tail of plain rows decided like this (`plainKey`), or null when they must be built whole. */
  private plainTail(writer: RowWriter, a: number, url: string, name: string, line: number, key: number): Tail | null {
    const tail = this.tails[a][0].get(key);
    if (tail !== undefined) return tail;
    const decision = key === ROBOTS_TXT_KEY ? 0 : key;
    return this.tail(writer, a, { url, name, line, expected: null }, key, decision, url, NO_CHANGES);
  }

  /** A plain row built whole. */
  private plainWhole(url: string, name: string, line: number, a: number): ResultRow {
    return this.wholeRow({ url, origin: originOf(name, line), expected: null }, url, NO_CHANGES, a, null);
  }

  /** Whether a list name is ASCII (the last one asked about is remembered). */
  private asciiName(name: string): boolean {
    if (name !== this.lastName) {
      this.lastName = name;
      this.lastNameAscii = ASCII.test(name);
    }
    return this.lastNameAscii;
  }

  private lastName = '';
  private lastNameAscii = true;

  /**
   * The writer's tail for rows decided like this one (same agent,
   * expectation and decision key), made once from a whole row; null when
   * such rows must be built whole.
   */
  private tail(
    writer: RowWriter,
    a: number,
    at: { url: string; name: string; line: number; expected: Expected },
    key: number,
    decision: number,
    requestUrl: string,
    changes: readonly string[],
  ): Tail | null {
    const { expected } = at;
    const target = (): Target => ({ url: at.url, origin: originOf(at.name, at.line), expected });
    const cache = this.tails[a][EXPECTED_INDEX[expected ?? 'none']];
    let tail = cache.get(key);
    if (tail === undefined) {
      const verdict = this.verdict(requestUrl, a);
      // Reuse only what the decision fully determines: an index.html
      // alternative reports a pattern of its own (docs/behaviour.md §9).
      const same = (verdict.rule?.line ?? 0) === Math.abs(decision) && !verdict.rule?.viaIndexHtml;
      const text = same ? writer.tail(this.row(target(), requestUrl, changes, a, verdict, null)) : null;
      tail = text === null ? null : { text, ascii: ASCII.test(text) };
      cache.set(key, tail);
    }
    return tail;
  }

  /** Whether a URL the checker allowed with no rule is /robots.txt itself (always allowed). */
  private robotsTxtItself(requestUrl: string, agent: number): boolean {
    return this.verdict(requestUrl, agent).robotsTxtItself;
  }

  private verdict(requestUrl: string, agent: number): Verdict {
    const a = this.plan.agents[agent];
    const options = { explain: this.plan.explain };
    return 'profile' in a
      ? evaluateProfile(this.parsed, requestUrl, a.profile, options)
      : evaluate(this.parsed, requestUrl, a.token, options);
  }

  /** A row built whole through `evaluate`, counted against its expectation. */
  private wholeRow(
    target: Target,
    requestUrl: string,
    changes: readonly string[],
    agent: number,
    outOfScope: string | null,
  ): ResultRow {
    const verdict = outOfScope === null ? this.verdict(requestUrl, agent) : null;
    const row = this.row(target, requestUrl, changes, agent, verdict, outOfScope);
    if (row.ok === false) this.tally.fail(row);
    return row;
  }

  private row(
    target: Target,
    requestUrl: string,
    changes: readonly string[],
    agent: number,
    verdict: Verdict | null,
    outOfScope: string | null,
  ): ResultRow {
    const row = makeRow(this.parsed, target, requestUrl, [...changes], this.plan.agents[agent], verdict, outOfScope);
    if (this.plan.explain) {
      row.reason = verdict ? verdict.reason : `Not judged: ${outOfScope}.`;
      row.matches = (verdict?.matches ?? []).map((m) => ({
        kind: m.kind,
        line: m.line,
        pattern: m.pattern,
        length: m.length,
      }));
    }
    if (this.plan.purposes) {
      row.purposes = verdict ? purposeCells(this.parsed, requestUrl, this.plan.agents[agent]) : null;
    }
    return row;
  }
}

/** Expectations checked, how many failed, and the first failures (to show on stderr). */
class Tally {
  expectations = 0;
  failures = 0;
  private shown: ResultRow[] = [];

  fail(row: ResultRow): void {
    this.failures++;
    if (this.shown.length < MAX_FAILURES_SHOWN) this.shown.push(row);
  }

  /** Reports expectations on stderr; the exit status. */
  finish(io: CliIo, format: Format): number {
    if (this.failures > 0) {
      io.stderr.write(summariseFailures(this.shown, this.failures, this.expectations));
      return EXIT_EXPECTATION;
    }
    if (this.expectations > 0 && format === 'table') {
      const n = this.expectations;
      io.stderr.write(`all ${n} expectation${n === 1 ? '' : 's'} met\n`);
    }
    return EXIT_OK;
  }
}

/** A writer's tail for rows of one verdict, and whether it is all ASCII. */
interface Tail {
  text: string;
  ascii: boolean;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is exactly U+0000 to U+007F.
const ASCII = /^[\u0000-\u007f]*$/;

/** Failed expectations listed on stderr; the rest are counted. */
const MAX_FAILURES_SHOWN = 50;

/** One URL to judge: as typed, where it came from, what was expected of it. */
interface Target {
  url: string;
  origin: string;
  expected: Expected;
}
/** The path of a URL in request form: the URL itself when it is a path. */
function pathOf(url: string): string {
  return url.charCodeAt(0) === 0x2f ? url : url.slice(url.indexOf('/', 8));
}

/** Where a URL came from: `name:line`, or `name` alone for line 0 (the command line). */
function originOf(name: string, line: number): string {
  return line === 0 ? name : `${name}:${line}`;
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
  const expected = target.expected;
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

function summariseFailures(shown: ResultRow[], failed: number, total: number): string {
  const lines = [`${failed} of ${total} expectation${total === 1 ? '' : 's'} failed:`];
  for (const f of shown) {
    const got =
      f.status === 'out-of-scope'
        ? 'out of scope, not judged'
        : f.line !== null
          ? `${f.status.toUpperCase()} by line ${f.line}: ${f.lineText}`
          : `${f.status.toUpperCase()} (${f.note})`;
    lines.push(`  ${f.url} (${f.origin}) for ${f.crawler}: expected ${f.expected!.toUpperCase()}, got ${got}`);
  }
  if (failed > shown.length) lines.push(`  … and ${failed - shown.length} more`);
  return `${lines.join('\n')}\n`;
}
