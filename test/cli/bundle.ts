/**
 * The CLI bundled from the current sources, as the package ships it
 * (bin/build.mjs makes the same bundle into lib/): spawned processes start
 * in a fraction of the time tsx needs, so many of them fit in a test.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles src/cli/bin.ts into a temporary file; resolves to its path. */
export async function bundleCli(): Promise<string> {
  const outfile = join(mkdtempSync(join(tmpdir(), 'robots-lab-cli-')), 'cli.mjs');
  await build({
    entryPoints: [join(root, 'src/cli/bin.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // As bin/build.mjs does: the bundle cannot find package.json from a temporary folder.
    define: {
      ROBOTS_LAB_VERSION: JSON.stringify(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version),
    },
  });
  return outfile;
}
