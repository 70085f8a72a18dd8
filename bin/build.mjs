#!/usr/bin/env node
// Builds the package's JavaScript into lib/: the CLI as one bundled file
// with no runtime dependencies (lib/cli.mjs), the engine as an ES module
// (lib/index.js) beside its type declarations (lib/types/, from tsc), and
// the warehouse UDF file (lib/robots-lab-udf.js, bin/udf.mjs).
// Runs before `npm test` and before `npm pack` (prepack); the published
// package carries the built files and no install script. The man page
// (lib/robots-lab.1) is the built CLI's own `robots-lab man`.
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildUdf } from './udf.mjs';

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
  // An optional peer dependency, loaded by `sql` alone (src/cli/sql.ts).
  external: ['@duckdb/node-api'],
});
chmodSync(join(out, 'cli.mjs'), 0o755);
const man = spawnSync(process.execPath, [join(out, 'cli.mjs'), 'man'], { encoding: 'utf8' });
if (man.status !== 0) throw new Error(`robots-lab man failed: ${man.stderr}`);
writeFileSync(join(out, 'robots-lab.1'), man.stdout);
await build({
  ...common,
  platform: 'neutral',
  entryPoints: [join(root, 'src/lib.ts')],
  outfile: join(out, 'index.js'),
});
await buildUdf(root, join(out, 'robots-lab-udf.js'), version);
// robots-lab/duckdb: the SQL functions on a DuckDB connection, beside its peer.
await build({
  ...common,
  entryPoints: [join(root, 'src/duckdb/index.ts')],
  outfile: join(out, 'duckdb.js'),
  define: { ROBOTS_LAB_VERSION: JSON.stringify(version) },
  external: ['@duckdb/node-api'],
});
const tsc = spawnSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.lib.json')],
  {
    stdio: 'inherit',
  },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
// The DuckDB module's declarations: it needs Node's and DuckDB's types, which the engine's config leaves out.
const duckdbTypes = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/typescript/bin/tsc'),
    join(root, 'src/duckdb/index.ts'),
    ...['--declaration', '--emitDeclarationOnly', '--strict', '--skipLibCheck'],
    ...['--target', 'ES2022', '--module', 'ESNext', '--moduleResolution', 'Bundler'],
    ...['--types', 'node', '--rootDir', join(root, 'src'), '--outDir', join(out, 'types')],
  ],
  { stdio: 'inherit' },
);
if (duckdbTypes.status !== 0) process.exit(duckdbTypes.status ?? 1);

// The sources import without extensions (bundler style); Node's ESM
// resolution, which a consumer's TypeScript may use, needs them spelled.
for (const entry of readdirSync(join(out, 'types'), { recursive: true })) {
  const file = join(out, 'types', String(entry));
  if (!file.endsWith('.d.ts')) continue;
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace(/(from '\.{1,2}\/[^']*?)(?<!\.js)'/g, "$1.js'"));
}
