/**
 * The commands about the tool itself: `agents`, `help`, `completion`,
 * `man`, and the version.
 */
import { version as packageVersion } from '../../package.json';
import { CRAWLER_PROFILES } from '../core/profiles';
import { type CommandTable, nearest, type ParsedArgs, UsageError } from './args';
import { bashCompletion, fishCompletion, manPage, zshCompletion } from './docs';
import { commandHelp, overview } from './help';
import { type CliIo, EXIT_OK } from './io';

/** The package's version. */
export function version(): string {
  return packageVersion;
}

/** `robots-lab agents`: the built-in crawler profiles. */
export function runAgents(_args: ParsedArgs, io: CliIo): number {
  const width = Math.max(...CRAWLER_PROFILES.map((p) => p.id.length));
  for (const p of CRAWLER_PROFILES) {
    const star = p.ignoresGlobal ? ', ignores *' : '';
    io.stdout.write(`${p.id.padEnd(width)}  ${p.tokens.join(' → ')}${star}  (${p.operator}: ${p.purpose})\n`);
  }
  return EXIT_OK;
}

/** `robots-lab help [COMMAND]`. */
export function runHelp(args: ParsedArgs, io: CliIo, table: CommandTable): number {
  const [name, extra] = args.positional;
  if (extra !== undefined) throw new UsageError('help takes at most one command', 'help');
  io.stdout.write(name === undefined ? overview(table) : commandHelp(table, findCommand(table, name)));
  return EXIT_OK;
}

/** The command called `name`; a UsageError with the nearest name otherwise. */
export function findCommand(table: CommandTable, name: string) {
  const command = table.commands.find((c) => c.name === name);
  if (command) return command;
  const names = table.commands.map((c) => c.name);
  const near = nearest(name, names);
  throw new UsageError(
    `unknown command "${name}"${near ? `; did you mean ${near}?` : ` (commands: ${names.join(', ')})`}`,
    null,
  );
}

/** `robots-lab completion bash|zsh|fish`. */
export function runCompletion(args: ParsedArgs, io: CliIo, table: CommandTable): number {
  const [shell, extra] = args.positional;
  const scripts = { bash: bashCompletion, zsh: zshCompletion, fish: fishCompletion } as const;
  if (extra !== undefined || !Object.hasOwn(scripts, shell)) {
    throw new UsageError('completion takes one shell: bash, zsh or fish', 'completion');
  }
  io.stdout.write(scripts[shell as keyof typeof scripts](table));
  return EXIT_OK;
}

/** `robots-lab man`: the manual page in roff. */
export function runMan(_args: ParsedArgs, io: CliIo, table: CommandTable): number {
  io.stdout.write(manPage(table, version()));
  return EXIT_OK;
}
