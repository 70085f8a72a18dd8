/**
 * `# expect:` comments checked in the worker on every set-text
 * (docs/expectations.md): one mark per comment for the editor's gutter and
 * the header's count, and a diagnostic for each failing or malformed one so
 * the Problems panel lists it. Comments are ignored by crawlers
 * (docs/behaviour.md §3), so checking them never changes a verdict.
 */
import { checkExpectations } from '../core/expectations';
import type { ParsedRobots } from '../core/types';
import type { ExpectationMark, WireDiagnostic } from './protocol';

/** The marks and diagnostics of a file's expectations, in line order. */
export function expectationFindings(parsed: ParsedRobots): {
  marks: ExpectationMark[];
  diagnostics: WireDiagnostic[];
} {
  const marks: ExpectationMark[] = [];
  const diagnostics: WireDiagnostic[] = [];
  for (const r of checkExpectations(parsed)) {
    if (r.status === 'malformed') {
      const { line, span } = r.malformed;
      marks.push({ line, status: 'malformed', message: `Malformed expectation: ${r.message}`, decidingLines: [] });
      diagnostics.push({
        ...span,
        line,
        severity: 'warning',
        code: 'expectation-malformed',
        message: `Malformed expectation: ${r.message}`,
      });
      continue;
    }
    const { line, span } = r.expectation;
    const deciding = r.outcomes.filter((o) => !o.ok && o.decidingLine).map((o) => o.decidingLine!.line);
    if (r.status === 'pass') {
      marks.push({ line, status: 'pass', message: `Expectation holds: ${r.message}`, decidingLines: [] });
      continue;
    }
    const message = `Expectation fails: ${r.message}`;
    marks.push({ line, status: 'fail', message, decidingLines: [...new Set(deciding)] });
    diagnostics.push({ ...span, line, severity: 'error', code: 'expectation-fails', message });
  }
  return { marks, diagnostics };
}
