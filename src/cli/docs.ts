/**
 * Shell completion scripts (bash, zsh, fish) and the man page, generated
 * from the flag table as `help` is.
 */
import type { CommandTable, Flag } from './args';
import { flagsOf, flagTerm, overview } from './help';

/** The first sentence of a flag's help, for the shells that show one. */
function brief(f: Flag): string {
  const first = f.help.split(/(?<=\.)\s/)[0];
  return first.replace(/\.$/, '');
}

/** All values a flag may take across commands, for completion. */
function allChoices(f: Flag, command: string): readonly string[] {
  return f.choices?.[command] ?? [];
}

/** A bash completion script (`complete -F`). */
export function bashCompletion(table: CommandTable): string {
  const names = table.commands.map((c) => c.name).join(' ');
  const cases = table.commands
    .map((c) => {
      const flags = flagsOf(table, c.name);
      const words = flags.flatMap((f) => [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])]).join(' ');
      const valued = flags
        .filter((f) => f.value)
        .map((f) => {
          const forms = [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])].join('|');
          const choices = allChoices(f, c.name);
          const action = choices.length
            ? `COMPREPLY=($(compgen -W "${choices.join(' ')}" -- "$cur"))`
            : f.file
              ? 'COMPREPLY=($(compgen -f -- "$cur"))'
              : 'COMPREPLY=()';
          return `        ${forms}) ${action}; return ;;`;
        })
        .join('\n');
      const positional = Array.isArray(c.positional)
        ? `COMPREPLY=($(compgen -W "${words} ${c.positional.join(' ')}" -- "$cur"))`
        : c.positional === 'files'
          ? `COMPREPLY=($(compgen -W "${words}" -- "$cur") $(compgen -f -- "$cur"))`
          : `COMPREPLY=($(compgen -W "${words}" -- "$cur"))`;
      return `    ${c.name})\n      case "$prev" in\n${valued}\n      esac\n      ${positional} ;;`;
    })
    .join('\n');
  return `# bash completion for robots-lab (robots-lab completion bash)
_robots_lab() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "${names} --help --version" -- "$cur"))
    return
  fi
  case "\${COMP_WORDS[1]}" in
${cases}
  esac
}
complete -o filenames -F _robots_lab robots-lab
`;
}

/** Quotes text for a single-quoted shell word. */
function sq(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A zsh completion script (`_arguments`). */
export function zshCompletion(table: CommandTable): string {
  const commands = table.commands.map((c) => `    ${sq(`${c.name}:${c.summary.replace(/:/g, '\\:')}`)}`).join('\n');
  const cases = table.commands
    .map((c) => {
      const specs = flagsOf(table, c.name).map((f) => {
        const help = brief(f).replace(/[[\]:]/g, ' ');
        const choices = allChoices(f, c.name);
        const action = f.value
          ? `:${f.value}:${choices.length ? `(${choices.join(' ')})` : f.file ? '_files' : ' '}`
          : '';
        const rep = f.repeat ? '*' : '';
        const forms = f.short ? `{-${f.short},--${f.name}}` : `--${f.name}`;
        return `        ${rep}${forms}${sq(`[${help}]${action}`)}`;
      });
      const rest = Array.isArray(c.positional)
        ? `'*:argument:(${c.positional.join(' ')})'`
        : c.positional === 'files'
          ? "'*:file:_files'"
          : '';
      return `    ${c.name})\n      _arguments \\\n${[...specs, `        ${rest}`].join(' \\\n')} ;;`;
    })
    .join('\n');
  return `#compdef robots-lab
# zsh completion for robots-lab (robots-lab completion zsh > "\${fpath[1]}/_robots-lab")
_robots_lab() {
  local -a commands
  commands=(
${commands}
  )
  if (( CURRENT == 2 )); then
    _describe command commands
    return
  fi
  local cmd=$words[2]
  shift words; (( CURRENT-- ))
  case $cmd in
${cases}
  esac
}
_robots_lab "$@"
`;
}

/** A fish completion script. */
export function fishCompletion(table: CommandTable): string {
  const names = table.commands.map((c) => c.name).join(' ');
  const lines = [
    '# fish completion for robots-lab (robots-lab completion fish > ~/.config/fish/completions/robots-lab.fish)',
    'complete -c robots-lab -f',
    ...table.commands.map(
      (c) => `complete -c robots-lab -n "not __fish_seen_subcommand_from ${names}" -a ${c.name} -d ${sq(c.summary)}`,
    ),
  ];
  for (const c of table.commands) {
    const when = `-n "__fish_seen_subcommand_from ${c.name}"`;
    if (c.positional === 'files') lines.push(`complete -c robots-lab ${when} -F`);
    else if (Array.isArray(c.positional) && c.positional.length) {
      lines.push(`complete -c robots-lab ${when} -a ${sq(c.positional.join(' '))}`);
    }
    for (const f of flagsOf(table, c.name)) {
      const choices = allChoices(f, c.name);
      const value = f.value ? (choices.length ? ` -x -a ${sq(choices.join(' '))}` : f.file ? ' -r -F' : ' -x') : '';
      lines.push(
        `complete -c robots-lab ${when}${f.short ? ` -s ${f.short}` : ''} -l ${f.name}${value} -d ${sq(brief(f))}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Escapes text for roff. */
function roff(text: string): string {
  return text
    .replace(/\\/g, '\\e')
    .replace(/^([.'])/gm, '\\&$1')
    .replace(/-/g, '\\-')
    .replace(/[\u0080-\u{10ffff}]/gu, (c) => `\\[u${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`);
}

/** The man page (section 1), in roff. */
export function manPage(table: CommandTable, version: string): string {
  const out = [
    `.TH ROBOTS-LAB 1 "" "robots-lab ${version}" "User Commands"`,
    '.SH NAME',
    "robots\\-lab \\- test URLs against a robots.txt exactly as Google's parser does",
    '.SH SYNOPSIS',
    ...table.commands.map((c) => `.B robots\\-lab ${c.name}\n${roff(c.usage)} [\\fIoptions\\fR]\n.br`),
    '.SH DESCRIPTION',
    roff(overview(table).split('\n')[0]),
    '.SH COMMANDS',
  ];
  for (const c of table.commands) {
    out.push(`.SS ${c.name}`, roff(`${c.summary}. ${c.description}`));
    for (const f of flagsOf(table, c.name)) {
      const choices = f.choices?.[c.name];
      out.push('.TP', `.B ${roff(flagTerm(f).trim())}`, roff(choices ? `${f.help} (${choices.join(', ')})` : f.help));
    }
  }
  out.push(
    '.SH EXIT STATUS',
    '0 fine; 1 an expectation failed, a \\-\\-fail\\-on gate tripped, or (is\\-allowed) disallowed; ' +
      '2 bad input, usage, or any unexpected failure.',
    '.SH SEE ALSO',
    'docs/cli.md in the package for the full reference and recipes.',
  );
  return `${out.join('\n')}\n`;
}
