/**
 * `# expect:` comments checked in the worker on every new text (`setText`)
 * (docs/expectations.md): one mark per comment for the editor's gutter and
 * the header's count, and a diagnostic for each failing or malformed one so
 * the Problems panel lists it. Comments are ignored by crawlers
 * (docs/behaviour.md §3), so checking them never changes a verdict.
 */
import { checkExpectations, parseExpectations } from '../core/expectations';
import type { ParsedRobots } from '../core/types';
import type { ExpectationMark, WireDiagnostic } from '../model/wire';

/** At most this many expectations are checked on each parse (they cost the keystroke's parse); the CLI checks them all. */
const MAX_CHECKED_EXPECTATIONS = 500;

/** The marks and diagnostics of a file's expectations, in line order. */
export function expectationFindings(parsed: ParsedRobots): {
  marks: ExpectationMark[];
  diagnostics: WireDiagnostic[];
} {
  const marks: ExpectationMark[] = [];
  const diagnostics: WireDiagnostic[] = [];
  const results = checkExpectations(parsed, MAX_CHECKED_EXPECTATIONS);
  if (results.length === MAX_CHECKED_EXPECTATIONS) {
    const found = parseExpectations(parsed);
    const first = found[MAX_CHECKED_EXPECTATIONS];
    if (first) {
      diagnostics.push({
        ...first.span,
        line: first.line,
        severity: 'info',
        code: 'expectation-unchecked',
        message: `Only the first ${MAX_CHECKED_EXPECTATIONS} expectations are checked in the page; this one and the ${found.length - MAX_CHECKED_EXPECTATIONS - 1} after it are not (robots-lab check --expectations checks them all).`,
      });
    }
  }
  for (const r of results) {
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
