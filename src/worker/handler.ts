/**
 * The worker's logic, separated from the worker global so that it runs (and is
 * tested) in Node: parse each version of the text once, evaluate URL lists in
 * time slices that stream compact chunks, explain one cell.
 */
import {
  applyGoogleSizeLimit,
  checkScope,
  evaluate,
  evaluateProfile,
  fetchOutcome,
  isValidUserAgentToObey,
  parseRobotsTxt,
  toPlainVerdict,
  toRequestUrl,
} from '../core/index';
import { lintRobots } from '../core/lint';
import { ruleLabel } from '../core/matcher';
import { findProfile } from '../core/profiles';
import type { CrawlerProfile, ParsedRobots, Verdict } from '../core/types';
import { BulkRun, splitRows } from './bulk';
import type { FetchStatus } from './fetchStatus';
import { indexedDbStore } from './idb';
import { importList } from './import';
import { cutPieces } from './pieces';
import {
  assertNever,
  type CrawlerInfo,
  type CrawlerSpec,
  type ExplainResult,
  type ParseSummary,
  ROW,
  type RuleTable,
  type WireDiagnostic,
  type WorkerReply,
  type WorkerRequest,
} from './protocol';
import { computeView, exportView } from './view';

export interface HandlerHost {
  post(reply: WorkerReply, transfer?: Transferable[]): void;
  /** Run `fn` as a new task, after pending messages (MessageChannel in the worker). */
  schedule(fn: () => void): void;
  now(): number;
}

/** How long one evaluation slice may run before it posts a chunk and yields. */
export const SLICE_MS = 20;

/** Rows per slice of a run slowed down for a test (debug fault 'slow'). */
const SLOW_SLICE_ROWS = 500;

interface Crawler {
  info: CrawlerInfo;
  profile: CrawlerProfile | null;
  token: string;
}

/** Resolves a crawler spec to a profile or a typed token, with what the header shows. */
export function resolveCrawler(spec: CrawlerSpec): Crawler {
  if (spec.kind === 'profile') {
    const profile = findProfile(spec.id);
    if (profile) {
      return {
        info: { label: profile.name, tokens: profile.tokens, valid: true, ignoresGlobal: profile.ignoresGlobal },
        profile,
        token: profile.tokens[0],
      };
    }
    return {
      info: { label: spec.id, tokens: [spec.id], valid: false, ignoresGlobal: false },
      profile: null,
      token: spec.id,
    };
  }
  const token = spec.token.trim();
  return {
    info: { label: token, tokens: [token], valid: isValidUserAgentToObey(token), ignoresGlobal: false },
    profile: null,
    token,
  };
}

interface Judged {
  requestUrl: string;
  changes: string[];
  error: string | null;
  outOfScope: string | null;
  flags: number;
}

/**
 * Scope checks for one robots.txt URL (SPEC §1). A URL that starts with the
 * robots.txt origin followed by `/` is in scope without parsing it again;
 * anything else gets the engine's full check and its reason.
 */
export function scopeChecker(robotsUrl: string): (url: string) => string | null {
  const prefix = scopePrefix(robotsUrl);
  return (url) => {
    if (prefix !== null && url.lastIndexOf(prefix, 0) === 0) return null;
    const scope = checkScope(robotsUrl, url);
    return scope.inScope ? null : scope.reason;
  };
}

/** `scheme://host/` of a valid robots.txt URL: URLs starting with it are in scope. */
export function scopePrefix(robotsUrl: string): string | null {
  let prefix: string | null = null;
  if (checkScope(robotsUrl, robotsUrl).inScope) {
    try {
      const u = new URL(robotsUrl.trim());
      prefix = `${u.protocol}//${u.host}/`;
    } catch {
      prefix = null;
    }
  }
  return prefix;
}

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Reads one typed URL the way the run and the explanation both do. */
export function judgeUrl(
  input: string,
  normalise: boolean,
  robotsUrl: string,
  scope: (url: string) => string | null = scopeChecker(robotsUrl),
): Judged {
  let requestUrl = input;
  let changes: string[] = [];
  let error: string | null = null;
  let flags = 0;
  if (normalise) {
    const r = toRequestUrl(input, robotsUrl || undefined);
    if (r.error) {
      error = r.error;
      flags |= ROW.INVALID;
    } else {
      requestUrl = r.url;
      changes = r.changes;
      if (r.changed) flags |= ROW.NORMALISED;
    }
  }
  let outOfScope: string | null = null;
  if (!error && robotsUrl && ABSOLUTE.test(requestUrl)) {
    outOfScope = scope(requestUrl);
    if (outOfScope !== null) flags |= ROW.OUT_OF_SCOPE;
  }
  return { requestUrl, changes, error, outOfScope, flags };
}

/** Bulk runs skip collecting every match; the explanation collects them. */
const BULK = { explain: false } as const;

function verdictFor(parsed: ParsedRobots, url: string, c: Crawler, bulk = false): Verdict {
  const options = bulk ? BULK : {};
  return c.profile ? evaluateProfile(parsed, url, c.profile, options) : evaluate(parsed, url, c.token, options);
}

/** Finds the 1-based line holding character offset `at`. */
function lineAt(parsed: ParsedRobots, at: number): number {
  const lines = parsed.lines;
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid].span.from <= at) lo = mid;
    else hi = mid - 1;
  }
  return lines[lo]?.line ?? 1;
}

export function summarise(
  parsed: ParsedRobots,
  diagnostics: WireDiagnostic[],
  cutAt: number | null,
  elapsedMs: number,
): ParseSummary {
  let count = 0;
  for (const g of parsed.groups) count += g.rules.length;
  const rules: RuleTable = { lines: new Int32Array(count), kinds: new Uint8Array(count), raws: '' };
  const raws: string[] = new Array<string>(count);
  let i = 0;
  for (const g of parsed.groups) {
    for (const r of g.rules) {
      rules.lines[i] = r.line;
      rules.kinds[i] = r.kind === 'allow' ? 0 : 1;
      raws[i++] = r.raw;
    }
  }
  rules.raws = raws.join('\n');
  return {
    lineCount: parsed.lines.length,
    byteLength: parsed.byteLength,
    groups: parsed.groups.map((g) => ({
      index: g.index,
      startLine: g.startLine,
      endLine: g.endLine,
      agents: g.agents.map((a) => ({
        line: a.line,
        value: a.value,
        isGlobal: a.isGlobal,
        productToken: a.productToken,
      })),
      ruleCount: g.rules.length,
    })),
    rules,
    sitemaps: parsed.sitemaps.map((s) => ({ line: s.line, url: s.url })),
    diagnostics,
    sizeLimit: cutAt === null ? null : { cutAt, line: lineAt(parsed, cutAt) },
    elapsedMs,
  };
}

/** The worker's message handler; one per worker. */
export class RobotsHandler {
  private version = -1;
  /** What a crawler reads: the text up to Google's size limit. */
  private parsed: ParsedRobots | null = null;
  /** The run being evaluated, or null. */
  private run: BulkRun | null = null;
  /** Test-only (debug fault 'slow'): the next run of 100,000 rows or more, then that run, goes in small slices. */
  private slowNextLargeRun = false;
  private slowRun: BulkRun | null = null;
  /** The latest run's results (running or finished), for views and exports. */
  private results: BulkRun | null = null;
  /** The URL list last sent or imported, split once. */
  private list: { text: string; starts: Int32Array; ends: Int32Array } | null = null;
  private startedAt = 0;
  /** Work that waits until no run is going (saving a list). */
  private readonly whenIdle: (() => void)[] = [];

  constructor(private readonly host: HandlerHost) {}

  handle(msg: WorkerRequest): void {
    switch (msg.type) {
      case 'set-text':
        this.run = null;
        this.setText(msg.id, msg.version, msg.text);
        return;
      case 'evaluate':
        this.run = null;
        this.startRun(msg);
        return;
      case 'cancel':
        if (this.run && this.run.id === msg.id) this.run = null;
        return;
      case 'explain':
        this.explain(msg);
        return;
      case 'view':
        this.view(msg);
        return;
      case 'export':
        this.export(msg);
        return;
      case 'import':
        void this.import(msg);
        return;
      case 'save-list':
        this.saveList(msg);
        return;
      case 'debug-fault':
        if (msg.fault === 'slow') {
          this.slowNextLargeRun = true;
          return;
        }
        if (msg.fault === 'throw') throw new Error('Debug fault: the worker was asked to crash.');
        for (;;) {
          // Spin until the page's watchdog terminates this worker.
        }
      default:
        assertNever(msg);
    }
  }

  private fail(id: number, version: number, e: unknown): void {
    this.host.post({ type: 'failed', id, version, message: e instanceof Error ? e.message : String(e) });
  }

  private setText(id: number, version: number, text: string): void {
    const t0 = this.host.now();
    try {
      const cut = applyGoogleSizeLimit(text);
      const full = parseRobotsTxt(text);
      this.parsed = cut.cutAt === null ? full : parseRobotsTxt(cut.text);
      this.version = version;
      const diagnostics = lintRobots(full, { sizeLimitCutAt: cut.cutAt });
      this.host.post({
        type: 'parsed',
        id,
        version,
        summary: summarise(full, diagnostics, cut.cutAt, this.host.now() - t0),
      });
    } catch (e) {
      this.fail(id, version, e);
    }
  }

  /** Keeps a URL list and its row offsets; the same text is not split again. */
  private setList(text: string): { text: string; starts: Int32Array; ends: Int32Array } {
    if (this.list && this.list.text === text) return this.list;
    this.list = { text, ...splitRows(text) };
    return this.list;
  }

  private startRun(msg: Extract<WorkerRequest, { type: 'evaluate' }>): void {
    if (!this.parsed || msg.version !== this.version) {
      this.fail(msg.id, msg.version, new Error(`No parsed text for version ${msg.version}.`));
      return;
    }
    if (msg.urlsText === null && !this.list) {
      this.fail(msg.id, msg.version, new Error('No URL list was sent.'));
      return;
    }
    this.startedAt = this.host.now();
    const list = msg.urlsText === null ? this.list! : this.setList(msg.urlsText);
    const crawlers = msg.crawlers.map(resolveCrawler);
    const run = new BulkRun(
      msg.id,
      msg.version,
      list.text,
      list.starts,
      list.ends,
      crawlers.map((c) => ({
        info: c.info,
        tokens: c.profile ? c.profile.tokens : [c.token],
        ignoresGlobal: c.profile ? c.profile.ignoresGlobal : false,
      })),
      this.parsed,
      msg.normalise,
      msg.robotsUrl,
      fetchOutcome(msg.fetchStatus),
      scopeChecker(msg.robotsUrl),
      msg.robotsUrl ? scopePrefix(msg.robotsUrl) : null,
    );
    this.run = run;
    this.results = run;
    // The page keeps its own copy of the text: offsets are all it needs to show a row's URL.
    const starts = list.starts.slice();
    const ends = list.ends.slice();
    this.host.post(
      {
        type: 'run-started',
        id: run.id,
        version: run.version,
        rows: run.rows,
        crawlers: crawlers.map((c) => c.info),
        starts,
        ends,
      },
      [starts.buffer, ends.buffer],
    );
    if (this.slowNextLargeRun && run.rows >= 100_000) {
      this.slowNextLargeRun = false;
      this.slowRun = run;
    }
    this.slice(run);
  }

  /** Evaluates rows for about SLICE_MS, posts them as one chunk, then yields. */
  private slice(run: BulkRun): void {
    if (this.run !== run) {
      this.runIdleWork();
      return;
    }
    const t0 = this.host.now();
    const start = run.done;
    const cap = this.slowRun === run ? SLOW_SLICE_ROWS : Infinity;
    try {
      run.step(() => this.host.now() - t0 >= SLICE_MS || run.done - start >= cap);
    } catch (e) {
      this.run = null;
      this.fail(run.id, run.version, e);
      this.runIdleWork();
      return;
    }
    const end = run.done;
    const cols = run.cols;
    const normalised: [number, string][] = [];
    const notes: [number, string][] = [];
    for (let row = start; row < end; row++) {
      const f = run.rowFlags[row];
      if (f & ROW.NORMALISED) normalised.push([row, run.normalised.get(row)!]);
      if (f & (ROW.INVALID | ROW.OUT_OF_SCOPE)) notes.push([row, run.notes.get(row)!]);
    }
    const elapsed = this.host.now() - this.startedAt;
    const rate = elapsed > 0 ? Math.round((end / elapsed) * 1000) : 0;
    const totals = run.totals();
    const chunk: WorkerReply = {
      type: 'run-chunk',
      id: run.id,
      version: run.version,
      start,
      status: run.status.slice(start * cols, end * cols),
      lines: run.lines.slice(start * cols, end * cols),
      rowFlags: run.rowFlags.slice(start, end),
      normalised,
      notes,
      progress: {
        done: end,
        total: run.rows,
        rate,
        etaMs: rate > 0 ? Math.round(((run.rows - end) / rate) * 1000) : 0,
      },
      totals,
    };
    this.host.post(chunk, [chunk.status.buffer, chunk.lines.buffer, chunk.rowFlags.buffer, totals.rules.buffer]);
    if (run.finished) {
      this.run = null;
      this.host.post({ type: 'run-done', id: run.id, version: run.version, rows: run.rows, elapsedMs: elapsed });
      this.runIdleWork();
      return;
    }
    this.host.schedule(() => this.slice(run));
  }

  /** The run a view or export names, or a failure reply when it is gone. */
  private resultsFor(msg: { id: number; version: number; run: number }): BulkRun | null {
    if (this.results && this.results.id === msg.run) return this.results;
    this.fail(msg.id, msg.version, new Error(`Run ${msg.run} is no longer held.`));
    return null;
  }

  private view(msg: Extract<WorkerRequest, { type: 'view' }>): void {
    const run = this.resultsFor(msg);
    if (!run) return;
    try {
      const rows = computeView(run, msg.query);
      this.host.post(
        {
          type: 'viewed',
          id: msg.id,
          version: msg.version,
          run: run.id,
          query: msg.query,
          rows,
          count: rows ? rows.length : run.rows,
          complete: run.finished,
        },
        rows ? [rows.buffer] : [],
      );
    } catch (e) {
      this.fail(msg.id, msg.version, e);
    }
  }

  private export(msg: Extract<WorkerRequest, { type: 'export' }>): void {
    const run = this.resultsFor(msg);
    if (!run) return;
    try {
      const rows = computeView(run, { ...msg.query, sort: msg.query.sort });
      const texts = new Map<number, string>();
      for (const g of this.parsed?.groups ?? []) {
        for (const r of g.rules) texts.set(r.line, ruleLabel(r.kind, r.raw));
      }
      const blob = exportView(run, rows, msg.format, (line) => texts.get(line) ?? '');
      this.host.post({ type: 'exported', id: msg.id, version: msg.version, blob, rows: rows ? rows.length : run.done });
    } catch (e) {
      this.fail(msg.id, msg.version, e);
    }
  }

  /**
   * Saves a URL list in IndexedDB, once no run is going: storing a million
   * lines blocks this thread for a few hundred milliseconds (the value is
   * copied synchronously), which a run in progress would wait through.
   */
  private saveList(msg: Extract<WorkerRequest, { type: 'save-list' }>): void {
    const text = msg.urlsText ?? this.list?.text;
    const save = async () => {
      const reply = (error: string | null) =>
        this.host.post({ type: 'saved', id: msg.id, version: msg.version, error });
      const store = indexedDbStore();
      if (text === undefined) return reply('no URL list to save');
      if (!store) return reply('IndexedDB is not available');
      try {
        await store.set(msg.key, text);
        reply(null);
      } catch (e) {
        reply(e instanceof Error ? e.message : String(e));
      }
    };
    this.whenIdle.push(() => void save());
    this.runIdleWork();
  }

  /** Runs the work deferred until no run is going. */
  private runIdleWork(): void {
    if (this.run !== null) return;
    const work = this.whenIdle.splice(0);
    for (const fn of work) fn();
  }

  /** Reads a list file, keeps the list, and sends its text to the page in pieces, then what the file held. */
  private async import(msg: Extract<WorkerRequest, { type: 'import' }>): Promise<void> {
    try {
      const { rows, text, ...summary } = importList(await msg.file.text(), msg.name, msg.column);
      this.list = { text, ...rows };
      for (const piece of cutPieces(text))
        this.host.post({ type: 'list-piece', id: msg.id, version: msg.version, text: piece });
      this.host.post({ type: 'imported', id: msg.id, version: msg.version, result: summary });
    } catch (e) {
      this.fail(msg.id, msg.version, e);
    }
  }

  private explain(msg: Extract<WorkerRequest, { type: 'explain' }>): void {
    if (!this.parsed || msg.version !== this.version) {
      this.fail(msg.id, msg.version, new Error(`No parsed text for version ${msg.version}.`));
      return;
    }
    try {
      const crawler = resolveCrawler(msg.crawler);
      const j = judgeUrl(msg.url, msg.normalise, msg.robotsUrl);
      const outcome = fetchOutcome(msg.fetchStatus);
      const verdict = j.error || j.outOfScope ? null : toPlainVerdict(verdictFor(this.parsed, j.requestUrl, crawler));
      const result: ExplainResult = {
        input: msg.url,
        requestUrl: j.requestUrl,
        changes: j.changes,
        error: j.error,
        outOfScope: j.outOfScope,
        crawler: crawler.info,
        fetchOutcome: outcome.mode === 'rules' ? null : outcome.reason,
        verdict,
      };
      this.host.post({ type: 'explained', id: msg.id, version: msg.version, result });
    } catch (e) {
      this.fail(msg.id, msg.version, e);
    }
  }
}

export type { FetchStatus };
