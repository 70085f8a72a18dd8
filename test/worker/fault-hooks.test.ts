/**
 * The page ships no test hook: the production bundle has no way to make the
 * worker crash or hang, and no build, the e2e one included, has a
 * window.__robotsLab (the e2e stories reach the worker through the browser's
 * debugging protocol, e2e/fixtures/workerFaults.ts, and wait on storage by
 * reading it, e2e/fixtures/stored.ts).
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

/** What a page hook leaves in a bundle: its global and its fault entry point. */
const PAGE_HOOK_MARKS = ['__robotsLab', 'workerFault'];

describe('the page ships no test hook', () => {
  it('the production bundle (page and worker) holds no fault hook', { timeout: 180_000 }, async () => {
    const code = await bundle('production');
    expect(code).toContain('robots.txt');
    for (const mark of [...PAGE_HOOK_MARKS, 'Debug fault']) expect(code).not.toContain(mark);
  });

  it('the e2e build has no page hook either: the stories use what any page offers', { timeout: 180_000 }, async () => {
    const code = await bundle('e2e');
    expect(code).toContain('robots.txt');
    for (const mark of PAGE_HOOK_MARKS) expect(code).not.toContain(mark);
  });
});
