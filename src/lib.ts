/**
 * The `robots-lab` package's library entry: the engine (src/core/index.ts)
 * plus the crawler profiles and the linter, which the page and the CLI
 * also use. Built to lib/index.js with its declarations in lib/types/.
 */
export * from './core/index';
export type { LintOptions, RobotsDiagnostic, RobotsDiagnosticCode, RobotsFix } from './core/lint';
export { lintRobots } from './core/lint';
export { CRAWLER_PROFILES, findProfile } from './core/profiles';
