/**
 * A small, strict argument parser: known flags only, `--flag value` and
 * `--flag=value`, repeatable flags, `--` ends the options. Anything unknown
 * is a CliError naming it.
 */
import { availableParallelism } from 'node:os';
import { CliError } from './io';

export interface FlagSpec {
  /** Long name without dashes. */
  name: string;
  /** One-letter alias. */
  short?: string;
  /** Takes a value (otherwise a boolean switch). */
  value?: boolean;
  /** May be given more than once (values are collected in order). */
  repeat?: boolean;
}

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string[]>;
  switches: Set<string>;
}

export function parseArgs(argv: string[], specs: FlagSpec[]): ParsedArgs {
  const byLong = new Map(specs.map((s) => [s.name, s]));
  const byShort = new Map(specs.filter((s) => s.short).map((s) => [s.short!, s]));
  const out: ParsedArgs = { positional: [], flags: new Map(), switches: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      out.positional.push(...argv.slice(i + 1));
      break;
    }
    let spec: FlagSpec | undefined;
    let inline: string | undefined;
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      if (eq !== -1) inline = arg.slice(eq + 1);
      spec = byLong.get(name);
      if (!spec) throw new CliError(`unknown option "--${name}" (see robots-lab --help)`);
    } else if (arg.length === 2 && arg[0] === '-' && arg !== '-') {
      spec = byShort.get(arg[1]);
      if (!spec) throw new CliError(`unknown option "${arg}" (see robots-lab --help)`);
    } else {
      out.positional.push(arg);
      continue;
    }
    if (!spec.value) {
      if (inline !== undefined) throw new CliError(`option "--${spec.name}" takes no value`);
      out.switches.add(spec.name);
      continue;
    }
    let value = inline;
    if (value === undefined) {
      if (i + 1 >= argv.length) throw new CliError(`option "--${spec.name}" needs a value`);
      value = argv[++i];
    }
    const list = out.flags.get(spec.name) ?? [];
    if (list.length > 0 && !spec.repeat) throw new CliError(`option "--${spec.name}" given more than once`);
    list.push(value);
    out.flags.set(spec.name, list);
  }
  return out;
}

/** The single value of a flag, or undefined. */
export function flag(args: ParsedArgs, name: string): string | undefined {
  return args.flags.get(name)?.[0];
}

/** All values of a repeatable flag. */
export function flags(args: ParsedArgs, name: string): string[] {
  return args.flags.get(name) ?? [];
}

/** The most worker threads `--jobs` starts. */
const MAX_JOBS = 64;

/**
 * The value of `check --jobs`: a whole number from 1 to 64, or `auto` for
 * the threads the machine offers (os.availableParallelism). Absent: 1.
 */
export function jobsValue(value: string | undefined): number {
  if (value === undefined) return 1;
  if (value === 'auto') return Math.min(availableParallelism(), MAX_JOBS);
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= 1 && n <= MAX_JOBS)) throw new CliError(`--jobs takes a whole number from 1 to ${MAX_JOBS}, or auto`);
  return n;
}
