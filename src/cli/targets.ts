/**
 * The URLs `check` and `diff` judge, as a stream of batches: command-line
 * URLs, then each list, read by the engine's one list reader
 * (src/core/readList.ts: text, CSV, sitemap; gzip or not), so a list of any
 * length takes flat memory.
 */
import { UrlListError } from '../core/liststream';
import { type ListBatch, readUrlList } from '../core/readList';
import { CliError, type CliIo, openUserFile } from './io';

/** What a list's URLs are expected to be; null for plain `--urls`. */
export type Expected = 'allowed' | 'blocked' | null;

/** URLs of one list with its name; `line` 0 means the URL has no line (it was given on the command line). */
export interface UrlBatch extends ListBatch {
  name: string;
  expected: Expected;
}

/** A list to read: a path ("-" is standard input) and what its URLs are expected to be. */
export interface ListSpec {
  path: string;
  what: string;
  expected: Expected;
}

/** Opens every list before anything is judged, so a missing file stops the run before any output. */
export async function openLists(io: CliIo, specs: ListSpec[]) {
  const out = [];
  for (const spec of specs) {
    const chunks = await openUserFile(io, spec.path, spec.what);
    out.push({ ...spec, name: spec.path === '-' ? '(stdin)' : spec.path, chunks });
  }
  return out;
}

/** The command-line URLs, then every list's URLs, in batches. */
export async function* urlBatches(
  commandLine: string[],
  lists: Awaited<ReturnType<typeof openLists>>,
  column: string | undefined,
): AsyncGenerator<UrlBatch> {
  if (commandLine.length > 0) {
    yield { name: 'command line', urls: commandLine, lines: commandLine.map(() => 0), expected: null };
  }
  for (const { name, expected, chunks } of lists) {
    try {
      for await (const batch of readUrlList(chunks, { name, column })) yield { ...batch, name, expected };
    } catch (err) {
      throw err instanceof UrlListError ? new CliError(err.message) : err;
    }
  }
}
