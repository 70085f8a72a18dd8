/**
 * What the page learns from one parse: groups, rules as parallel arrays,
 * sitemaps, diagnostics and where Google's size limit cuts (plain data,
 * cheap to copy between threads).
 */
import type { ParsedRobots } from '../core/types';
import { diagnosticTable } from '../model/diagnosticTable';
import type { ParseSummary, RuleTable, WireDiagnostic } from '../model/wire';
import { withTransfer } from './rpc';

const utf8 = new TextEncoder();

/** Every rule of every group, in line order, as the parallel arrays of a RuleTable. */
function ruleTable(parsed: ParsedRobots): RuleTable {
  // Groups come in file order, so their rules nearly always do: the sort keeps `lines` ascending as documented.
  const all = parsed.groups.flatMap((g) => g.rules).sort((a, b) => a.line - b.line);
  return {
    lines: Int32Array.from(all, (r) => r.line),
    kinds: Uint8Array.from(all, (r) => (r.kind === 'allow' ? 0 : 1)),
    // Each value followed by a line end: the values joined, and one more at the end.
    raws: utf8.encode(`${all.map((r) => r.raw).join('\n')}\n`),
  };
}

/**
 * The summary of one parse that crosses to the page, its rule columns
 * transferred, not copied. `cutAt` is where Google's size limit cuts the
 * text, or null; its line is the one the linter's size-limit diagnostic names.
 */
export function summarise(
  parsed: ParsedRobots,
  diagnostics: WireDiagnostic[],
  cutAt: number | null,
  more: Pick<ParseSummary, 'expectations' | 'elapsedMs' | 'fromBytes' | 'looksLike'>,
): ParseSummary {
  const rules = ruleTable(parsed);
  const line = diagnostics.find((d) => d.code === 'size-limit')?.line ?? 1;
  const summary: ParseSummary = {
    lineCount: parsed.lines.length,
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
    })),
    rules,
    sitemaps: parsed.sitemaps.map((s) => ({ line: s.line, url: s.url })),
    diagnostics: diagnosticTable(diagnostics),
    sizeLimit: cutAt === null ? null : { cutAt, line },
    ...more,
  };
  return withTransfer(summary, [rules.lines.buffer, rules.kinds.buffer, rules.raws.buffer]);
}
