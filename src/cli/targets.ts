/**
 * The URLs `check` and `diff` judge, read from their arguments, then as a
 * stream of batches: command-line URLs, then each list, read by the engine's one list reader
 * (src/core/readList.ts: text, CSV, sitemap; gzip or not), so a list of any
 * length takes flat memory.
 */
import { UrlListError } from '../core/liststream';
import { type ListBatch, readUrlList } from '../core/readList';
import { flag, flags, type ParsedArgs } from './args';
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

/** What a run judges, and the verb that names it in messages. */
export type Targets = ReturnType<typeof readTargets>;

/**
 * The URLs a command was given after its robots.txt files (`robotsPaths`):
 * a positional argument naming an existing file (with no `://` in its name)
 * is a URL list, never a host name; the rest are URLs; then the `--urls`
 * lists and `more` (check's --expect-* lists).
 */
export function readTargets(
  args: ParsedArgs,
  io: CliIo,
  verb: 'check' | 'compare',
  robotsPaths: string[],
  positional: string[],
  more: ListSpec[] = [],
) {
  const isList = (arg: string) => arg === '-' || (!arg.includes('://') && io.isFile(arg));
  const urlArgs = positional.filter((a) => !isList(a));
  const list = (path: string): ListSpec => ({ path, what: 'URL list', expected: null });
  const lists = [...positional.filter(isList).map(list), ...flags(args, 'urls').map(list), ...more];
  if ([...robotsPaths, ...lists.map((l) => l.path)].filter((p) => p === '-').length > 1)
    throw new CliError('standard input ("-") can be used for only one file');
  if (urlArgs.length === 0 && lists.length === 0)
    throw new CliError(
      `no URLs to ${verb}: give URLs or --urls FILE${verb === 'check' ? ' (or an --expect-* list)' : ''}`,
    );
  return { verb, urlArgs, lists, column: flag(args, 'column') };
}

/**
 * The command-line URLs, then every list's URLs, in batches. Every list is
 * opened first, so a missing file stops the run before any output.
 */
export async function openTargets(io: CliIo, { urlArgs, lists, column }: Targets) {
  const opened = [];
  for (const l of lists) opened.push({ ...l, chunks: await openUserFile(io, l.path, l.what) });
  return (async function* (): AsyncGenerator<UrlBatch> {
    if (urlArgs.length > 0) yield { name: 'command line', urls: urlArgs, lines: urlArgs.map(() => 0), expected: null };
    for (const { path, expected, chunks } of opened) {
      const name = path === '-' ? '(stdin)' : path;
      try {
        for await (const batch of readUrlList(chunks, { name, column })) yield { ...batch, name, expected };
      } catch (err) {
        throw err instanceof UrlListError ? new CliError(err.message) : err;
      }
    }
  })();
}
