/**
 * The page's logs worker (docs/logs.md, "In the page"): access logs dropped
 * in the page, plain or gzip, read as streams in flat memory and judged
 * against the robots.txt history the page gives, with the CLI's audit
 * (core/logs). One worker per run, spoken to through Comlink; nothing read
 * here leaves the browser.
 */
import { expose } from 'comlink';
import { applyGoogleSizeLimit, parseRobotsTxt } from '../core/index';
import {
  auditSummary,
  type CrawlerReport,
  DEFAULT_GRACE_MS,
  fieldMapping,
  historyFromFiles,
  LineSplitter,
  LogAudit,
  LogFeed,
  NAMED_ERRORS,
  type RobotsVersion,
  Timeline,
  type ViolationRecord,
  violationRecord,
} from '../core/logs/index';
import type { ParsedRobots } from '../core/types';

/** A version the page holds as text (the editor's file, a snapshot), live from `from` (null: from the start). */
export interface TextVersion {
  label: string;
  text: string;
  from: number | null;
}

/** What a run is given: the logs, and the history as texts and as files (dated versions, fetch records). */
export interface LogsJob {
  logs: File[];
  texts: TextVersion[];
  files: File[];
  graceMs?: number;
}

/** How far a run is. */
export interface LogsProgress {
  /** Bytes of the logs read (as stored: compressed for a .gz), of `total`. */
  bytes: number;
  total: number;
  lines: number;
  violations: number;
}

/** A version as the report names it, with its text for showing the deciding line. */
export interface VersionShown {
  label: string;
  from: number;
  status: number;
  /** Null when its fetch status, not a file, decided (a 503, a 404). */
  text: string | null;
}

/** What a run hands back. */
export interface LogsResult {
  rows: CrawlerReport[];
  /** The first VIOLATIONS_KEPT violating requests, in log order. */
  violations: ViolationRecord[];
  violationCount: number;
  versions: VersionShown[];
  /** The summary lines, as the CLI writes them on standard error. */
  summary: string[];
  /** The first unreadable lines and unfinished logs, named. */
  errors: string[];
  elapsedMs: number;
}

/** Violating requests handed back for the list (the counts cover all). */
const VIOLATIONS_KEPT = 1_000;
/** At most this often the page is told how far the run is. */
const PROGRESS_MS = 250;

/** A version's bytes parsed as Googlebot reads them (its first 500 KiB), its text kept for showing. */
function parse(bytes: Uint8Array | string, texts: Map<ParsedRobots, string>): ParsedRobots {
  const text = typeof bytes === 'string' ? bytes : new TextDecoder().decode(bytes);
  const parsed = parseRobotsTxt(applyGoogleSizeLimit(text).text);
  texts.set(parsed, text);
  return parsed;
}

async function sha256(bytes: Uint8Array): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}

async function history(job: LogsJob, texts: Map<ParsedRobots, string>): Promise<RobotsVersion[]> {
  const versions: RobotsVersion[] = job.texts.map((t) => ({
    from: t.from ?? Number.NEGATIVE_INFINITY,
    label: t.label,
    status: 200,
    parsed: parse(t.text, texts),
  }));
  if (job.files.length > 0) {
    const byName = new Map(job.files.map((f) => [f.name, f]));
    const read = await historyFromFiles({
      label: 'the opened files',
      names: [...byName.keys()],
      where: (name) => name,
      read: async (name) => new Uint8Array(await byName.get(name)!.arrayBuffer()),
      parse: (_where, bytes) => parse(bytes, texts),
      sha256,
    });
    versions.push(...read.versions);
  }
  return versions;
}

/** A log's text: gunzipped when it starts with gzip's magic bytes (not told by its name), counting bytes read. */
async function logText(file: File, counted: (n: number) => void): Promise<ReadableStream<string>> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  let bytes: ReadableStream<Uint8Array> = file.stream().pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, c) {
        counted(chunk.length);
        c.enqueue(chunk);
      },
    }),
  );
  if (head[0] === 0x1f && head[1] === 0x8b) {
    bytes = bytes.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>);
  }
  return bytes.pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>);
}

/** Runs the audit over the logs; `onProgress` is called every PROGRESS_MS or so. */
async function run(job: LogsJob, onProgress: (p: LogsProgress) => void): Promise<LogsResult> {
  const started = performance.now();
  const texts = new Map<ParsedRobots, string>();
  const timeline = new Timeline(await history(job, texts));
  const graceMs = job.graceMs ?? DEFAULT_GRACE_MS;
  const audit = new LogAudit(timeline, { graceMs });
  const errors: string[] = [];
  const feed = new LogFeed(audit, 'auto', fieldMapping({}), (m) => errors.push(m));
  const violations: ViolationRecord[] = [];
  const total = job.logs.reduce((n, f) => n + f.size, 0);
  let bytes = 0;
  let told = 0;
  const tell = () => onProgress({ bytes, total, lines: feed.lines, violations: audit.totals.violations });
  for (const file of job.logs) {
    feed.startLog(file.name);
    const lines = new LineSplitter();
    const take = (batch: string[]) => {
      for (const line of batch) {
        const v = feed.line(line);
        if (v && violations.length < VIOLATIONS_KEPT) violations.push(violationRecord(v, feed.where));
      }
    };
    try {
      const reader = (await logText(file, (n) => (bytes += n))).getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        take(lines.push(r.value));
        if (performance.now() - told > PROGRESS_MS) {
          told = performance.now();
          tell();
        }
      }
      take(lines.end());
    } catch (err) {
      // A .gz cut short or unreadable: what was read counts, the next log is read.
      take(lines.end());
      errors.push(feed.failed(err));
    }
  }
  tell();
  const counts = {
    lines: feed.lines,
    unreadable: feed.unreadable,
    named: NAMED_ERRORS,
    filesFailed: feed.filesFailed,
    versions: timeline.versions.length,
    graceMs,
  };
  return {
    rows: audit.report(),
    violations,
    violationCount: audit.totals.violations,
    versions: timeline.versions.map((v) => ({
      label: v.label,
      from: v.from,
      status: v.status,
      text: v.parsed ? (texts.get(v.parsed) ?? null) : null,
    })),
    summary: auditSummary(audit.totals, counts, true),
    errors,
    elapsedMs: performance.now() - started,
  };
}

/** What the page calls (through Comlink). */
const api = { run };
export type LogsWorkerApi = typeof api;

expose(api);
