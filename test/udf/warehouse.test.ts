/**
 * The BigQuery and Snowflake statements of docs/sql.md, checked without a
 * warehouse: each function body runs in a bare ECMAScript context with the
 * UDF file loaded as the statement loads it, and returns objects whose
 * fields are exactly the STRUCT it declares (BigQuery) or the fields its
 * query reads (Snowflake). The documented size of the file is its size.
 */
import { runInContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SQL_DOC, sqlBlocks } from '../duckdb/docs';
import { bareContext, buildUdfText } from './bare';

let udf: string;
const blocks = sqlBlocks();
const ROBOTS = 'User-agent: *\nDisallow: /private\n';

beforeAll(async () => {
  udf = await buildUdfText();
}, 60_000);

/** The field names of a BigQuery STRUCT<…> type at the top level of `type`. */
function structFields(type: string): string[] {
  const inner = /STRUCT<(.*)>/.exec(type)![1];
  const fields: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= inner.length; i++) {
    const c = inner[i];
    if (c === '<') depth++;
    else if (c === '>') depth--;
    else if ((c === ',' || i === inner.length) && depth === 0) {
      fields.push(inner.slice(start, i).trim().split(/\s+/)[0].replace(/`/g, ''));
      start = i + 1;
    }
  }
  return fields;
}

interface BigQueryFunction {
  params: { name: string; type: string }[];
  returns: string;
  library: string;
  body: string;
}

function parseBigQuery(sql: string): BigQueryFunction {
  const m =
    /CREATE TEMP FUNCTION \w+\((.*)\)\nRETURNS (.*)\nLANGUAGE js\nOPTIONS \(library = \['(.*)'\]\)\nAS r"""\n([\s\S]*?)"""/.exec(
      sql,
    );
  if (!m) throw new Error(`not a BigQuery JS UDF statement:\n${sql}`);
  const params = m[1].split(', ').map((p) => {
    const [name, type] = p.split(' ');
    return { name, type };
  });
  return { params, returns: m[2], library: m[3], body: m[4] };
}

/** A value BigQuery would hand the function for a parameter of this type. */
function argumentFor(type: string, index: number): string {
  if (type === 'BYTES') return Buffer.from(ROBOTS).toString('base64');
  return index === 0 ? ROBOTS : index === 1 ? 'https://example.com/private/a' : 'Googlebot';
}

describe('the BigQuery statements', () => {
  const names = [...blocks.keys()].filter((k) => k.startsWith('bigquery: '));

  it('are there: check, stamped check, check of bytes and rules', () => {
    expect(names.sort()).toEqual([
      'bigquery: check',
      'bigquery: check-bytes',
      'bigquery: check-stamped',
      'bigquery: rules',
    ]);
  });

  it.each(names)('%s returns exactly the fields its RETURNS type declares, with a verdict', (name) => {
    const f = parseBigQuery(blocks.get(name)!);
    expect(f.library).toMatch(/^gs:\/\/.+\/robots-lab-udf\.js$/);
    const context = bareContext(udf);
    const fn = runInContext(`(function (${f.params.map((p) => p.name).join(', ')}) {${f.body}})`, context) as (
      ...args: string[]
    ) => unknown;
    const result = JSON.parse(JSON.stringify(fn(...f.params.map((p, i) => argumentFor(p.type, i)))));
    const fields = structFields(f.returns.startsWith('ARRAY<') ? f.returns.slice(6, -1) : f.returns);
    const rows = (f.returns.startsWith('ARRAY<') ? result : [result]) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual([...fields].sort());
    if (!f.returns.startsWith('ARRAY<')) expect(rows[0]).toMatchObject({ allowed: false, line: 2, error: null });
  });
});

describe('the Snowflake statement', () => {
  const sql = blocks.get('snowflake: check')!;
  const body = /\$\$\n([\s\S]*?)\$\$/.exec(sql)![1];
  const params = /FUNCTION \w+\((.*)\)/
    .exec(sql)![1]
    .split(', ')
    .map((p) => p.split(' ')[0].toUpperCase());

  it('evaluates the UDF file once per environment and returns the fields its query reads', () => {
    expect(udf).not.toContain('$$');
    const withFile = body.replace('/* the contents of robots-lab-udf.js */', () => udf);
    expect(withFile).not.toBe(body);
    const context = bareContext('');
    const fn = runInContext(`(function (${params.join(', ')}) {${withFile}})`, context) as (...a: unknown[]) => unknown;
    const first = fn(ROBOTS, 'https://example.com/private/a', 'Googlebot') as Record<string, unknown>;
    const loaded = runInContext('globalThis.robotsLab', context);
    fn(ROBOTS, '/x', 'Googlebot');
    expect(runInContext('globalThis.robotsLab', context)).toBe(loaded);
    expect(first).toMatchObject({ allowed: false, line: 2, rule: 'Disallow: /private', error: null });
    for (const read of sql.matchAll(/\):(\w+)::/g)) expect(first).toHaveProperty(read[1]);
    // Snowflake passes SQL NULL as undefined.
    expect(fn(undefined, '/x', 'a')).toMatchObject({ allowed: null, error: 'robots_txt is NULL' });
  });
});

describe('the documented size of the UDF file', () => {
  it('is its size to the kilobyte, and under the 100 KB Snowflake recommends for a body', () => {
    const stated = Number(/robots-lab-udf\.js` \(about (\d+) KB/.exec(SQL_DOC)![1]);
    expect(Math.abs(udf.length / 1000 - stated)).toBeLessThan(1.5);
    expect(udf.length).toBeLessThan(100_000);
  });
});
