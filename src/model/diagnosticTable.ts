/**
 * A parse's diagnostics as the page reads them: plain objects in order of
 * start, at most a few hundred of each code (capDiagnostics.ts), with helpers
 * for the panels (counts, the Problems tab's order).
 */
import type { RobotsDiagnostic } from '../core/lint';

/** A lint diagnostic (plain data, fixes included) as it crosses to the page. */
export interface WireDiagnostic extends RobotsDiagnostic {
  /** On a summary line ("… and 4,800 more like this"): how many diagnostics of its code it stands for. */
  standsFor?: number;
}

/** Diagnostics in order of their start (`from`, then as produced). */
export type DiagnosticTable = readonly WireDiagnostic[];

/** `diagnostics` in order of start (a stable sort: ties keep their order). */
export function diagnosticTable(diagnostics: readonly WireDiagnostic[]): DiagnosticTable {
  return [...diagnostics].sort((a, b) => a.from - b.from);
}

/** How many problems the file has, those a summary line stands for included. */
export function diagnosticCount(t: DiagnosticTable): number {
  let n = 0;
  for (const d of t) n += d.standsFor ?? 1;
  return n;
}

/** How many problems of each severity the file has, those a summary line stands for included. */
export function severityCounts(t: DiagnosticTable): Record<RobotsDiagnostic['severity'], number> {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of t) counts[d.severity] += d.standsFor ?? 1;
  return counts;
}

const SEVERITY_RANK = { error: 0, warning: 1, info: 2 } as const;

/** The table's indices in the Problems tab's order: errors, then warnings, then notes, each by line. */
export function problemOrder(t: DiagnosticTable): Int32Array {
  return Int32Array.from(t.keys()).sort(
    (x, y) => SEVERITY_RANK[t[x].severity] - SEVERITY_RANK[t[y].severity] || t[x].line - t[y].line || x - y,
  );
}
