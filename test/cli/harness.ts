import type { CliIo } from '../../src/cli/io';
import { run } from '../../src/cli/main';
import { lineBatches } from '../../src/cli/stream';

/**
 * In-memory files and standard input for the CLI; `output()` is what it
 * wrote, standard output decoded whole (rows may come in pieces of bytes).
 */
export function memoryIo(
  files: Record<string, string | Uint8Array> = {},
  stdin = '',
): { io: CliIo; output: () => { stdout: string; stderr: string }; written: Map<string, string> } {
  const stdout: Buffer[] = [];
  /** Files written through `-o`, once closed. */
  const written = new Map<string, string>();
  let stderr = '';
  const io: CliIo = {
    stdin: (async function* () {
      if (stdin) yield new TextEncoder().encode(stdin);
    })(),
    // A copy, so the buffer may be filled again at once, as a real stream lets it once written.
    stdout: {
      write: (t: string | Uint8Array, done?: (err?: Error | null) => void) => {
        stdout.push(Buffer.from(t));
        done?.();
        return true;
      },
    },
    stderr: { write: (t: string) => (stderr += t) },
    readFile: async (path) => {
      const f = files[path];
      if (f === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
      return typeof f === 'string' ? new TextEncoder().encode(f) : f;
    },
    openFile: async (path) => {
      const bytes = await io.readFile(path);
      return (async function* () {
        yield bytes;
      })();
    },
    isFile: (path) => files[path] !== undefined,
    createOutput: (path) => {
      const chunks: Buffer[] = [];
      return {
        write: (t: string | Uint8Array, done?: (err?: Error | null) => void) => {
          chunks.push(Buffer.from(t));
          done?.();
          return true;
        },
        close: async () => {
          written.set(path, Buffer.concat(chunks).toString());
        },
      };
    },
  };
  return { io, output: () => ({ stdout: Buffer.concat(stdout).toString(), stderr }), written };
}

/** Runs the CLI in-process with in-memory files and standard input. */
export async function runCli(
  argv: string[],
  files: Record<string, string | Uint8Array> = {},
  stdin = '',
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { io, output } = memoryIo(files, stdin);
  const code = await run(argv, io);
  return { code, ...output() };
}

export const ROBOTS = [
  'User-agent: *', // 1
  'Disallow: /private', // 2
  'Allow: /private/public # open', // 3
  '', // 4
  'User-agent: googlebot', // 5
  'Disallow: /nogoogle', // 6
  'Allow: /ツ', // 7
  '', // 8
  'User-agent: AdsBot-Google', // 9
  'Disallow: /ads', // 10
  '',
].join('\n');

/** Every line `lineBatches` gives for these chunks. */
export async function linesOf(chunks: (Uint8Array | string)[]): Promise<string[]> {
  const out: string[] = [];
  for await (const batch of lineBatches(
    (async function* () {
      for (const c of chunks) yield typeof c === 'string' ? new TextEncoder().encode(c) : c;
    })(),
  ))
    out.push(...batch);
  return out;
}
