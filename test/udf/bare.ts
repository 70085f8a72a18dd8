/**
 * The UDF file as a warehouse runs it: built by the package's own build
 * step (bin/udf.mjs), loaded into a `node:vm` context that holds only what
 * ECMAScript defines (V8's `console` removed), so any use of URL,
 * TextDecoder, TextEncoder, Buffer, process or the DOM fails.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { buildUdf } from '../../bin/udf.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The package's version, which the build stamps into the file. */
export const PACKAGE_VERSION = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string })
  .version;

/** Builds the UDF file into a temporary folder; resolves to its text. */
export async function buildUdfText(): Promise<string> {
  const outfile = join(mkdtempSync(join(tmpdir(), 'robots-lab-udf-')), 'robots-lab-udf.js');
  await buildUdf(root, outfile, PACKAGE_VERSION);
  return readFileSync(outfile, 'utf8');
}

/** A context with ECMAScript's globals only, plus `extra`, with the UDF file run in it. */
export function bareContext(udf: string, extra: Record<string, unknown> = {}): object {
  const context = createContext({});
  runInContext('delete globalThis.console', context);
  Object.assign(context, extra);
  runInContext(udf, context, { filename: 'robots-lab-udf.js' });
  return context;
}

/** Runs `code` in the context with `input` bound to the global `input`; returns its value as plain JSON. */
export function inContext<T>(context: object, code: string, input: unknown): T {
  (context as { input?: unknown }).input = input;
  // Through JSON: objects made in the context have its prototypes, which toEqual tells apart.
  return JSON.parse(runInContext(`JSON.stringify(${code})`, context) as string) as T;
}
