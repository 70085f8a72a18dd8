/**
 * The warehouse UDF file's entry (bin/udf.mjs bundles it into
 * lib/robots-lab-udf.js, one script defining the global `robotsLab`):
 * `robotsLab.check(robotsTxt, url, userAgent, options)`,
 * `robotsLab.rules(robotsTxt)`, `robotsLab.sha256(robotsTxt)`,
 * `robotsLab.version()`. It needs nothing beyond ECMAScript (docs/sql.md).
 */
export type { CheckOptions, CheckRow, RuleRow } from './functions';
export { check, rules, sha256, version } from './functions';
