/**
 * What the page's logs worker answers (docs/logs.md, "In the page"), served
 * by rpc.ts: access logs dropped in the page, plain or gzip, read as streams
 * in flat memory and judged against the robots.txt history the page gives,
 * with the CLI's audit (core/logs), and against the IP ranges the user
 * opened. Nothing read here leaves the browser.
 */
import { chunksOf, gunzipped } from '../core/gunzip';
import { applyGoogleSizeLimit, parseRobotsTxt } from '../core/index';
import {
  addCrawlerRanges,
  crawlersNamed,
  DEFAULT_GRACE_MS,
  fieldMapping,
  historyFromFiles,
  type IpRanges,
  LineSplitter,
  LogAudit,
  LogFeed,
  type RobotsVersion,
  Timeline,
  type ViolationRecord,
  violationRecord,
} from '../core/logs/index';
import type { ParsedRobots } from '../core/types';
import type { LogsJob, LogsProgress, LogsResult, RangesFile } from '../model/logs';
import type { CallContext } from './rpc';

/** Violating requests handed back for the list (the counts cover all). */
const VIOLATIONS_KEPT = 1_000;
/** At most this often the page is told how far the run is. */
const PROGRESS_MS = 250;

/**
 * A version parsed as Googlebot reads it: a file's first 500 KiB of bytes as
 * served (a byte that is not UTF-8 matches as that byte, as in the CLI), a
 * typed text as its own; its text kept for showing.
 */
function parse(input: Uint8Array | string, texts: Map<ParsedRobots, string>): ParsedRobots {
  const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
  const parsed = parseRobotsTxt(
    typeof input === 'string' ? applyGoogleSizeLimit(input).text : applyGoogleSizeLimit(input).bytes,
  );
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

/** A log file's chunks, as read (before gunzip), each counted. */
async function* counted(file: File, add: (n: number) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunksOf(file.stream())) {
    add(chunk.length);
    yield chunk;
  }
}

/** Each crawler's published ranges from the files opened, as `--verify-ips CRAWLER=FILE` reads them; throws naming a file. */
async function rangesOf(files: RangesFile[]): Promise<Map<string, IpRanges>> {
  const out = new Map<string, IpRanges>();
  for (const { file, crawler } of files) {
    const ids = crawlersNamed(crawler);
    if (ids.length === 0) {
      throw new Error(
        `${file.name}: "${crawler}" is no crawler or operator of the catalogue; name the one its ranges are for`,
      );
    }
    addCrawlerRanges(out, ids, file.name, await file.text());
  }
  return out;
}

/** The logs worker's methods. */
export class LogsApi {
  /** Judges the logs of `job`: the report, its progress emitted every PROGRESS_MS or so; stops reading once cancelled. */
  async run(job: LogsJob, ctx: CallContext<LogsProgress>): Promise<LogsResult> {
    const started = performance.now();
    const texts = new Map<ParsedRobots, string>();
    const timeline = new Timeline(await history(job, texts));
    const graceMs = job.graceMs ?? DEFAULT_GRACE_MS;
    const ranges = await rangesOf(job.ranges);
    const audit = new LogAudit(timeline, { graceMs, ranges });
    const errors: string[] = [];
    const feed = new LogFeed(audit, 'auto', fieldMapping({}), (m) => errors.push(m));
    const violations: ViolationRecord[] = [];
    const total = job.logs.reduce((n, f) => n + f.size, 0);
    let bytes = 0;
    let told = 0;
    const tell = () => ctx.emit({ bytes, total, lines: feed.lines, violations: audit.totals.violations });
    for (const file of job.logs) {
      if (ctx.signal.aborted) break;
      feed.startLog(file.name);
      const lines = new LineSplitter();
      const take = (batch: string[]) => {
        for (const line of batch) {
          const v = feed.line(line);
          if (v && violations.length < VIOLATIONS_KEPT) violations.push(violationRecord(v, feed.where));
        }
      };
      try {
        const decoder = new TextDecoder();
        for await (const chunk of gunzipped(counted(file, (n) => (bytes += n)))) {
          if (ctx.signal.aborted) break;
          take(lines.push(decoder.decode(chunk, { stream: true })));
          if (performance.now() - told > PROGRESS_MS) {
            told = performance.now();
            tell();
          }
        }
        take(lines.push(decoder.decode()));
        take(lines.end());
      } catch (err) {
        // A .gz cut short or unreadable: what was read counts, the next log is read.
        take(lines.end());
        errors.push(feed.failed(err));
      }
    }
    tell();
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
      verified: ranges.size > 0,
      summary: feed.summary(true),
      errors,
      elapsedMs: performance.now() - started,
    };
  }
}
