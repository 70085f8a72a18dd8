/**
 * Help text generated from the flag table: the overview (`robots-lab
 * help`), one command in full (`help CMD`, `CMD --help`) and the usage
 * lines printed on standard error after a bad call.
 */
import { type Command, type CommandTable, type Flag, flagsOf } from './args';

const WIDTH = 80;

/** `robots-lab check ROBOTS.txt --agent NAME [URL | FILE …] [options]` */
export function usageLine(command: Command): string {
  return `robots-lab ${command.name}${command.usage ? ` ${command.usage}` : ''} [options]`;
}

/** A flag's help in `command`; `withChoices` adds the values it takes there. */
export function flagHelp(f: Flag, command: string, withChoices = true): string {
  const help = typeof f.help === 'string' ? f.help : f.help[command];
  const choices = withChoices ? f.choices?.[command] : undefined;
  return choices ? `${help.replace(/\.$/, '')} (${choices.join(', ')}).` : help;
}

/** `-a, --agent NAME` */
export function flagTerm(f: Flag): string {
  return `${f.short ? `-${f.short}, ` : '    '}--${f.name}${f.value ? ` ${f.value}` : ''}`;
}

/** Words of `text` in lines of at most `width` characters, each starting with `indent`. */
function wrap(text: string, indent: string, width = WIDTH): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (word === '') continue;
    if (line !== '' && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(indent + line);
  return lines;
}

/** The overview: every command's usage and summary. */
export function overview(table: CommandTable): string {
  const width = Math.max(...table.commands.map((c) => c.name.length));
  const lines = [
    "robots-lab: test URLs against a robots.txt exactly as Google's parser does",
    '',
    'Usage: robots-lab COMMAND [arguments] [options]',
    '',
    'Commands:',
    ...table.commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'robots-lab help COMMAND (or COMMAND --help) shows its arguments and options.',
    'robots-lab --version prints the version.',
    '',
    'Exit status: 0 fine, 1 an expectation failed (is-allowed: disallowed), 2 bad input, usage or any failure.',
  ];
  return `${lines.join('\n')}\n`;
}

/** One command in full: usage, description, options. */
export function commandHelp(table: CommandTable, command: Command): string {
  const flags = flagsOf(table, command.name);
  const lines = [`Usage: ${usageLine(command)}`, '', ...wrap(`${command.summary}.`, ''), ''];
  lines.push(...wrap(command.description, ''), '');
  if (flags.length > 0) {
    lines.push('Options:');
    for (const f of flags) {
      lines.push(`  ${flagTerm(f)}`, ...wrap(flagHelp(f, command.name), '          '));
    }
  }
  return `${lines.join('\n')}\n`;
}
