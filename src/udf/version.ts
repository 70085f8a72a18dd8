/** Set by the package build (bin/build.mjs, bin/udf.mjs); absent when running from source. */
declare const ROBOTS_LAB_VERSION: string | undefined;

/**
 * The engine's version, stamped on rows so a study can say which engine
 * decided: the package's version in a built file, `source` when run from
 * the TypeScript sources (tests, tsx).
 */
export const ENGINE_VERSION: string = typeof ROBOTS_LAB_VERSION === 'string' ? ROBOTS_LAB_VERSION : 'source';
