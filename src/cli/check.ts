/**
 * `robots-lab check`: verdicts for URLs × crawlers against one robots.txt,
 * with the deciding line, optional expectations (a CI guard) and an optional
 * scope check against the robots.txt URL.
 */

import { createHash } from 'node:crypto';
import { lineText } from '../core/expectations';
import type { RobotsFetchRecord } from '../core/fetchRecord';
import type { Checker, ParsedRobots, Verdict } from '../core/index';
import { checkScope, createChecker, evaluate, evaluateProfile, isRequestForm, toRequestUrl } from '../core/index';
import { flag, flags, type ParsedArgs, UsageError } from './args';
import { readRobotsSource } from './fetch';
import { CliError, type CliIo, EXIT_EXPECTATION, EXIT_OK, EXIT_USAGE } from './io';
import { version } from './meta';
import { Progress } from './progress';
import { purposeCells } from './purposes';
import { type Agent, agentTokens, parseRobots, resolveAgents } from './robots';
import { type Format, type ResultRow, type RowTail, type RowWriter, rowWriter } from './rows';
import { OutputBuffer } from './stream';
import { type Expected, openTargets, readTargets, type Targets, type UrlBatch } from './targets';

/** The options of one `check` run, read from its arguments. */
export type CheckPlan = ReturnType<typeof planCheck>;

/** Reads and checks `check`'s arguments. */
export function planCheck(args: ParsedArgs, io: CliIo) {
  const manyOrigins = args.switches.has('fetch') || args.flags.has('robots-dir');
  const [robotsPath, ...positional] = manyOrigins ? ['', ...args.positional] : args.positional;
  if (!robotsPath && !manyOrigins) throw new UsageError('check needs a robots.txt file', 'check');
  const agents = resolveAgents(flags(args, 'agent'), io);
  if (agents.length === 0)
    throw new UsageError(
      'check needs at least one --agent (a crawler name such as googlebot, or a product token)',
      'check',
    );
  const format = (flag(args, 'format') ?? 'table') as Format;
  // The engine's reason sentence and every matching rule cost time on big
  // files (the engine collects all matches), so they are opt-in.
  const explain = args.switches.has('explain');
  if (explain && format === 'table') throw new CliError('--explain needs --format csv, json or jsonl');
  const stamp = args.switches.has('stamp');
  if (stamp && format === 'table') throw new CliError('--stamp needs --format csv, json or jsonl');
  if (stamp && manyOrigins)
    throw new CliError("--stamp reads one robots.txt; with --fetch or --robots-dir rows carry each origin's sha256");
  const robotsUrl = flag(args, 'robots-url');
  if (robotsUrl !== undefined) {
    const self = checkScope(robotsUrl, robotsUrl);
    if (!self.inScope) throw new CliError(`invalid --robots-url "${robotsUrl}": ${self.reason}`);
  }
  return {
    robotsPath,
    agents,
    format,
    robotsUrl,
    raw: args.switches.has('raw'),
    explain,
    /** Add what the file expresses per purpose (search, ai-input, ai-train, use). */
    purposes: args.switches.has('purposes'),
    sizeLimit: !args.switches.has('no-size-limit'),
    /** Each URL judged by its own origin's robots.txt (`--fetch`, `--robots-dir`): no ROBOTS.txt argument. */
    manyOrigins,
    /** `--stamp`: every row carries the engine version and the robots.txt's SHA-256. */
    stamp,
    ...readTargets(
      args,
      io,
      'check',
      [robotsPath],
      positional,
      (['allowed', 'blocked'] as const).flatMap((expected) =>
        flags(args, `expect-${expected}`).map((path) => ({ path, what: `--expect-${expected} list`, expected })),
      ),
    ),
  };
}

/**
 * `check` against one robots.txt, each row written as soon as it is
 * judged. A URL that cannot be judged becomes an "invalid" row naming its
 * line; the run goes on and exits 2 at the end.
 */
export async function runCheckFile(plan: CheckPlan, args: ParsedArgs, io: CliIo): Promise<number> {
  const source = await readRobotsSource(io, plan.robotsPath, args);
  const parsed = parseRobots(io, source.name, source.bytes, plan.sizeLimit);
  const site = source.fetched;
  // A fetched file speaks for its origin only: URLs of other origins are not judged by it.
  if (site !== null) plan.robotsUrl ??= site.url;
  const stamp = plan.stamp
    ? {
        engineVersion: `robots-lab ${version()}`,
        robotsSha256: createHash('sha256').update(source.bytes).digest('hex'),
      }
    : null;
  const { writer, out } = rowOutput(plan, io, { withSite: site !== null, withStamp: plan.stamp });
  const judge = new Judge(parsed, plan, writer, out, io.stderr, site, undefined, stamp);
  const progress = new Progress(io, plan.agents.length);
  try {
    await writeRows(plan, io, writer, out, {
      batch: (batch) => {
        for (let i = 0; i < batch.urls.length; i++)
          judge.url(batch.urls[i], batch.name, batch.lines[i], batch.expected);
        progress.update(judge.rows);
      },
      rows: () => judge.rows,
    });
  } finally {
    progress.done(judge);
  }
  const expectations = judge.tally.finish(io, plan.format);
  if (judge.invalid > 0) {
    const n = judge.invalid;
    io.stderr.write(`${n} URL${n === 1 ? '' : 's'} could not be judged (rows with status "invalid")\n`);
    return EXIT_USAGE;
  }
  return expectations;
}

/** The writer of the run's format and columns, and the output it goes to. */
export function rowOutput(plan: CheckPlan, io: CliIo, columns: { withSite: boolean; withStamp?: boolean }) {
  const writer = rowWriter(plan.format, {
    withReason: plan.explain,
    withPurposes: plan.purposes,
    withExpect: plan.lists.some((l) => l.expected !== null),
    ...columns,
  });
  return { writer, out: new OutputBuffer(io.stdout) };
}

/**
 * Streams the targets through `source` and writes its rows with
 * backpressure; a sitemap index's child sitemaps are named on standard
 * error, not judged. What was judged before a failure is written, and a
 * JSON array closed, however the run ends. `finish` judges what is still
 * held once the lists end, `drain` pushes what was judged but not yet
 * pushed.
 */
export async function writeRows(
  targets: Targets,
  io: CliIo,
  writer: Pick<RowWriter, 'head' | 'end'>,
  out: OutputBuffer,
  source: { batch(b: UrlBatch): void | Promise<void>; finish?(): Promise<void>; drain?(): void; rows(): number },
): Promise<void> {
  const batches = await openTargets(io, targets);
  let childSitemaps = 0;
  out.push(writer.head);
  try {
    for await (const batch of batches) {
      if (batch.sitemapIndex) childSitemaps += listChildSitemaps(io, batch, childSitemaps === 0);
      else {
        // One file's judging is synchronous: no turn of the event loop for it.
        const judging = source.batch(batch);
        if (judging) await judging;
      }
      if (out.full) await out.flush();
    }
    await source.finish?.();
  } finally {
    source.drain?.();
    out.push(writer.end(source.rows()));
    await out.flush();
  }
  if (source.rows() === 0) {
    const { verb } = targets;
    throw new CliError(
      childSitemaps > 0
        ? `no URLs to ${verb}: the lists given hold only child sitemaps; ${verb} the pages they list`
        : `no URLs to ${verb}: the lists given hold none`,
    );
  }
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
/** A writer's tail for rows of one verdict, and whether it is ASCII text. */
interface Tail {
  tail: unknown;
  ascii: boolean;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is exactly U+0000 to U+007F.
const ASCII = /^[\u0000-\u007f]*$/;

/** Invalid lines named on stderr; the rest are counted. */
const INVALID_SHOWN = 20;

/**
 * Judges URLs for every agent, writes their rows and counts expectations.
 * Every row is its URL part and a tail (the writer's text for the rest);
 * the tail of a plain verdict (in scope, no expectation, no --explain or
 * --purposes) is made once per agent and decision and reused.
 */
export class Judge {
  /** Rows written, invalid ones included. */
  rows = 0;
  /** URLs that could not be judged. */
  invalid = 0;
  allowed = 0;
  blocked = 0;
  private readonly checkers: Checker[];
  /** Per agent: decision → the writer's tail for rows so decided, or null when such rows are built whole. */
  private readonly tails: Map<number, Tail | null>[];
  private readonly reuse: boolean;
  private lastName = '';
  private lastNameAscii = true;

  constructor(
    private readonly parsed: ParsedRobots,
    private readonly plan: CheckPlan,
    private readonly writer: RowWriter,
    private readonly out: Pick<OutputBuffer, 'push' | 'pushAscii'>,
    private readonly notes: CliIo['stderr'],
    /** The fetch behind the file, when it came from a URL: its fields join every row, its outcome may decide them. */
    private readonly site: RobotsFetchRecord | null = null,
    /** What the rows said about their expectations (one tally may serve several judges). */
    readonly tally: Tally = new Tally(),
    /** With --stamp: the fields every row carries (the same for the whole run, so cached tails hold them). */
    private readonly stamp: { engineVersion: string; robotsSha256: string } | null = null,
  ) {
    this.checkers = plan.agents.map((a) => createChecker(parsed, agentTokens(a)));
    this.tails = plan.agents.map(() => new Map());
    this.reuse =
      !plan.explain && !plan.purposes && plan.robotsUrl === undefined && (site === null || site.mode === 'rules');
  }

  /** Judges one URL (line 0: it has no line, its origin is `name` alone) for every agent. */
  url(url: string, name: string, line: number, expected: Expected): void {
    const { raw, robotsUrl } = this.plan;
    let requestUrl = url;
    let changes = NO_CHANGES;
    // Most URLs of a crawl export are already in request form (ASCII):
    // tell so without building toRequestUrl's result.
    const requestForm = isRequestForm(url);
    if (!raw && !requestForm) {
      const request = toRequestUrl(url, robotsUrl);
      if (request.error) {
        this.invalidRow(url, name, line, expected, `unreadable URL: ${request.error}`);
        return;
      }
      requestUrl = request.url;
      if (request.changes.length > 0) changes = request.changes;
    }
    let outOfScope: string | null = null;
    if (robotsUrl !== undefined) {
      const scope = checkScope(robotsUrl, absoluteFor(requestUrl, robotsUrl));
      if (!scope.inScope) outOfScope = scope.reason;
    }
    const origin = originOf(name, line);
    const asciiUrl = requestForm && this.asciiName(name);
    for (let a = 0; a < this.checkers.length; a++) {
      this.rows++;
      const cached = expected === null && outOfScope === null && this.reuse ? this.cachedTail(requestUrl, a) : null;
      let tail = cached?.tail;
      if (tail === undefined) {
        const t = this.tailOf(requestUrl, a, expected, outOfScope);
        if (t.status === 'allowed') this.allowed++;
        else if (t.status === 'blocked') this.blocked++;
        if (t.expected !== null) this.tally.expectations++;
        if (t.ok === false) this.tally.fail({ url, requestUrl, changes: [...changes], origin, ...t });
        tail = this.writer.tail(t);
      }
      const text = this.writer.row(url, requestUrl, changes, origin, tail);
      // ASCII is copied as Latin-1, cheaper than encoding UTF-8.
      if (asciiUrl && cached?.ascii) this.out.pushAscii(text);
      else this.out.push(text);
    }
  }

  /**
   * The tail of rows of agent `a` decided as `requestUrl` is, made once from
   * the first such row (and counted); null when such rows are built whole.
   */
  private cachedTail(requestUrl: string, a: number): Tail | null {
    const decision = this.checkers[a].decide(requestUrl);
    // Only a URL whose path may be /robots.txt needs the full verdict to tell.
    const key =
      decision === 0 && requestUrl.includes('/robots.txt') && this.verdict(requestUrl, a).robotsTxtItself
        ? ROBOTS_TXT_KEY
        : decision;
    const cache = this.tails[a];
    let tail = cache.get(key);
    if (tail === undefined) {
      const verdict = this.verdict(requestUrl, a);
      // Reuse only what the decision fully determines: an index.html
      // alternative reports a pattern of its own (docs/behaviour.md §9).
      const same = (verdict.rule?.line ?? 0) === Math.abs(decision) && !verdict.rule?.viaIndexHtml;
      const text = same ? this.writer.tail(this.tailOf(requestUrl, a, null, null, verdict)) : null;
      tail = text === null ? null : { tail: text, ascii: typeof text === 'string' && ASCII.test(text) };
      cache.set(key, tail);
    }
    if (tail === null) return null;
    if (decision < 0) this.blocked++;
    else this.allowed++;
    return tail;
  }

  /** Whether a list name is ASCII (the last one asked about is remembered). */
  private asciiName(name: string): boolean {
    if (name !== this.lastName) {
      this.lastName = name;
      this.lastNameAscii = ASCII.test(name);
    }
    return this.lastNameAscii;
  }

  /** A line that cannot be judged: one "invalid" row per agent, named on stderr (the first few). */
  private invalidRow(url: string, name: string, line: number, expected: Expected, reason: string): void {
    this.invalid++;
    const origin = originOf(name, line);
    if (this.invalid <= INVALID_SHOWN) this.notes.write(`robots-lab: ${origin}: ${reason} ("${url}")\n`);
    this.rows += this.plan.agents.length;
    unjudgedRows(this.out, this.writer, this.plan.agents, { url, origin, expected }, 'invalid', reason);
  }

  private verdict(requestUrl: string, agent: number): Verdict {
    const a = this.plan.agents[agent];
    return 'profile' in a
      ? evaluateProfile(this.parsed, requestUrl, a.profile)
      : evaluate(this.parsed, requestUrl, a.token, { exactToken: true });
  }

  /** A row's tail built whole, through `evaluate` unless out of scope. */
  private tailOf(
    requestUrl: string,
    agent: number,
    expected: Expected,
    outOfScope: string | null,
    verdict = outOfScope === null ? this.verdict(requestUrl, agent) : null,
  ): RowTail {
    const status = verdict === null ? 'out-of-scope' : verdict.allowed ? 'allowed' : 'blocked';
    const line = verdict?.rule?.line ?? null;
    const r = verdict?.rule;
    const t: RowTail = {
      ...agentFields(this.plan.agents[agent]),
      status,
      allowed: verdict ? verdict.allowed : null,
      line,
      lineText: line !== null ? lineText(this.parsed, line) : null,
      rule: r ? { kind: r.kind, pattern: r.pattern, length: r.length } : null,
      note: shortNote(verdict, outOfScope),
      expected,
      ok: expected === null ? null : status === expected,
    };
    if (this.plan.explain) {
      t.reason = verdict ? verdict.reason : `Not judged: ${outOfScope}.`;
      t.matches = (verdict?.matches ?? []).map((m) => ({
        kind: m.kind,
        line: m.line,
        pattern: m.pattern,
        length: m.length,
      }));
    }
    if (this.plan.purposes) {
      t.purposes = verdict ? purposeCells(this.parsed, requestUrl, this.plan.agents[agent]) : null;
    }
    if (this.site !== null) applySite(t, this.site, outOfScope !== null);
    if (this.stamp !== null) Object.assign(t, this.stamp);
    return t;
  }
}

/** The crawler's fields of a row. */
function agentFields(agent: Agent): Pick<RowTail, 'crawler' | 'profile' | 'tokens'> {
  return 'profile' in agent
    ? { crawler: agent.label, profile: agent.profile.id, tokens: agent.profile.tokens }
    : { crawler: agent.label, profile: null, tokens: [agent.token] };
}

/**
 * The rows of a URL nothing judged, one per agent: `note` says why (an
 * invalid row's reason too), `fetch`'s fields join each row, and an
 * expectation fails (counted in `tally` when given).
 */
export function unjudgedRows(
  out: Pick<OutputBuffer, 'push'>,
  writer: RowWriter,
  agents: Agent[],
  { url, origin, expected }: { url: string; origin: string; expected: Expected },
  status: 'invalid' | 'out-of-scope',
  note: string,
  fetch?: Partial<RowTail>,
  tally?: Tally,
): void {
  for (const agent of agents) {
    const tail: RowTail = {
      ...agentFields(agent),
      status,
      allowed: null,
      line: null,
      lineText: null,
      rule: null,
      note,
      ...(status === 'invalid' ? { reason: note } : {}),
      expected,
      ok: expected === null ? null : false,
      ...fetch,
    };
    if (expected !== null && tally) {
      tally.expectations++;
      tally.fail({ url, requestUrl: url, changes: [], origin, ...tail });
    }
    out.push(writer.row(url, url, NO_CHANGES, origin, writer.tail(tail)));
  }
}

/** Expectations checked, how many failed, and the first failures (to show on stderr). */
export class Tally {
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

/** Failed expectations listed on stderr; the rest are counted. */
const MAX_FAILURES_SHOWN = 50;

/** Where a URL came from: `name:line`, or `name` alone for line 0 (the command line). */
export function originOf(name: string, line: number): string {
  return line === 0 ? name : `${name}:${line}`;
}

/** A path is judged against the robots.txt's own origin for the scope check. */
function absoluteFor(url: string, robotsUrl: string): string {
  if (!url.startsWith('/') || url.startsWith('//') || !URL.canParse(url, robotsUrl)) return url;
  return new URL(url, robotsUrl).href;
}

/**
 * Adds a fetch's fields to a row; a fetch outcome other than `rules` (a 4xx,
 * 5xx, 429, no answer) decides a judged row by itself (docs/behaviour.md §2).
 */
function applySite(row: RowTail, site: RobotsFetchRecord, outOfScope: boolean): void {
  if (site.mode !== 'rules' && !outOfScope) {
    row.status = site.mode === 'allow-all' ? 'allowed' : 'blocked';
    row.allowed = site.mode === 'allow-all';
    row.line = null;
    row.lineText = null;
    row.rule = null;
    row.note = site.reason;
    if (row.reason !== undefined) row.reason = site.reason;
    if (row.matches !== undefined) row.matches = [];
    row.ok = row.expected === null ? null : row.status === row.expected;
  }
  row.robotsOrigin = site.origin;
  row.fetchStatus = site.status;
  row.fetchOutcome = site.summary;
  row.sha256 = site.mode === 'rules' ? site.sha256 : null;
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
