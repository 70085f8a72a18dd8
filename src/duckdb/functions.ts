/**
 * The engine's SQL functions on a DuckDB connection, through
 * @duckdb/node-api's scalar functions. The API module is passed in, not
 * imported, so that the CLI (which must start without DuckDB installed) can
 * load it on demand; `robots-lab/duckdb` (index.ts) passes its own import.
 *
 * Every function computes its rows with src/udf/functions.ts, the code of
 * the warehouse UDF file, so DuckDB, BigQuery and Snowflake give the same
 * answers. DuckDB calls back on the JavaScript thread, a chunk of rows at a
 * time; each row's robots.txt is parsed once per distinct body in a row
 * (src/udf/parseCache.ts).
 */
import type * as DuckDB from '@duckdb/node-api';
import { toRequestUrl } from '../core/url';
import { type CheckOptions, type CheckRow, check, rules, sha256, version } from '../udf/functions';

type Api = typeof DuckDB;

/**
 * Registers on `connection`:
 * - `robots_check(robots_txt, url, user_agent [, options])` → STRUCT(allowed
 *   BOOLEAN, line INTEGER, rule VARCHAR, group_line INTEGER, error VARCHAR):
 *   a NULL argument gives a row with a NULL verdict and an error, not a
 *   failed query; `options` is the UDF's options as JSON text
 *   (`'{"requestForm": true}'`, `'{"robotsTxtAlwaysAllowed": false}'`);
 * - `robots_allowed(robots_txt, url, user_agent)` → BOOLEAN (NULL in, NULL out);
 * - `robots_request_url(url)` → VARCHAR, the URL as a crawler requests it
 *   (NULL when it cannot be read as a URL);
 * - `robots_rules(robots_txt)` → LIST(STRUCT(group, agents, line, kind,
 *   pattern)), for `UNNEST`;
 * - `robots_sha256(robots_txt)` → VARCHAR and `robots_lab_version()` →
 *   VARCHAR, the stamps of a reproducible study.
 */
export function registerWith(api: Api, connection: DuckDB.DuckDBConnection): void {
  const { BLOB, BOOLEAN, INTEGER, LIST, STRUCT, VARCHAR } = api;
  const checkRow = STRUCT({ allowed: BOOLEAN, line: INTEGER, rule: VARCHAR, group_line: INTEGER, error: VARCHAR });
  const ruleRow = STRUCT({ group: INTEGER, agents: LIST(VARCHAR), line: INTEGER, kind: VARCHAR, pattern: VARCHAR });
  const define = (name: string, parameterTypes: DuckDB.DuckDBType[], returnType: DuckDB.DuckDBType, fill: Fill) =>
    connection.registerScalarFunction(
      api.DuckDBScalarFunction.create({
        name,
        parameterTypes,
        returnType,
        // robots_check answers NULLs itself, with an error row; the others return NULL for NULL.
        specialHandling: name === 'robots_check',
        mainFunction: (_info, input, output) => {
          const columns = parameterTypes.map((_, c) => input.getColumnVector(c));
          fill(input.rowCount, columns, output);
          output.flush();
        },
      }),
    );

  // Each function that takes a robots.txt takes it as text or as bytes (BLOB): bytes are read as Google reads a file.
  for (const body of [VARCHAR, BLOB]) {
    for (const withOptions of [false, true]) {
      const params = withOptions ? [body, VARCHAR, VARCHAR, VARCHAR] : [body, VARCHAR, VARCHAR];
      define('robots_check', params, checkRow, (n, [robots, url, agent, options], output) => {
        const fields = [0, 1, 2, 3, 4].map((k) => (output as DuckDB.DuckDBStructVector).entryVectorAt(k));
        for (let i = 0; i < n; i++) {
          const o = options ? optionsAt(options, i) : null;
          const row =
            typeof o === 'string' ? errorRow(o) : check(bodyAt(robots, i), url.getItem(i), agent.getItem(i), o);
          fields[0].setItem(i, row.allowed);
          fields[1].setItem(i, row.line);
          fields[2].setItem(i, row.rule);
          fields[3].setItem(i, row.groupLine);
          fields[4].setItem(i, row.error);
        }
      });
    }
    define('robots_allowed', [body, VARCHAR, VARCHAR], BOOLEAN, (n, [robots, url, agent], output) => {
      for (let i = 0; i < n; i++) output.setItem(i, check(bodyAt(robots, i), url.getItem(i), agent.getItem(i)).allowed);
    });
    define('robots_rules', [body], LIST(ruleRow), (n, [robots], output) => {
      for (let i = 0; i < n; i++) {
        const rows = rules(bodyAt(robots, i)).map((r) => api.structValue({ ...r, agents: api.listValue(r.agents) }));
        output.setItem(i, api.listValue(rows));
      }
    });
    define('robots_sha256', [body], VARCHAR, (n, [robots], output) => {
      for (let i = 0; i < n; i++) output.setItem(i, sha256(bodyAt(robots, i)));
    });
  }
  define('robots_request_url', [VARCHAR], VARCHAR, (n, [url], output) => {
    for (let i = 0; i < n; i++) output.setItem(i, requestUrl(url.getItem(i) as string));
  });
  define('robots_lab_version', [], VARCHAR, (n, _, output) => {
    for (let i = 0; i < n; i++) output.setItem(i, version());
  });
}

/** Writes `rows` results from the argument columns into the output vector. */
type Fill = (rows: number, columns: DuckDB.DuckDBVector[], output: DuckDB.DuckDBVector) => void;

let lastOptionsText: string | null = null;
let lastOptions: CheckOptions | string | null = null;

/**
 * The options argument of robots_check (JSON text, the UDF's options:
 * `{"requestForm": true}`), or the error it gives; parsed once per distinct text in a row.
 */
function optionsAt(column: DuckDB.DuckDBVector, i: number): CheckOptions | string | null {
  const text = column.getItem(i) as string | null;
  if (text === null) return null;
  if (text !== lastOptionsText) {
    lastOptionsText = text;
    try {
      const o = JSON.parse(text) as unknown;
      lastOptions =
        o !== null && typeof o === 'object' && !Array.isArray(o)
          ? (o as CheckOptions)
          : 'options must be a JSON object';
    } catch {
      lastOptions = 'options are not JSON';
    }
  }
  return lastOptions;
}

function errorRow(error: string): CheckRow {
  return { allowed: null, line: null, rule: null, groupLine: null, error };
}

/** A robots.txt argument: text as it is, a BLOB as its bytes. */
function bodyAt(column: DuckDB.DuckDBVector, i: number): unknown {
  const v = column.getItem(i);
  return v !== null && typeof v === 'object' && 'bytes' in v ? v.bytes : v;
}

/** The request form of a typed URL, or null when it cannot be read as one. */
function requestUrl(url: string): string | null {
  const r = toRequestUrl(url);
  return r.error === undefined ? r.url : null;
}
