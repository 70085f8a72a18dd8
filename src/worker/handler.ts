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
  isValidUserAgentToObey,
  parseRobotsTxt,
  toRequestUrl,
} from '../core/index';
import type { CrawlerProfile, ParsedRobots, Verdict } from '../core/types';
import { findProfile } from '../core/profiles';
import { lintRobots } from '../core/lint';
import { fetchOutcome, type FetchOutcome, type FetchStatus } from './fetchStatus';
import {
  assertNever,
  CELL,
  ROW,
  type CrawlerInfo,
  type CrawlerSpec,
  type EvaluateParams,
  type ExplainResult,
  type ParseSummary,
  type WireDiagnostic,
  type WorkerReply,
  type WorkerRequest,
} from './protocol';
import { splitUrlList } from './urlList';

export interface HandlerHost {
  post(reply: WorkerReply, transfer?: Transferable[]): void;
  /** Run `fn` as a new task, after pending messages (MessageChannel in the worker). */
  schedule(fn: () => void): void;
  now(): number;
}

/** How long one evaluation slice may run before it posts a chunk and yields. */
export const SLICE_MS = 20;

interface Crawler {
  info: CrawlerInfo;
  profile: CrawlerProfile | null;
  token: string;
}

interface Run {
  id: number;
  version: number;
  urls: string[];
  crawlers: Crawler[];
  params: EvaluateParams;
  outcome: FetchOutcome;
  scope: (url: string) => string | null;
  next: number;
  startedAt: number;
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
    return { info: { label: spec.id, tokens: [spec.id], valid: false, ignoresGlobal: false }, profile: null, token: spec.id };
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
  let prefix: string | null = null;
  if (checkScope(robotsUrl, robotsUrl).inScope) {
    try {
      const u = new URL(robotsUrl.trim());
      prefix = `${u.protocol}//${u.host}/`;
    } catch {
      prefix = null;
    }
  }
  return (url) => {
    if (prefix !== null && url.startsWith(prefix)) return null;
    const scope = checkScope(robotsUrl, url);
    return scope.inScope ? null : scope.reason;
  };
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

export function summarise(parsed: ParsedRobots, diagnostics: WireDiagnostic[], cutAt: number | null, elapsedMs: number): ParseSummary {
  return {
    lineCount: parsed.lines.length,
    byteLength: parsed.byteLength,
    groups: parsed.groups.map((g) => ({
      index: g.index,
      startLine: g.startLine,
      endLine: g.endLine,
      agents: g.agents.map((a) => ({ line: a.line, value: a.value, isGlobal: a.isGlobal, productToken: a.productToken })),
      rules: g.rules.map((r) => ({ kind: r.kind, line: r.line, raw: r.raw, pattern: r.pattern, length: r.length, group: r.group })),
    })),
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
  private run: Run | null = null;

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
      case 'debug-fault':
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
      this.host.post({ type: 'parsed', id, version, summary: summarise(full, diagnostics, cut.cutAt, this.host.now() - t0) });
    } catch (e) {
      this.fail(id, version, e);
    }
  }

  private startRun(msg: Extract<WorkerRequest, { type: 'evaluate' }>): void {
    if (!this.parsed || msg.version !== this.version) {
      this.fail(msg.id, msg.version, new Error(`No parsed text for version ${msg.version}.`));
      return;
    }
    const { type: _t, id, version, ...params } = msg;
    const crawlers = params.crawlers.map(resolveCrawler);
    const urls = splitUrlList(params.urlsText);
    const run: Run = {
      id,
      version,
      urls,
      crawlers,
      params,
      outcome: fetchOutcome(params.fetchStatus),
      scope: scopeChecker(params.robotsUrl),
      next: 0,
      startedAt: this.host.now(),
    };
    this.run = run;
    this.host.post({ type: 'run-started', id, version, rows: urls.length, crawlers: crawlers.map((c) => c.info) });
    this.slice(run);
  }

  /** Evaluates rows for about SLICE_MS, posts them as one chunk, then yields. */
  private slice(run: Run): void {
    if (this.run !== run || !this.parsed) return;
    const parsed = this.parsed;
    const t0 = this.host.now();
    const cols = run.crawlers.length;
    const start = run.next;
    const total = run.urls.length;
    // Grow the chunk buffers as needed; most slices hold a few thousand rows.
    let cap = 256;
    let status = new Uint8Array(cap * cols);
    let lines = new Int32Array(cap * cols);
    let rowFlags = new Uint8Array(cap);
    const normalised: [number, string][] = [];
    const notes: [number, string][] = [];
    const { normalise, robotsUrl } = run.params;
    const outcome = run.outcome;
    let row = start;
    try {
      while (row < total) {
        const k = row - start;
        if (k === cap) {
          cap *= 2;
          const s = new Uint8Array(cap * cols);
          s.set(status);
          status = s;
          const l = new Int32Array(cap * cols);
          l.set(lines);
          lines = l;
          const f = new Uint8Array(cap);
          f.set(rowFlags);
          rowFlags = f;
        }
        const j = judgeUrl(run.urls[row], normalise, robotsUrl, run.scope);
        let flags = j.flags;
        if (flags & ROW.NORMALISED) normalised.push([row, j.requestUrl]);
        if (j.error) notes.push([row, j.error]);
        else if (j.outOfScope) notes.push([row, j.outOfScope]);
        for (let c = 0; c < cols; c++) {
          const cell = k * cols + c;
          if (j.error) status[cell] = CELL.INVALID_URL;
          else if (j.outOfScope) status[cell] = CELL.OUT_OF_SCOPE;
          else if (outcome.mode === 'allow-all') status[cell] = CELL.ALLOWED;
          else if (outcome.mode === 'disallow-all') status[cell] = CELL.BLOCKED;
          else {
            const v = verdictFor(parsed, j.requestUrl, run.crawlers[c], true);
            status[cell] = v.allowed ? CELL.ALLOWED : CELL.BLOCKED;
            lines[cell] = v.rule ? v.rule.line : 0;
            if (v.robotsTxtItself) flags |= ROW.ROBOTS_TXT;
          }
        }
        rowFlags[k] = flags;
        row++;
        if ((row & 15) === 0 && this.host.now() - t0 >= SLICE_MS) break;
      }
    } catch (e) {
      this.run = null;
      this.fail(run.id, run.version, e);
      return;
    }
    run.next = row;
    const n = row - start;
    const elapsed = this.host.now() - run.startedAt;
    const chunk: WorkerReply = {
      type: 'run-chunk',
      id: run.id,
      version: run.version,
      start,
      status: status.slice(0, n * cols),
      lines: lines.slice(0, n * cols),
      rowFlags: rowFlags.slice(0, n),
      normalised,
      notes,
      progress: { done: row, total, rate: elapsed > 0 ? Math.round((row / elapsed) * 1000) : 0 },
    };
    this.host.post(chunk, [chunk.status.buffer, chunk.lines.buffer, chunk.rowFlags.buffer]);
    if (row >= total) {
      this.run = null;
      this.host.post({ type: 'run-done', id: run.id, version: run.version, rows: total, elapsedMs: elapsed });
      return;
    }
    this.host.schedule(() => this.slice(run));
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
      const verdict = j.error || j.outOfScope ? null : verdictFor(this.parsed, j.requestUrl, crawler);
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
