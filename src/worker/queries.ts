/**
 * Questions about a run's results, answered in the worker: which rows a
 * table view keeps (and in what order), and the same rows as a CSV or JSON
 * file.
 */
import { ruleLabel } from '../core/matcher';
import type { ParsedRobots } from '../core/types';
import type { BulkRun } from './bulk';
import { writeExport } from './exportFile';
import { type HandlerHost, postFailure } from './host';
import type { WorkerRequest } from './protocol';
import { computeView } from './view';

/** Replies with the rows of `run` that the message's query keeps. */
export function answerView(host: HandlerHost, msg: Extract<WorkerRequest, { type: 'view' }>, run: BulkRun): void {
  try {
    const rows = computeView(run, msg.query);
    host.post(
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
    postFailure(host, msg.id, msg.version, e);
  }
}

/** Replies with a file of the records the message's query keeps; rule lines are labelled from `parsed`. */
export function answerExport(
  host: HandlerHost,
  msg: Extract<WorkerRequest, { type: 'export' }>,
  run: BulkRun,
  parsed: ParsedRobots | null,
): void {
  try {
    const rows = computeView(run, msg.query);
    const texts = new Map<number, string>();
    for (const g of parsed?.groups ?? []) {
      for (const r of g.rules) texts.set(r.line, ruleLabel(r.kind, r.raw));
    }
    const ruleText = (line: number) => texts.get(line) ?? '';
    const { blob, summary } = writeExport({ run, rows, query: msg.query, ruleText }, msg.format, msg.wide);
    host.post({ type: 'exported', id: msg.id, version: msg.version, blob, summary });
  } catch (e) {
    postFailure(host, msg.id, msg.version, e);
  }
}
