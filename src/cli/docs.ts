/**
 * Shell completion scripts (bash, zsh, fish) and the man page, generated
 * from the flag table as `help` is.
 */
import { type CommandTable, type Flag, flagsOf } from './args';
import { flagHelp, flagTerm, overview } from './help';

/** The first sentence of a flag's help, for the shells that show one. */
function brief(f: Flag, command: string): string {
  return flagHelp(f, command, false)
    .split(/(?<=\.)\s/)[0]
    .replace(/\.$/, '');
}

/** What a flag's value completes to in `command`: its choices, a file, free text, or nothing (a switch). */
function completes(f: Flag, command: string): readonly string[] | 'file' | 'text' | null {
  if (!f.value) return null;
  return f.choices?.[command] ?? (f.file ? 'file' : 'text');
}

/** `--agent` and `-a`. */
function forms(f: Flag): string[] {
  return [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])];
}

/** Quotes text for a single-quoted shell word. */
function sq(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A bash completion script (`complete -F`). */
export function bashCompletion(table: CommandTable): string {
  const words = (list: string) => `$(compgen -W "${list}" -- "$cur")`;
  const cases = table.commands.map((c) => {
    const flags = flagsOf(table, c.name);
    const valued = flags.flatMap((f) => {
      const value = completes(f, c.name);
      if (value === null) return [];
      const reply = Array.isArray(value) ? words(value.join(' ')) : value === 'file' ? '$(compgen -f -- "$cur")' : '';
      return [`        ${forms(f).join('|')}) COMPREPLY=(${reply}); return ;;`];
    });
    const own = flags.flatMap(forms).join(' ');
    const rest = Array.isArray(c.positional)
      ? words(`${own} ${c.positional.join(' ')}`)
      : `${words(own)}${c.positional === 'files' ? ' $(compgen -f -- "$cur")' : ''}`;
    return `    ${c.name})\n      case "$prev" in\n${valued.join('\n')}\n      esac\n      COMPREPLY=(${rest}) ;;`;
  });
  return `# bash completion for robots-lab (robots-lab completion bash)
_robots_lab() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=(${words(`${table.commands.map((c) => c.name).join(' ')} --help --version`)})
    return
  fi
  case "\${COMP_WORDS[1]}" in
${cases.join('\n')}
  esac
}
complete -o filenames -F _robots_lab robots-lab
`;
}

/** A zsh completion script (`_arguments`). */
export function zshCompletion(table: CommandTable): string {
  const commands = table.commands.map((c) => `    ${sq(`${c.name}:${c.summary.replace(/:/g, '\\:')}`)}`);
  const cases = table.commands.map((c) => {
    const specs = flagsOf(table, c.name).map((f) => {
      const value = completes(f, c.name);
      const action =
        value === null
          ? ''
          : `:${f.value}:${Array.isArray(value) ? `(${value.join(' ')})` : value === 'file' ? '_files' : ' '}`;
      const names = f.short ? `{-${f.short},--${f.name}}` : `--${f.name}`;
      return `        ${f.repeat ? '*' : ''}${names}${sq(`[${brief(f, c.name).replace(/[[\]:]/g, ' ')}]${action}`)}`;
    });
    const rest = Array.isArray(c.positional)
      ? `'*:argument:(${c.positional.join(' ')})'`
      : c.positional === 'files'
        ? "'*:file:_files'"
        : '';
    return `    ${c.name})\n      _arguments \\\n${[...specs, `        ${rest}`].join(' \\\n')} ;;`;
  });
  return `#compdef robots-lab
# zsh completion for robots-lab (robots-lab completion zsh > "\${fpath[1]}/_robots-lab")
_robots_lab() {
  local -a commands
  commands=(
${commands.join('\n')}
  )
  if (( CURRENT == 2 )); then
    _describe command commands
    return
  fi
  local cmd=$words[2]
  shift words; (( CURRENT-- ))
  case $cmd in
${cases.join('\n')}
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
    const when = `complete -c robots-lab -n "__fish_seen_subcommand_from ${c.name}"`;
    if (c.positional === 'files') lines.push(`${when} -F`);
    else if (c.positional?.length) lines.push(`${when} -a ${sq(c.positional.join(' '))}`);
    for (const f of flagsOf(table, c.name)) {
      const value = completes(f, c.name);
      const takes =
        value === null
          ? ''
          : Array.isArray(value)
            ? ` -x -a ${sq(value.join(' '))}`
            : value === 'file'
              ? ' -r -F'
              : ' -x';
      lines.push(`${when}${f.short ? ` -s ${f.short}` : ''} -l ${f.name}${takes} -d ${sq(brief(f, c.name))}`);
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
    ...table.commands.map((c) => `.B robots\\-lab ${c.name}\n${roff(c.usage ?? '')} [\\fIoptions\\fR]\n.br`),
    '.SH DESCRIPTION',
    roff(overview(table).split('\n')[0]),
    '.SH COMMANDS',
  ];
  for (const c of table.commands) {
    out.push(`.SS ${c.name}`, roff(`${c.summary}. ${c.description}`));
    for (const f of flagsOf(table, c.name))
      out.push('.TP', `.B ${roff(flagTerm(f).trim())}`, roff(flagHelp(f, c.name)));
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
