/**
 * The argument parser the flag table drives (flags.ts): known flags only,
 * `--flag value`, `--flag=value`, `-f value`, `-qf value`, repeatable
 * flags, `--` ends the options. A mistake is a UsageError naming it, with
 * the nearest flag or value when one is close.
 */
import { parseArgs as tokenize } from 'node:util';
import { editDistance } from '../core/aipref/distance';
import { CliError, type CliIo } from './io';

/** One flag: its long name, short form, value, the commands that take it and its help. */
export interface Flag {
  /** Long name without the dashes. */
  name: string;
  /** One-letter form, without the dash. */
  short?: string;
  /** The value's placeholder (`NAME`, `FILE`); absent for a switch. */
  value?: string;
  /** The values it accepts per command, when a fixed list (checked, completed, suggested). */
  choices?: Readonly<Record<string, readonly string[]>>;
  /** The value is a file path (completed as one). */
  file?: boolean;
  /** May be given more than once; the values are kept in order. */
  repeat?: boolean;
  /** The commands that take it; `'*'` for every command. */
  commands: readonly string[] | '*';
  /**
   * One paragraph, or one per command where the flag means something else in
   * each; the first sentence is the short form for completions.
   */
  help: string | Readonly<Record<string, string>>;
}

/** A flag as flags.ts states it: long name, short form and value written as its help shows them. */
export type FlagSpec = Omit<Flag, 'name' | 'short' | 'value'> & {
  /** `-a, --agent NAME`, `--raw`: `[-S, ]--NAME[ VALUE]`. */
  term: string;
};

/** The flag a spec states, its term read into name, short form and value. */
export function flagOf({ term, ...spec }: FlagSpec): Flag {
  const m = /^(?:-(\w), )?--([\w-]+)(?: (\S+))?$/.exec(term);
  if (!m) throw new Error(`flag term "${term}" is not [-S, ]--NAME[ VALUE]`);
  return { ...spec, name: m[2], short: m[1], value: m[3] };
}

/** One command. */
export interface Command {
  name: string;
  /** The positional arguments, as the usage line shows them; without it the command takes none. */
  usage?: string;
  /** One line. */
  summary: string;
  /** Paragraphs after the usage line. */
  description: string;
  /** Shell completion for positional arguments: files, or a fixed list. */
  positional?: 'files' | readonly string[];
  /** Runs it on its arguments, parsed once, the I/O and the table (for `help`); resolves to the exit code. */
  run(args: ParsedArgs, io: CliIo, cli: CommandTable): Promise<number> | number;
}

/** The commands and the flags, as generators read them. */
export interface CommandTable {
  commands: readonly Command[];
  flags: readonly Flag[];
}

/** A command's arguments, parsed once. */
export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string[]>;
  switches: Set<string>;
}

/** A bad call: main prints the message, then the command's usage, on standard error. */
export class UsageError extends CliError {
  constructor(
    message: string,
    readonly command: string | null,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The flags `command` takes, in table order. */
export function flagsOf(table: CommandTable, command: string): Flag[] {
  return table.flags.filter((f) => f.commands === '*' || f.commands.includes(command));
}

/** Parses `argv` (the words after the command name) against the flags `command` takes; Node splits the words. */
export function parseArgs(command: string, argv: readonly string[], table: CommandTable): ParsedArgs {
  const own = flagsOf(table, command);
  const byName = new Map(own.map((f) => [f.name, f]));
  const out: ParsedArgs = { positional: [], flags: new Map(), switches: new Set() };
  const fail = (message: string): never => {
    throw new UsageError(message, command);
  };
  const { tokens } = tokenize({
    args: [...argv],
    options: Object.fromEntries(
      own.map((f) => [f.name, { type: f.value ? 'string' : 'boolean', ...(f.short && { short: f.short }) }]),
    ),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  let numberAt = -1;
  for (const t of tokens) {
    if (t.kind === 'positional') out.positional.push(t.value);
    if (t.kind !== 'option') continue;
    // A negative number (-1) is an argument, not a group of short options.
    if (/^-\d/.test(argv[t.index])) {
      if (t.index !== numberAt) out.positional.push(argv[(numberAt = t.index)]);
      continue;
    }
    const f = byName.get(t.name) ?? fail(unknownFlag(t.rawName, command, own, table.flags));
    if (f.value === undefined) {
      if (t.value !== undefined) fail(`option --${f.name} takes no value`);
      out.switches.add(f.name);
      continue;
    }
    const value = t.value ?? fail(`option --${f.name} needs a value (${f.value})`);
    const choices = f.choices?.[command];
    if (choices && !choices.includes(value)) {
      const near = nearest(value, choices);
      fail(`--${f.name} takes ${choices.join(', ')}, not "${value}"${near === null ? '' : `; did you mean ${near}?`}`);
    }
    const list = out.flags.get(f.name) ?? [];
    if (list.length > 0 && !f.repeat) fail(`option --${f.name} given more than once`);
    list.push(value);
    out.flags.set(f.name, list);
  }
  return out;
}

function unknownFlag(arg: string, command: string, own: readonly Flag[], all: readonly Flag[]): string {
  const long = arg.startsWith('--');
  const name = long ? arg.slice(2) : arg.slice(1, 2);
  // A flag every command takes ('*') is among `own`: one found here belongs to named commands.
  const elsewhere = all.find((f) => (long ? f.name === name : f.short === name));
  if (elsewhere) return `${command} takes no ${arg} (it is an option of ${[...elsewhere.commands].join(' and ')})`;
  const near = long
    ? nearest(
        name,
        own.map((f) => f.name),
      )
    : null;
  return `unknown option ${arg}${near === null ? '' : `; did you mean --${near}?`}`;
}

/** The candidate within a small edit distance of `word` (case-insensitive), or null when none or a tie. */
export function nearest(word: string, candidates: readonly string[]): string | null {
  const w = word.toLowerCase();
  const limit = w.length >= 6 ? 2 : 1;
  let best: string | null = null;
  let bestD = limit + 1;
  let tie = false;
  for (const c of candidates) {
    const d = c.toLowerCase().startsWith(w) && w.length >= 3 ? 1 : editDistance(w, c.toLowerCase());
    if (d < bestD) {
      best = c;
      bestD = d;
      tie = false;
    } else if (d === bestD) tie = true;
  }
  return best !== null && !tie ? best : null;
}

/** The single value of a flag, or undefined. */
export function flag(args: ParsedArgs, name: string): string | undefined {
  return args.flags.get(name)?.[0];
}

/** All values of a repeatable flag. */
export function flags(args: ParsedArgs, name: string): string[] {
  return args.flags.get(name) ?? [];
}
