// docs/lint-codes.md lists every code the linter can report, and nothing else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** The members of the RobotsDiagnosticCode union, read from the source. */
function codesInSource(): string[] {
  const src = readFileSync(join(root, 'src/core/diagnostics.ts'), 'utf8');
  const union = /export type RobotsDiagnosticCode =([^;]+);/.exec(src)?.[1] ?? '';
  return [...union.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]);
}

describe('docs/lint-codes.md', () => {
  it('has one table row for each diagnostic code', () => {
    const doc = readFileSync(join(root, 'docs/lint-codes.md'), 'utf8');
    const documented = [...doc.matchAll(/^\| `([a-z-]+)`/gm)].map((m) => m[1]);
    const codes = codesInSource();
    expect(codes.length).toBeGreaterThan(30);
    expect([...documented].sort()).toEqual([...codes].sort());
  });
});
