/**
 * The `robots-lab` package's library entry: the engine (src/core/index.ts)
 * plus the crawler profiles and the linter, which the page and the CLI
 * also use. Built to lib/index.js with its declarations in lib/types/.
 *
 * What a library caller gets by default is what Googlebot does, as the CLI
 * and the page do: `parseRobotsTxt` reads the first 500 KiB, and `evaluate`
 * reads a User-Agent value for its product token (docs/cli.md, "Library").
 */
import { applyGoogleSizeLimit, parseRobotsTxt as parseWhole } from './core/index';
import type { ParsedRobots } from './core/types';

export * from './core/index';
export type { LintOptions, RobotsDiagnostic, RobotsDiagnosticCode, RobotsFix } from './core/lint';
export { lintRobots } from './core/lint';
export { type FileDiagnostic, lintFile } from './core/lintFile';
export { CRAWLER_PROFILES, findProfile } from './core/profiles';

/** Options of `parseRobotsTxt`. */
export interface ParseOptions {
  /**
   * Read only the first 500 KiB, as Googlebot does (default true). False
   * reads the whole file, as Google's library does when handed it all.
   */
  sizeLimit?: boolean;
}

/**
 * Parses a robots.txt (a string, or its bytes as a Uint8Array or Buffer)
 * as Googlebot reads it: its first 500 KiB unless `sizeLimit` is false
 * (`applyGoogleSizeLimit` tells where it stops). A string is read as its
 * UTF-8 encoding, bytes as UTF-8, as the engine's parse does.
 */
export function parseRobotsTxt(input: string | Uint8Array, options: ParseOptions = {}): ParsedRobots {
  if (options.sizeLimit === false) return parseWhole(input);
  return typeof input === 'string'
    ? parseWhole(applyGoogleSizeLimit(input).text)
    : parseWhole(applyGoogleSizeLimit(input).bytes);
}
