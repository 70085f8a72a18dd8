/**
 * What the page learns from one parse: groups, rules as parallel arrays,
 * sitemaps, diagnostics as columns and where Google's size limit cuts (plain
 * data, cheap to copy between threads).
 */
import type { ParsedRobots } from '../core/types';
import { diagnosticTable } from './diagnosticTable';
import type { ExpectationMark, ParseSummary, RuleTable, WireDiagnostic } from './protocol';

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

/** Every rule of every group, in file order, as the parallel arrays of a RuleTable. */
function ruleTable(parsed: ParsedRobots): RuleTable {
  let count = 0;
  for (const g of parsed.groups) count += g.rules.length;
  const rules: RuleTable = {
    lines: new Int32Array(count),
    kinds: new Uint8Array(count),
    raws: '',
    ends: new Int32Array(count),
  };
  const raws: string[] = new Array<string>(count);
  let i = 0;
  let end = -1;
  for (const g of parsed.groups) {
    for (const r of g.rules) {
      rules.lines[i] = r.line;
      rules.kinds[i] = r.kind === 'allow' ? 0 : 1;
      end += 1 + r.raw.length;
      rules.ends[i] = end;
      raws[i++] = r.raw;
    }
  }
  rules.raws = raws.join('\n');
  return rules;
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
