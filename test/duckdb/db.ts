/** A fresh in-memory DuckDB connection with the engine's functions, and a helper to load rows as a table. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { registerRobotsFunctions } from '../../src/duckdb';

/** An in-memory database's connection with robots_check and friends registered. */
export async function connect(): Promise<DuckDBConnection> {
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  registerRobotsFunctions(connection);
  return connection;
}

/** Creates table `name` from plain objects (through a JSON Lines file read by DuckDB itself). */
export async function loadTable(connection: DuckDBConnection, name: string, rows: object[]): Promise<void> {
  const file = join(mkdtempSync(join(tmpdir(), 'robots-lab-duckdb-')), `${name}.jsonl`);
  writeFileSync(file, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
  await connection.run(`create table ${name} as select * from read_json('${file}', format = 'newline_delimited')`);
}

/** The rows of a query as plain objects (JSON-like values). */
export async function rowsOf<T>(connection: DuckDBConnection, sql: string): Promise<T[]> {
  return (await connection.runAndReadAll(sql)).getRowObjectsJson() as T[];
}
