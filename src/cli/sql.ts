/**
 * `robots-lab sql QUERY --table NAME=FILE …`: a SQL query over CSV,
 * Parquet and JSON Lines files with the engine's functions (robots_check,
 * robots_rules, robots_sha256, … : docs/sql.md), run by DuckDB in memory.
 * DuckDB's Node client is an optional peer dependency: it is loaded only
 * here, and its absence is a clear message, so the rest of the CLI never
 * needs it. Rows stream out a chunk at a time, as CSV or JSON Lines.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as DuckDB from '@duckdb/node-api';
import { csvRecord } from '../core/csv';
import { registerWith } from '../duckdb/functions';
import { flag, flags, type ParsedArgs, UsageError } from './args';
import { CliError, type CliIo, EXIT_OK } from './io';
import { OutputBuffer } from './stream';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `--table NAME=FILE`: a file the query reads as table NAME. */
function table(spec: string): { name: string; file: string } {
  const eq = spec.indexOf('=');
  const name = spec.slice(0, eq);
  if (eq === -1 || !NAME.test(name) || eq === spec.length - 1) {
    throw new CliError(`--table takes NAME=FILE, a name of letters, digits and _ (got "${spec}")`);
  }
  return { name, file: spec.slice(eq + 1) };
}

/** DuckDB's reader for a file, by its extension (compressed files too: DuckDB reads .gz and .zst). */
function readerFor(file: string): string {
  const path = file.toLowerCase().replace(/\.(gz|zst)$/, '');
  const quoted = `'${file.replace(/'/g, "''")}'`;
  if (path.endsWith('.parquet')) return `read_parquet(${quoted})`;
  if (path.endsWith('.jsonl') || path.endsWith('.ndjson')) return `read_json(${quoted}, format = 'newline_delimited')`;
  if (path.endsWith('.json')) return `read_json(${quoted})`;
  if (path.endsWith('.csv') || path.endsWith('.tsv') || path.endsWith('.txt')) return `read_csv(${quoted})`;
  throw new CliError(`cannot tell the format of "${file}": name it .csv, .tsv, .parquet, .jsonl, .ndjson or .json`);
}

/** The module's name in a variable: bundlers leave an import they cannot resolve at build time alone. */
const DUCKDB_CLIENT = '@duckdb/node-api';

/** Runs `sql`: the query's rows on standard output; a SQL or file error is a CliError with DuckDB's message. */
export async function runSql(args: ParsedArgs, io: CliIo): Promise<number> {
  if (args.positional.length !== 1) {
    throw new UsageError('sql takes one query: robots-lab sql "select …" --table NAME=FILE', 'sql');
  }
  const tables = flags(args, 'table').map(table);
  const csv = (flag(args, 'format') ?? 'csv') === 'csv';
  const api: typeof DuckDB = await import(DUCKDB_CLIENT).catch(() => {
    throw new CliError('sql needs DuckDB\'s Node client, an optional dependency: run "npm install @duckdb/node-api"');
  });
  // DuckDB spills to ./.tmp by default: the user's folder is not ours to fill.
  const instance = await api.DuckDBInstance.create(':memory:', { temp_directory: join(tmpdir(), 'robots-lab-sql') });
  const connection = await instance.connect();
  try {
    registerWith(api, connection);
    for (const t of tables) {
      await connection.run(`create view "${t.name}" as select * from ${readerFor(t.file)}`).catch((err: Error) => {
        throw new CliError(`--table ${t.name}=${t.file}: ${err.message}`);
      });
    }
    const result = await connection.stream(args.positional[0]).catch((err: Error) => {
      throw new CliError(err.message);
    });
    const names = result.columnNames();
    const out = new OutputBuffer(io.stdout);
    if (csv) out.push(csvRecord(names));
    for await (const rows of result.yieldRowsJson()) {
      for (const row of rows) {
        out.push(
          csv
            ? csvRecord(row.map(cellText))
            : `${JSON.stringify(Object.fromEntries(names.map((n, i) => [n, row[i]])))}\n`,
        );
      }
      await out.flush();
    }
    return EXIT_OK;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** A CSV cell's text for a value: text as it is, NULL empty, anything else (structs, lists) as JSON. */
function cellText(v: DuckDB.Json): string {
  return v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
}
