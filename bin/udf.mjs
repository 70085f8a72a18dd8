// Builds the warehouse UDF file: the engine's SQL functions (src/udf/entry.ts)
// as one classic script that defines the global `robotsLab` and needs only
// ECMAScript built-ins (BigQuery's `LANGUAGE js` library, Snowflake's
// JavaScript UDF body, a node:vm context). bin/build.mjs calls it for
// lib/robots-lab-udf.js; the UDF tests call it to test the same build.
import { build } from 'esbuild';

/** Bundles src/udf/entry.ts into `outfile`, stamped with `version`. */
export async function buildUdf(root, outfile, version) {
  await build({
    entryPoints: [`${root}/src/udf/entry.ts`],
    outfile,
    bundle: true,
    format: 'iife',
    globalName: 'robotsLab',
    platform: 'neutral',
    // ES2022, the engine's own language level: lowered to ES2020, its
    // private class fields became WeakMap lookups and the file ran three
    // times slower (docs/sql.md states the requirement).
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    define: { ROBOTS_LAB_VERSION: JSON.stringify(version) },
    banner: {
      js: `/* robots-lab ${version} UDF build: https://www.npmjs.com/package/robots-lab (MIT; bundles @noble/hashes, MIT) */`,
    },
  });
}
