/** Bundles src/udf/entry.ts under `root` into `outfile`, stamped with `version` (see udf.mjs). */
export function buildUdf(root: string, outfile: string, version: string): Promise<void>;
