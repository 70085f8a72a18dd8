/**
 * The diagnostics of a robots.txt file as bytes, for CI and editors: what
 * the engine's lint finds (src/core/lint.ts), and before it what the bytes
 * are: an empty file, bytes that are not UTF-8 (with the line and column),
 * an HTML or XML page or a JSON body (what a server sends for an error or
 * a login) served as robots.txt. Each diagnostic names its file, line and
 * column, and echoes its line as written up to a bounded length.
 */
import { decodeUtf8, firstInvalidUtf8 } from './globals';
import { applyGoogleSizeLimit } from './limits';
import { lintRobots, type RobotsDiagnostic } from './lint';
import { parseRobotsTxt } from './parse';
import type { ParsedRobots } from './types';

/** A diagnostic's severity, most severe first. */
export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** The line as written is echoed up to this many characters. */
const SOURCE_CHARS = 200;

/** One diagnostic of a file (the CLI's JSON output's fields). */
export interface FileDiagnostic {
  file: string;
  line: number;
  /** 1-based, in characters from the start of the line. */
  column: number;
  severity: Severity;
  code: string;
  message: string;
  /** The first suggested fix: replace characters [from, to) of the file with `insert`. */
  fix: { label: string; from: number; to: number; insert: string } | null;
  /** The line as written, cut after SOURCE_CHARS characters (with "…"). */
  source: string;
}

/**
 * Every diagnostic of one file named `file`: what the bytes are, then the
 * engine's; with `sizeLimit`, what Googlebot never reads past 500 KiB is
 * flagged, as the page does.
 */
export function lintFile(file: string, bytes: Uint8Array, sizeLimit = true): FileDiagnostic[] {
  const at = (line: number, column: number, severity: Severity, code: string, message: string, source = '') => ({
    file,
    line,
    column,
    severity,
    code,
    message,
    fix: null,
    source: cut(source),
  });
  if (bytes.length === 0) {
    return [at(1, 1, 'warning', 'empty-file', 'the file is empty: crawlers read it as "everything allowed"')];
  }
  const out: FileDiagnostic[] = [];
  const bad = firstInvalidUtf8(bytes);
  if (bad !== -1) {
    // A leading byte-order mark is no column.
    const before = decodeUtf8(bytes.subarray(0, bad)).text.replace(/^\uFEFF/, '');
    const lines = before.split(/\r\n|\r|\n/);
    out.push(
      at(
        lines.length,
        [...lines[lines.length - 1]].length + 1,
        'warning',
        'invalid-utf8',
        `byte ${bad + 1} is not UTF-8; crawlers may read the broken characters differently`,
      ),
    );
  }
  const parsed = parseRobotsTxt(bytes);
  const head = parsed.text.slice(0, 1024).trimStart();
  if (/^(<!doctype html|<html|<head|<body|<\?xml)/i.test(head)) {
    out.push(
      at(1, 1, 'error', 'html-page', 'this is an HTML or XML page, not a robots.txt (an error or login page?)', head),
    );
    return out;
  }
  if (/^[{[]/.test(head) && isJson(parsed.text)) {
    out.push(at(1, 1, 'error', 'json-body', 'this is a JSON body, not a robots.txt (an API error?)', head));
    return out;
  }
  // Flag what Googlebot never reads past 500 KiB, as the page does.
  const cutAt = sizeLimit ? applyGoogleSizeLimit(parsed.text).cutAt : null;
  for (const d of lintRobots(parsed, { sizeLimitCutAt: cutAt })) out.push(report(file, parsed, d));
  return out;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function cut(source: string): string {
  return source.length > SOURCE_CHARS ? `${source.slice(0, SOURCE_CHARS)}…` : source;
}

function report(file: string, parsed: ParsedRobots, d: RobotsDiagnostic): FileDiagnostic {
  const pl = parsed.lines[d.line - 1];
  const start = pl ? pl.span.from : 0;
  const fix = d.fixes?.[0];
  return {
    file,
    line: d.line,
    column: d.from - start + 1,
    severity: d.severity,
    code: d.code,
    message: d.message,
    fix: fix ? { label: fix.label, from: fix.from, to: fix.to, insert: fix.insert } : null,
    source: cut(pl ? parsed.text.slice(pl.span.from, pl.span.to) : ''),
  };
}
