/**
 * Fault hooks exist only in test builds (issue 10): the production bundle
 * has no way to make the worker crash or hang and no window.__robotsLab,
 * while the e2e build (`vite build --mode e2e`) has both, so the search
 * below would find them if the guard broke.
 */
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';

/** Builds the page in `mode` without writing it; returns every emitted JavaScript file's code. */
async function bundle(mode: string): Promise<string> {
  const out = await build({
    configFile: 'vite.config.ts',
    mode,
    logLevel: 'silent',
    build: { write: false, sourcemap: false, minify: true },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as Rollup.RollupOutput[];
  const code: string[] = [];
  for (const o of outputs) {
    for (const f of o.output) {
      if (!f.fileName.endsWith('.js')) continue;
      code.push(f.type === 'chunk' ? f.code : String(f.source));
    }
  }
  return code.join('\n');
}

/** What a fault hook leaves in a bundle: the crash message, the page hook and its fault entry point. */
const HOOK_MARKS = ['Debug fault', '__robotsLab', 'workerFault'];

describe('fault hooks are compiled out of production builds', () => {
  it('the production bundle (page and worker) holds no fault hook', { timeout: 180_000 }, async () => {
    const code = await bundle('production');
    expect(code).toContain('robots.txt');
    for (const mark of HOOK_MARKS) expect(code).not.toContain(mark);
  });

  it('the e2e build holds them, so the search above looks in the right place', { timeout: 180_000 }, async () => {
    const code = await bundle('e2e');
    for (const mark of HOOK_MARKS) expect(code).toContain(mark);
  });
});
