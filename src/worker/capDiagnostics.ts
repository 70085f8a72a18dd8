/**
 * Caps the diagnostics of one code: a file with 50,000 stray rules says so
 * 200 times and then once more for the rest, so the editor and the Problems
 * tab stay readable and the reply stays small.
 */
import type { WireDiagnostic } from '../model/wire';

/** Diagnostics shown per code before one summary line stands for the rest. */
const PER_CODE = 200;

/**
 * `diagnostics` with at most `PER_CODE` of each code, in their order; each
 * code with more gets one summary diagnostic ("… and 49,800 more like this")
 * at the first one left out.
 */
export function capPerCode(diagnostics: readonly WireDiagnostic[]): WireDiagnostic[] {
  const seen = new Map<string, number>();
  const firstLeftOut = new Map<string, WireDiagnostic>();
  const out: WireDiagnostic[] = [];
  for (const d of diagnostics) {
    const n = (seen.get(d.code) ?? 0) + 1;
    seen.set(d.code, n);
    if (n <= PER_CODE) out.push(d);
    else if (n === PER_CODE + 1) firstLeftOut.set(d.code, d);
  }
  for (const [code, d] of firstLeftOut) {
    const more = seen.get(code)! - PER_CODE;
    out.push({
      from: d.from,
      to: d.to,
      line: d.line,
      severity: d.severity,
      code: d.code,
      message: `… and ${more.toLocaleString('en')} more like this (from line ${d.line} on).`,
      standsFor: more,
    });
  }
  return out;
}
