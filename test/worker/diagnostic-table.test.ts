/**
 * A parse's diagnostics as the page reads them (src/worker/diagnosticTable.ts):
 * in order of start, the counts the header shows are exact (a summary line
 * counts for those it stands for), and the Problems tab lists errors first,
 * then by line. The expected values are worked out here from the diagnostics
 * themselves.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RobotsDiagnostic, RobotsDiagnosticCode } from '../../src/core/lint';
import { diagnosticCount, diagnosticTable, problemOrder, severityCounts } from '../../src/model/diagnosticTable';

const CODES: RobotsDiagnosticCode[] = ['typo-key', 'rule-outside-group', 'aipref-syntax', 'invalid-utf8', 'size-limit'];
const SEVERITY_RANK = { error: 0, warning: 1, info: 2 } as const;

/** Texts with the characters that could break a joined string: none, line ends, astral and lone surrogates. */
const text = fc.oneof(fc.constantFrom('', 'x', 'same message', '\n', '😀', '\uD800'), fc.string({ unit: 'binary' }));

const fix = fc.record({ label: text, from: fc.nat(500), to: fc.nat(500), insert: text });

const diagnostic: fc.Arbitrary<RobotsDiagnostic> = fc
  .record({
    from: fc.nat(400),
    len: fc.nat(30),
    line: fc.integer({ min: 1, max: 60 }),
    severity: fc.constantFrom('error', 'warning', 'info'),
    code: fc.constantFrom(...CODES),
    message: text,
    fixes: fc.option(fc.array(fix, { maxLength: 3 }), { nil: undefined }),
  })
  .map(({ len, ...d }) => ({ ...d, to: d.from + len }) as RobotsDiagnostic);

/** In order of start; diagnostics that start together keep the order they came in. */
function byStart(ds: readonly RobotsDiagnostic[]): RobotsDiagnostic[] {
  return ds
    .map((d, k) => ({ d, k }))
    .sort((a, b) => a.d.from - b.d.from || a.k - b.k)
    .map((x) => x.d);
}

describe('diagnostics as columns', () => {
  it('give back every diagnostic, fixes and all, in order of start', () => {
    fc.assert(
      fc.property(fc.array(diagnostic, { maxLength: 40 }), (ds) => {
        const t = diagnosticTable(ds);
        expect(diagnosticCount(t)).toBe(ds.length);
        expect(t).toEqual(byStart(ds));
      }),
    );
  });

  it('count each severity exactly', () => {
    fc.assert(
      fc.property(fc.array(diagnostic, { maxLength: 40 }), (ds) => {
        const counts = severityCounts(diagnosticTable(ds));
        expect(counts).toEqual({
          error: ds.filter((d) => d.severity === 'error').length,
          warning: ds.filter((d) => d.severity === 'warning').length,
          info: ds.filter((d) => d.severity === 'info').length,
        });
      }),
    );
  });

  it('list problems errors first, then warnings, then notes, each by line', () => {
    fc.assert(
      fc.property(fc.array(diagnostic, { maxLength: 40 }), (ds) => {
        const t = diagnosticTable(ds);
        const expected = byStart(ds)
          .map((d, k) => ({ d, k }))
          .sort((a, b) => SEVERITY_RANK[a.d.severity] - SEVERITY_RANK[b.d.severity] || a.d.line - b.d.line || a.k - b.k)
          .map((x) => x.d);
        expect(Array.from(problemOrder(t), (i) => t[i])).toEqual(expected);
      }),
    );
  });

  it('a summary line counts for the diagnostics it stands for', () => {
    const stray = (line: number) => ({
      from: line * 20,
      to: line * 20 + 15,
      line,
      severity: 'warning' as const,
      code: 'rule-outside-group' as const,
      message: 'This rule comes before any user-agent line.',
    });
    const t = diagnosticTable([stray(1), stray(2), { ...stray(3), message: '… and 4,998 more', standsFor: 4998 }]);
    expect(severityCounts(t)).toEqual({ error: 0, warning: 5000, info: 0 });
    expect(diagnosticCount(t)).toBe(5000);
    expect(t).toHaveLength(3);
  });
});
