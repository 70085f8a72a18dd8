/**
 * `.ci/run` installs with `npm ci`, which refuses a lock file that does not
 * record every optional dependency of every package. A lock regenerated
 * behind a registry that only serves this machine's platform drops the
 * other platforms' binaries (Biome, oxc, esbuild); this test names them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** Where npm would look for `dep` required from the package at `from`. */
function resolve(from: string, dep: string): LockEntry | undefined {
  let dir = from;
  for (;;) {
    const hit = lock.packages[`${dir ? `${dir}/` : ''}node_modules/${dep}`];
    if (hit) return hit;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut < 0 ? '' : dir.slice(0, cut);
  }
}

describe('package-lock.json', () => {
  it('records every optional dependency, so npm ci accepts it', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolve(path, dep)) missing.push(`${path || '(root)'} → ${dep}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
