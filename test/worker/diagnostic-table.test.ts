/**
 * A parse's diagnostics cross to the page as columns (src/worker/diagnosticTable.ts):
 * nothing of a diagnostic may be lost on the way, the counts the header shows
 * are exact, and the Problems tab lists errors first, then by line. The
 * expected values are worked out here from the diagnostics themselves.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RobotsDiagnostic, RobotsDiagnosticCode } from '../../src/core/lint';
import {
  diagnosticAt,
  diagnosticCount,
  diagnosticsIn,
  diagnosticTable,
  firstFrom,
  indicesWithCode,
  problemOrder,
  severityCounts,
} from '../../src/worker/diagnosticTable';

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

/** The diagnostic as the page reads it: an empty list of fixes is no fixes. */
function normal(d: RobotsDiagnostic): RobotsDiagnostic {
  const { fixes, ...rest } = d;
  return fixes && fixes.length > 0 ? { ...rest, fixes } : rest;
}

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
        expect(diagnosticsIn(t)).toEqual(byStart(ds).map(normal));
      }),
    );
  });

  it('cross to another thread as typed arrays and strings (structuredClone), and read the same there', () => {
    fc.assert(
      fc.property(fc.array(diagnostic, { maxLength: 20 }), (ds) => {
        const t = diagnosticTable(ds);
        const copy = structuredClone(t);
        expect(copy.from).toBeInstanceOf(Int32Array);
        for (let i = 0; i < ds.length; i++) expect(diagnosticAt(copy, i)).toEqual(diagnosticAt(t, i));
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
          .map((x) => normal(x.d));
        expect(Array.from(problemOrder(t), (i) => diagnosticAt(t, i))).toEqual(expected);
      }),
    );
  });

  it('find the diagnostics of some codes, and the first one at or after an offset', () => {
    fc.assert(
      fc.property(fc.array(diagnostic, { maxLength: 40 }), fc.nat(450), (ds, pos) => {
        const t = diagnosticTable(ds);
        const sorted = byStart(ds);
        expect(indicesWithCode(t, (c) => c.startsWith('aipref-')).map((i) => diagnosticAt(t, i))).toEqual(
          sorted.filter((d) => d.code === 'aipref-syntax').map(normal),
        );
        const first = sorted.findIndex((d) => d.from >= pos);
        expect(firstFrom(t, pos)).toBe(first === -1 ? ds.length : first);
      }),
    );
  });

  it('50,000 stray-rule warnings share one message: the text crosses once, not 50,000 times', () => {
    const message = 'This rule comes before any user-agent line.';
    const ds: RobotsDiagnostic[] = Array.from({ length: 50_000 }, (_, i) => ({
      from: i * 20,
      to: i * 20 + 15,
      line: i + 1,
      severity: 'warning',
      code: 'rule-outside-group',
      message,
    }));
    const t = diagnosticTable(ds);
    expect(t.text).toBe(message);
    expect(diagnosticAt(t, 49_999)).toEqual(ds[49_999]);
  });
});
