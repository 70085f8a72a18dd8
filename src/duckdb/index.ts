/**
 * `robots-lab/duckdb`: the engine's SQL functions on a DuckDB connection
 * (docs/sql.md). Needs @duckdb/node-api, an optional peer dependency of
 * robots-lab: `npm install @duckdb/node-api`.
 *
 * ```ts
 * import { DuckDBInstance } from '@duckdb/node-api';
 * import { registerRobotsFunctions } from 'robots-lab/duckdb';
 * const connection = await (await DuckDBInstance.create()).connect();
 * registerRobotsFunctions(connection);
 * await connection.runAndReadAll("select robots_check(body, url, 'Googlebot') from …");
 * ```
 */
import * as api from '@duckdb/node-api';
import { registerWith } from './functions';

/** Registers robots_check, robots_allowed, robots_request_url, robots_rules, robots_sha256 and robots_lab_version on `connection`. */
export function registerRobotsFunctions(connection: api.DuckDBConnection): void {
  registerWith(api, connection);
}
