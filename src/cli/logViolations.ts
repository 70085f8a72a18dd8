/** `robots-lab logs --violations`: the violating requests written as they are found (the table at the end). */
import { csvRecord } from '../core/csv';
import {
  columns,
  type Format,
  VIOLATION_COLUMNS,
  type Violation,
  violationCells,
  violationRecord,
} from '../core/logs/index';
import type { CliIo } from './io';
import { OutputBuffer } from './stream';

/** Violations a table shows (the rest are counted; jsonl and csv give them all). */
const TABLE_VIOLATIONS = 1_000;

/** Violating requests as they are found (csv, jsonl, json) or at the end (table). */
export class ViolationWriter {
  private readonly out: OutputBuffer;
  private json = 0;
  private table: string[][] = [];
  private more = 0;

  constructor(
    io: CliIo,
    private readonly format: Format,
  ) {
    this.out = new OutputBuffer(io.stdout);
    if (format === 'csv') this.out.push(csvRecord(VIOLATION_COLUMNS));
    if (format === 'json') this.out.push('[');
  }

  add(v: Violation, where: string): void {
    const record = violationRecord(v, where);
    if (this.format === 'jsonl') this.out.push(`${JSON.stringify(record)}\n`);
    else if (this.format === 'json') this.out.push(`${this.json++ ? ',' : ''}\n  ${JSON.stringify(record)}`);
    else if (this.format === 'csv') this.out.push(csvRecord(violationCells(record)));
    else if (this.table.length < TABLE_VIOLATIONS) {
      this.table.push([
        record.time,
        record.crawler,
        record.url,
        record.line === null ? '-' : String(record.line),
        record.rule,
        record.version,
      ]);
    } else this.more++;
  }

  /** Writes what is buffered, waiting while standard output is full. */
  flush(): Promise<void> {
    return this.out.flush();
  }

  async end(): Promise<void> {
    if (this.format === 'json') this.out.push(this.json ? '\n]\n' : ']\n');
    if (this.format === 'table') {
      this.out.push(
        this.table.length === 0
          ? 'no violations\n'
          : columns(['TIME', 'CRAWLER', 'URL', 'LINE', 'RULE', 'VERSION'], this.table) +
              (this.more > 0 ? `… and ${this.more} more (use -f jsonl or csv for all)\n` : ''),
      );
    }
    await this.out.flush();
  }
}
