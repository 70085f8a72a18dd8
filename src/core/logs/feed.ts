/**
 * A log's lines fed to an audit, whatever reads them (a Node stream in the
 * CLI, a File's stream in the page's worker): each log's format told by its
 * first line unless the user says, unreadable lines named with file and
 * line (the first few) and counted, and the run going on.
 */
import type { LogAudit, Violation } from './audit';
import { CombinedLogReader, looksLikeClf } from './clf';
import { CsvLogReader, type FieldMapping, JsonLinesReader } from './fields';
import { auditSummary } from './report';
import type { LogLineReader } from './request';

export const LOG_FORMATS = ['auto', 'combined', 'jsonl', 'csv'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Unreadable lines named one by one before the rest are only counted. */
const NAMED_ERRORS = 20;

/** The reader for a format; `auto` looks at the log's first non-blank line. */
function readerFor(format: LogFormat, firstLine: string, fields: FieldMapping): LogLineReader {
  const f = format === 'auto' ? sniff(firstLine) : format;
  if (f === 'jsonl') return new JsonLinesReader(fields);
  if (f === 'csv') return new CsvLogReader(fields);
  return new CombinedLogReader();
}

function sniff(line: string): Exclude<LogFormat, 'auto'> {
  const t = line.trimStart();
  if (t.startsWith('{')) return 'jsonl';
  if (looksLikeClf(line)) return 'combined';
  // A first line that is neither JSON nor a log line is taken as a CSV header.
  return /[,;\t]/.test(line) ? 'csv' : 'combined';
}

/** Feeds the lines of one log after another to an audit, and counts what it could not read. */
export class LogFeed {
  /** Lines that held a request or could not be read. */
  lines = 0;
  unreadable = 0;
  filesFailed = 0;
  private reader: LogLineReader | null = null;
  private name = '';
  private lineNo = 0;

  constructor(
    readonly audit: LogAudit,
    private readonly format: LogFormat,
    private readonly fields: FieldMapping,
    /** Told of the first NAMED_ERRORS unreadable lines, with file and line. */
    private readonly onError: (message: string) => void,
  ) {}

  /** The next log starts (its format is told again from its first line). */
  startLog(name: string): void {
    this.name = name;
    this.reader = null;
    this.lineNo = 0;
  }

  /** Where the last line was read: `access.log:12`. */
  get where(): string {
    return `${this.name}:${this.lineNo}`;
  }

  /** Reads and judges one line; returns the violation it is, or null. */
  line(line: string): Violation | null {
    this.lineNo++;
    this.reader ??= line.trim() === '' ? null : readerFor(this.format, line, this.fields);
    const r = this.reader?.read(line) ?? null;
    if (r === null) return null;
    this.lines++;
    if ('error' in r) {
      if (++this.unreadable <= NAMED_ERRORS) {
        this.onError(`${this.where}: cannot read this line as ${this.reader!.format}: ${r.error}`);
      }
      return null;
    }
    return this.audit.add(r);
  }

  /** The run's summary (report.ts's auditSummary), with what a log cannot show when `withLimits`. */
  summary(withLimits: boolean): string[] {
    const { audit } = this;
    const counts = {
      lines: this.lines,
      unreadable: this.unreadable,
      named: NAMED_ERRORS,
      filesFailed: this.filesFailed,
      versions: audit.timeline.versions.length,
      graceMs: audit.graceMs,
    };
    return auditSummary(audit.totals, counts, withLimits);
  }

  /** The log could not be read to its end (a truncated gzip, a read error): what was read is kept. */
  failed(err: unknown): string {
    this.filesFailed++;
    return `${this.name}: reading stopped after line ${this.lineNo}: ${(err as Error).message}`;
  }
}
