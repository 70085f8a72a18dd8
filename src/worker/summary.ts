/**
 * What the page learns from one parse: groups, rules as parallel arrays,
 * sitemaps, diagnostics and where Google's size limit cuts (plain data,
 * cheap to copy between threads).
 */
import type { ParsedRobots } from '../core/types';
import { diagnosticTable } from '../model/diagnosticTable';
import type { ExpectationMark, ParseSummary, RuleTable, WireDiagnostic } from '../model/wire';

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

const utf8 = new TextEncoder();
const LF = 10;

/** Every rule of every group, in line order, as the parallel arrays of a RuleTable. */
function ruleTable(parsed: ParsedRobots): RuleTable {
  // Groups come in file order, so their rules nearly always do: the sort is a check, and holds the page's binary search.
  const all = parsed.groups.flatMap((g) => g.rules).sort((a, b) => a.line - b.line);
  const n = all.length;
  // Each value followed by a line end: the values joined, and one more at the end.
  const text = `${all.map((r) => r.raw).join('\n')}\n`;
  const rules: RuleTable = {
    lines: new Int32Array(n),
    kinds: new Uint8Array(n),
    raws: utf8.encode(text),
    ends: new Int32Array(n),
  };
  let end = -1;
  for (let i = 0; i < n; i++) {
    rules.lines[i] = all[i].line;
    rules.kinds[i] = all[i].kind === 'allow' ? 0 : 1;
    end = rules.raws.indexOf(LF, end + 1);
    rules.ends[i] = end;
  }
  return rules;
}

/** The buffers of a summary's rule columns (each typed array has a buffer of its own), to transfer with it. */
export function summaryTransfer({ rules }: ParseSummary): ArrayBuffer[] {
  return [rules.lines, rules.kinds, rules.raws, rules.ends].map((c) => c.buffer as ArrayBuffer);
}

/** The summary of one parse that crosses to the page. */
export function summarise(
  parsed: ParsedRobots,
  diagnostics: WireDiagnostic[],
  cutAt: number | null,
  elapsedMs: number,
  expectations: ExpectationMark[] = [],
): ParseSummary {
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
    rules: ruleTable(parsed),
    sitemaps: parsed.sitemaps.map((s) => ({ line: s.line, url: s.url })),
    diagnostics: diagnosticTable(diagnostics),
    expectations,
    sizeLimit: cutAt === null ? null : { cutAt, line: lineAt(parsed, cutAt) },
    elapsedMs,
  };
}
