/**
 * The flag table drives parsing, help, completion and the man page: each
 * command's help names exactly the flags it takes, the generated shell
 * scripts and roff are valid and complete what the parser accepts.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { flagOf } from '../../src/cli/args';
import { memoryIo, ROBOTS, runCli } from './harness';

/** How every command that reads a robots.txt fetches one given as a URL. */
const FETCHING = ['user-agent', 'timeout', 'connect-to'];

/** Written by hand: the long flags each command takes. */
const EXPECTED_FLAGS: Record<string, string[]> = {
  check: [
    'agent',
    'urls',
    'column',
    'format',
    'raw',
    'explain',
    'purposes',
    'stamp',
    'robots-url',
    'expect-allowed',
    'expect-blocked',
    'expectations',
    'no-size-limit',
    'output',
    'quiet',
    'help',
    ...FETCHING,
    'fetch',
    'robots-dir',
    'cache-size',
    'concurrency',
    'per-origin',
    'save',
    'cache',
  ],
  diff: [
    'agent',
    'urls',
    'column',
    'format',
    'raw',
    'no-size-limit',
    'fail-on',
    'output',
    'quiet',
    'help',
    ...FETCHING,
  ],
  lint: ['format', 'no-size-limit', 'fail-on', 'output', 'quiet', 'help', ...FETCHING],
  batch: ['output', 'quiet', 'help'],
  'is-allowed': ['quiet', 'help', ...FETCHING],
  fetch: ['format', 'output', 'quiet', 'help', ...FETCHING, 'concurrency', 'per-origin', 'save', 'cache'],
};

function longFlags(help: string): string[] {
  return [...help.matchAll(/^ {2}(?:-\w, | {4})--([\w-]+)/gm)].map((m) => m[1]);
}

describe('help from the flag table', () => {
  for (const [command, flags] of Object.entries(EXPECTED_FLAGS)) {
    it(`${command} --help lists exactly its own flags, and equals help ${command}`, async () => {
      const own = await runCli([command, '--help']);
      expect(own.code).toBe(0);
      expect(own.stdout).toMatch(new RegExp(`^Usage: robots-lab ${command} `));
      expect(longFlags(own.stdout).sort()).toEqual([...flags].sort());
      expect((await runCli(['help', command])).stdout).toBe(own.stdout);
    });
  }

  it('names the nearest command for a misspelt one in help', async () => {
    const r = await runCli(['help', 'dif']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^robots-lab: unknown command "dif"; did you mean diff\?/);
  });
});

describe('the table states a flag as its help shows it', () => {
  it('reads the short form, long name and value out of the term', () => {
    const spec = { commands: ['check'], help: 'x' };
    expect(flagOf({ term: '-a, --agent NAME', ...spec })).toMatchObject({ name: 'agent', short: 'a', value: 'NAME' });
    expect(flagOf({ term: '--verify-ips [CRAWLER=]FILE', ...spec })).toMatchObject({
      name: 'verify-ips',
      short: undefined,
      value: '[CRAWLER=]FILE',
    });
    expect(flagOf({ term: '--raw', ...spec })).toMatchObject({ name: 'raw', short: undefined, value: undefined });
  });

  it('refuses a term that is not [-S, ]--NAME[ VALUE]', () => {
    for (const term of ['agent', '-a --agent', '--agent NAME extra', '-ab, --agent']) {
      expect(() => flagOf({ term, commands: '*', help: 'x' }), term).toThrow(/is not \[-S, \]--NAME\[ VALUE\]/);
    }
  });
});

describe('near misses', () => {
  it('names the catalogue crawler a product token was probably meant to be, on stderr', async () => {
    const r = await runCli(['check', 'robots.txt', '-a', 'GPTBott', '/x'], { 'robots.txt': ROBOTS });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('note: "GPTBott" is no crawler robots-lab knows; did you mean GPTBot?\n');
  });

  it('says nothing about a token that is no near miss', async () => {
    const r = await runCli(['check', 'robots.txt', '-a', 'MyOwnCrawler', '/x'], { 'robots.txt': ROBOTS });
    expect(r.stderr).toBe('');
  });
});

describe('parsing', () => {
  it('reads grouped short switches and an attached value as getopt does', async () => {
    const r = await runCli(['check', 'robots.txt', '-qa', 'GPTBott', '-fcsv', '/x'], { 'robots.txt': ROBOTS });
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('/x,/x,GPTBott,allowed');
  });

  it('takes a negative number for an argument and a dash-led word for a value', async () => {
    const files = { 'robots.txt': ROBOTS };
    const number = await runCli(['check', 'robots.txt', '-f', 'csv', '-a', 'googlebot', '-1'], files);
    expect(number.stdout).toContain('\n-1,-1,Googlebot,invalid,');
    const value = await runCli(['check', 'robots.txt', '-f', 'csv', '-a', '-x', '/x'], files);
    expect(value.stdout).toContain('\n/x,/x,-x,');
  });

  it('refuses an argument to a command that takes none, with its usage', async () => {
    for (const command of ['agents', 'man']) {
      const r = await runCli([command, 'extra']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `robots-lab: ${command} takes no arguments (got "extra")\n` +
          `usage: robots-lab ${command} [options]\n(robots-lab help ${command} for more)\n`,
      );
    }
  });

  it('names a value given to a switch, a missing value and a repeated single flag', async () => {
    const files = { 'robots.txt': ROBOTS };
    expect((await runCli(['check', 'robots.txt', '--raw=yes'], files)).stderr).toMatch(/--raw takes no value/);
    expect((await runCli(['check', 'robots.txt', '-a'], files)).stderr).toMatch(/--agent needs a value \(NAME\)/);
    expect((await runCli(['check', 'robots.txt', '-f', 'csv', '-f', 'json'], files)).stderr).toMatch(
      /--format given more than once/,
    );
  });
});

describe('--quiet and -o', () => {
  it('--quiet drops notes from stderr but keeps the results', async () => {
    const r = await runCli(['check', 'robots.txt', '-q', '-a', 'GPTBott', '-f', 'csv', '/x'], { 'robots.txt': ROBOTS });
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('/x,/x,GPTBott,allowed');
  });

  it('-o writes the results to the file, not standard output', async () => {
    const { io, output, written } = memoryIo({ 'robots.txt': ROBOTS });
    const { run } = await import('../../src/cli/main');
    expect(
      await run(['check', 'robots.txt', '-a', 'googlebot', '-f', 'jsonl', '-o', 'out.jsonl', '/nogoogle'], io),
    ).toBe(0);
    expect(output().stdout).toBe('');
    const rows = written
      .get('out.jsonl')!
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toMatchObject([{ url: '/nogoogle', status: 'blocked', line: 6 }]);
  });
});

/** Runs a bash completion of `words` (the last one being completed) and returns COMPREPLY. */
function bashComplete(script: string, words: string[]): string[] {
  const program = `${script}
COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})
COMP_CWORD=${words.length - 1}
_robots_lab
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', program], { encoding: 'utf8', cwd: '/' });
  expect(r.stderr).toBe('');
  return r.stdout.split('\n').filter((l) => l !== '');
}

describe('completion and man page', () => {
  it('bash completes commands, the flags of the command given, and a flag’s values', async () => {
    const script = (await runCli(['completion', 'bash'])).stdout;
    expect(spawnSync('bash', ['-n'], { input: script }).status).toBe(0);
    expect(bashComplete(script, ['robots-lab', 'di'])).toEqual(['diff']);
    expect(bashComplete(script, ['robots-lab', 'check', '--expect-'])).toEqual([
      '--expect-allowed',
      '--expect-blocked',
    ]);
    expect(bashComplete(script, ['robots-lab', 'lint', '--fail'])).toEqual(['--fail-on']);
    expect(bashComplete(script, ['robots-lab', 'check', '--fail'])).toEqual([]);
    expect(bashComplete(script, ['robots-lab', 'lint', '-f', ''])).toEqual(['text', 'json', 'sarif', 'github']);
    expect(bashComplete(script, ['robots-lab', 'diff', '--fail-on', 'a'])).toEqual(['allowed', 'any']);
  });

  it('zsh and fish scripts name every flag of every command', async () => {
    for (const shell of ['zsh', 'fish']) {
      const script = (await runCli(['completion', shell])).stdout;
      for (const [command, flags] of Object.entries(EXPECTED_FLAGS)) {
        for (const f of flags) {
          const pattern =
            shell === 'fish'
              ? new RegExp(`__fish_seen_subcommand_from ${command}".* -l ${f}( |$)`, 'm')
              : new RegExp(`--${f}[}'\\[]`);
          expect(script, `${shell} ${command} --${f}`).toMatch(pattern);
        }
      }
    }
  });

  it('rejects a shell it has no script for, even one named like an object property', async () => {
    for (const shell of ['tcsh', 'toString', 'constructor']) {
      const r = await runCli(['completion', shell]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^robots-lab: completion takes one shell: bash, zsh or fish\n/);
    }
  });

  it('the man page is roff that groff reads without a warning, with every command and flag', async () => {
    const roff = (await runCli(['man'])).stdout;
    const r = spawnSync('groff', ['-man', '-Tutf8', '-ww', '-P-cbou'], { input: roff, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const text = r.stdout;
    for (const command of Object.keys(EXPECTED_FLAGS)) expect(text).toContain(`robots-lab ${command}`);
    for (const f of new Set(Object.values(EXPECTED_FLAGS).flat())) expect(text).toContain(`--${f}`);
  });
});

describe('docs/cli.md', () => {
  it('carries every command’s help as the CLI prints it', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
    const names = [...(await runCli(['--help'])).stdout.matchAll(/^ {2}([a-z-]+) {2,}/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) {
      const help = (await runCli(['help', name])).stdout;
      expect(doc, name).toContain(`## ${name}\n\n\`\`\`text\n${help}\`\`\``);
    }
  });
});
