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
export function violationWriter(io: CliIo, format: Format) {
  const out = new OutputBuffer(io.stdout);
  let json = 0;
  const table: string[][] = [];
  let more = 0;
  if (format === 'csv') out.push(csvRecord(VIOLATION_COLUMNS));
  if (format === 'json') out.push('[');
  return {
    add(v: Violation, where: string): void {
      const record = violationRecord(v, where);
      if (format === 'jsonl') out.push(`${JSON.stringify(record)}\n`);
      else if (format === 'json') out.push(`${json++ ? ',' : ''}\n  ${JSON.stringify(record)}`);
      else if (format === 'csv') out.push(csvRecord(violationCells(record)));
      else if (table.length < TABLE_VIOLATIONS) {
        // The CSV's first six cells: time, crawler, URL, line, rule, version.
        const cells = violationCells(record).slice(0, 6);
        if (record.line === null) cells[3] = '-';
        table.push(cells);
      } else more++;
    },

    /** Writes what is buffered, waiting while standard output is full. */
    flush: () => out.flush(),

    async end(): Promise<void> {
      if (format === 'json') out.push(json ? '\n]\n' : ']\n');
      if (format === 'table') {
        out.push(
          table.length === 0
            ? 'no violations\n'
            : columns(['TIME', 'CRAWLER', 'URL', 'LINE', 'RULE', 'VERSION'], table) +
                (more > 0 ? `… and ${more} more (use -f jsonl or csv for all)\n` : ''),
        );
      }
      await out.flush();
    },
  };
}
