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
    rules,
    sitemaps: parsed.sitemaps.map((s) => ({ line: s.line, url: s.url })),
    diagnostics: diagnosticTable(diagnostics),
    sizeLimit: cutAt === null ? null : { cutAt, line },
    ...more,
  };
  return withTransfer(summary, [rules.lines.buffer, rules.kinds.buffer, rules.raws.buffer, rules.ends.buffer]);
}
