/**
 * No module of `src/` reaches itself through its imports, type-only imports
 * included (docs/architecture.md: data and dependencies flow one way). The
 * graph is read from the source text here, not from any tool the build uses.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The project files a module imports (relative specifiers, resolved as TypeScript does for our layout). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'|import\('(\.[^']+)'\)/g)];
  return specs
    .map((m) => resolve(dirname(file), m[1] ?? m[2]))
    .map((base) =>
      [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => /\.tsx?$/.test(p) && existsSync(p)),
    )
    .filter((p): p is string => p !== undefined);
}

/** Every cycle a depth-first walk of `graph` (module → the modules it imports) finds, each as the modules on it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const found: string[][] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    path.push(f);
    for (const g of graph.get(f) ?? []) {
      if (state.get(g) === 'open') found.push(path.slice(path.indexOf(g)));
      else if (!state.has(g)) visit(g);
    }
    path.pop();
    state.set(f, 'done');
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return found;
}

describe('the modules of src/', () => {
  it('import one another without a circle', () => {
    const graph = new Map(sources(SRC).map((f) => [f, importsOf(f)]));
    expect(cycles(graph).map((c) => c.map((p) => relative(SRC, p)))).toEqual([]);
  });

  it('the reader sees type-only imports (disagree.ts takes the run type from bulk.ts)', () => {
    expect(importsOf(join(SRC, 'worker/disagree.ts'))).toContain(join(SRC, 'worker/bulk.ts'));
  });

  it('the walk finds a circle where there is one, and none in a chain', () => {
    const circle = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(cycles(circle)).toEqual([['a', 'b', 'c']]);
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });
});
