/**
 * The robots-lab command line. `run` is the whole program as a function of
 * its arguments and I/O, so tests drive it in-process; bin.ts calls it with
 * the real process streams. Commands and flags come from the one table in
 * flags.ts.
 */
import { parseArgs, UsageError } from './args';
import { CLI } from './flags';
import { commandHelp, overview, usageLine } from './help';
import { CliError, type CliIo, EXIT_OK, EXIT_USAGE, nodeIo } from './io';
import { findCommand, version } from './meta';

/** Standard error that says nothing (`--quiet`). */
const SILENT = { write: () => true };

/** Runs the CLI; resolves to the exit code. Never throws: every failure is one line on stderr and exit 2. */
export async function run(argv: string[], io: CliIo = nodeIo()): Promise<number> {
  let output: ReturnType<CliIo['createOutput']> | null = null;
  try {
    // `robots-lab --help` is the help command.
    const [name, ...rest] = argv[0] === '--help' || argv[0] === '-h' ? ['help'] : argv;
    if (name === undefined) {
      io.stderr.write(overview(CLI));
      return EXIT_USAGE;
    }
    if (name === '--version' || name === '-V') {
      io.stdout.write(`${version()}\n`);
      return EXIT_OK;
    }
    if (name.startsWith('-')) throw new UsageError(`expected a command before ${name}`, null);
    const command = findCommand(CLI, name);
    const args = parseArgs(command.name, rest, CLI);
    if (args.switches.has('help')) {
      io.stdout.write(commandHelp(CLI, command));
      return EXIT_OK;
    }
    if (!command.usage && args.positional.length > 0) {
      throw new UsageError(`${command.name} takes no arguments (got "${args.positional[0]}")`, command.name);
    }
    let cmdIo = io;
    if (args.switches.has('quiet')) cmdIo = { ...cmdIo, stderr: SILENT, stderrIsTTY: false };
    const target = args.flags.get('output')?.[0];
    if (target !== undefined) {
      output = io.createOutput(target);
      cmdIo = { ...cmdIo, stdout: output };
    }
    const code = await command.run(args, cmdIo, CLI);
    await output?.close();
    return code;
  } catch (err) {
    await output?.close().catch(() => undefined);
    if (err instanceof UsageError) {
      const command = err.command === null ? undefined : CLI.commands.find((c) => c.name === err.command);
      io.stderr.write(
        `robots-lab: ${err.message}\n` +
          (command
            ? `usage: ${usageLine(command)}\n(robots-lab help ${command.name} for more)\n`
            : '(robots-lab help for the commands)\n'),
      );
      return EXIT_USAGE;
    }
    io.stderr.write(`robots-lab: ${oneLine(err)}\n`);
    return EXIT_USAGE;
  }
}

/** One line for any failure: a user's error as it is, anything else said to be internal. */
function oneLine(err: unknown): string {
  if (err instanceof CliError) return err.message;
  const message = err instanceof Error ? err.message : String(err);
  return `internal error: ${message.split('\n')[0]}`;
}
