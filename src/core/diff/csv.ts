/**
 * Verdict flips as CSV: the columns `robots-lab diff --format csv` writes and
 * the page's flips export uses, and an edited line in words. One definition
 * for both, so the two files never drift apart.
 */
import { csvRecord } from '../csv';
import type { LineEdit } from './lines';

/** The columns of a flips CSV, in order. */
export const FLIP_COLUMNS: readonly string[] = [
  'url',
  'request_url',
  'crawler',
  'flip',
  'old_line',
  'old_rule',
  'new_line',
  'new_rule',
  'causes',
];

/** What a flips CSV row needs of a flip. */
export interface FlipCsvRow {
  url: string;
  requestUrl: string;
  crawler: string;
  kind: string;
  oldLine: { line: number; text: string } | null;
  newLine: { line: number; text: string } | null;
  causes: readonly LineEdit[];
}

/** One edited line in words: "line 4 added: Disallow: /x", "line 2→2 changed: Disallow: /a → Disallow: /b". */
export function describeEdit(e: LineEdit): string {
  const text = (e.newText ?? e.oldText ?? '').trim();
  switch (e.kind) {
    case 'added':
      return `line ${e.newLine} added: ${text}`;
    case 'removed':
      return `old line ${e.oldLine} removed: ${text}`;
    case 'changed':
      return `line ${e.oldLine}→${e.newLine} changed: ${(e.oldText ?? '').trim()} → ${text}`;
    case 'moved':
      return `line ${e.oldLine} moved to ${e.newLine}: ${text}`;
  }
}

/** One flip as a CSV record (RFC 4180, CR LF ended). */
export function flipCsvRecord(f: FlipCsvRow): string {
  return csvRecord([
    f.url,
    f.requestUrl,
    f.crawler,
    f.kind,
    f.oldLine ? String(f.oldLine.line) : '',
    f.oldLine?.text ?? '',
    f.newLine ? String(f.newLine.line) : '',
    f.newLine?.text ?? '',
    f.causes.map(describeEdit).join('; '),
  ]);
}
