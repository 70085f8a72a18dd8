#!/usr/bin/env node
// Builds the package's JavaScript into lib/: the CLI as one bundled file
// with no runtime dependencies (lib/cli.mjs) and the engine as an ES module
// (lib/index.js) beside its type declarations (lib/types/, from tsc).
// Runs on `npm install` (prepare), before `npm test` and before `npm pack`.
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'lib');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
};

rmSync(out, { recursive: true, force: true });
await build({
  ...common,
  entryPoints: [join(root, 'src/cli/bin.ts')],
  outfile: join(out, 'cli.mjs'),
  banner: { js: '#!/usr/bin/env node' },
  define: { ROBOTS_LAB_VERSION: JSON.stringify(version) },
});
chmodSync(join(out, 'cli.mjs'), 0o755);
await build({
  ...common,
  platform: 'neutral',
  entryPoints: [join(root, 'src/lib.ts')],
  outfile: join(out, 'index.js'),
});
const tsc = spawnSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.lib.json')],
  {
    stdio: 'inherit',
  },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

// The sources import without extensions (bundler style); Node's ESM
// resolution, which a consumer's TypeScript may use, needs them spelled.
for (const entry of readdirSync(join(out, 'types'), { recursive: true })) {
  const file = join(out, 'types', String(entry));
  if (!file.endsWith('.d.ts')) continue;
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace(/(from '\.{1,2}\/[^']*?)(?<!\.js)'/g, "$1.js'"));
}
