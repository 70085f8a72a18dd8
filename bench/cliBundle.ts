/**
 * What the command-line benchmarks share: the CLI bundled from source as the
 * package ships it, and the line that says which machine a run was on.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Bundles src/cli/bin.ts into `dir`/cli.mjs, with the version defined as bin/build.mjs does. */
export async function bundleCli(dir: string): Promise<string> {
  const file = join(dir, 'cli.mjs');
  await build({
    entryPoints: [join(root, 'src/cli/bin.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    define: {
      ROBOTS_LAB_VERSION: JSON.stringify(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version),
    },
  });
  return file;
}

/** The processor, its threads, Node's version and the load average now. */
export function machineLine(): string {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  return `${os.cpus()[0]?.model ?? '?'}, ${os.cpus().length} threads, ${process.version}, load ${load}`;
}
