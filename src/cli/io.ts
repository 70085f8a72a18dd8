/**
 * The command line's view of the outside world. `run` takes it as a
 * parameter so the whole CLI can be tested in-process with fake streams and
 * files; `nodeIo` is the real thing.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

export interface CliIo {
  /** Standard input, as chunks (read once). */
  stdin: AsyncIterable<Uint8Array | string>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Reads a file's bytes; rejects with a Node-style error (`code`) when it cannot. */
  readFile(path: string): Promise<Uint8Array>;
}

/** Exit codes: 0 all good, 1 an expectation failed, 2 bad input or usage. */
export const EXIT_OK = 0;
export const EXIT_EXPECTATION = 1;
export const EXIT_USAGE = 2;

/** An error the user caused (bad flag, missing file…): printed as one line, exit 2. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

/** The real process streams and file system. */
export function nodeIo(cwd: string = process.cwd()): CliIo {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    readFile: (path) => readFile(resolve(cwd, path)),
  };
}

/** Reads a file for the user, turning Node's errors into one readable line. */
export async function readUserFile(io: CliIo, path: string, what: string): Promise<Uint8Array> {
  if (path === '-') return readAllStdin(io);
  try {
    return await io.readFile(path);
  } catch (err) {
    const code = (err as { code?: string }).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (err as Error).message;
    throw new CliError(`cannot read ${what} "${path}": ${why}`);
  }
}

/** All of standard input as bytes (callers make sure it is read only once). */
export async function readAllStdin(io: CliIo): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of io.stdin) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    chunks.push(bytes);
    total += bytes.length;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Splits a stream of chunks into lines (LF or CR LF), decoding UTF-8 across chunk boundaries. */
export async function* readLines(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of source) {
    rest += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let start = 0;
    let nl: number;
    while ((nl = rest.indexOf('\n', start)) !== -1) {
      const end = nl > start && rest.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      yield rest.slice(start, end);
      start = nl + 1;
    }
    rest = rest.slice(start);
  }
  rest += decoder.decode();
  if (rest.length > 0) yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
}
