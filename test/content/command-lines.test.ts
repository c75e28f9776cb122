import fs from 'node:fs';
import { load as loadYaml } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import type { CliData } from '../../renderer/markdown/cli-data.ts';
import { checkDaggerArgs, cliModel } from './audit/cli-audit.ts';
import { auditCommandLines, blockCommands } from './audit/command-lines.ts';
import { argsOf, shellCommands } from './audit/shell-words.ts';

// Every `dagger …` command line of the docs (shell blocks, inline code, the CLI reference's own
// examples) names a command of content/data/cli.yaml and only flags that command accepts.
describe('dagger command lines in content/', () => {
  it('use commands and flags that the CLI data has', () => {
    const audit = auditCommandLines('content');
    console.log(`checked ${audit.lines} dagger command lines, ${audit.flags} CLI flags`);
    expect(audit.lines).toBeGreaterThan(500);
    expect(audit.problems).toEqual([]);
  });
});

const model = cliModel(loadYaml(fs.readFileSync('content/data/cli.yaml', 'utf8')) as CliData);
/** Problems of a one-line `dagger …` command. */
const check = (line: string) => {
  const [command] = shellCommands(line);
  return checkDaggerArgs(model, argsOf(command.words, 'dagger')!).map((p) => p.message);
};

describe('the command-line audit', () => {
  it('reports a flag the command does not have, naming the commands that do', () => {
    expect(check('dagger call --model=gpt-4.1 ask --question=hi')).toEqual(['dagger call has no flag --model (it is a flag of `dagger`, `dagger shell`)']);
    expect(check('dagger --model gpt-4.1 call ask')).toEqual(['dagger call has no flag --model (it is a flag of `dagger`, `dagger shell`)']);
    expect(check('dagger init --sdk=go --recursive')).toEqual(['dagger init has no flag --recursive (it is a flag of `dagger develop`)']);
    expect(check('dagger -m ./ci run go run .')).toEqual(['dagger run has no flag -m (it is a flag of `dagger`, `dagger call`, `dagger config`, `dagger develop`, `dagger functions`, `dagger install`, `dagger listen`, `dagger mcp`, `dagger query`, `dagger uninstall`, `dagger update`, `dagger shell`, `dagger publish`)']);
    expect(check('dagger core --mod=./ci container')).toHaveLength(1);
    expect(check('dagger functions -j')).toEqual(['dagger functions has no flag -j (it is a flag of `dagger call`, `dagger core`)']);
  });

  it('reports a command that does not exist', () => {
    expect(check('dagger cal build')).toEqual(['unknown command "dagger cal"']);
    expect(check('dagger module install github.com/a/b')).toEqual(['unknown command "dagger module"']);
    expect(check('dagger completion tcsh')).toEqual(['unknown command "dagger completion tcsh"']);
  });

  it('accepts aliases, global flags anywhere, combined shorthands and flag values', () => {
    for (const line of [
      'dagger install github.com/a/b@v1 --name=b',
      'dagger use github.com/a/b@v1 -n b',
      'dagger q --doc=./q.graphql',
      'dagger r go run .',
      'dagger -vvv --progress plain call build',
      'dagger -qq call -m ./ci build',
      'dagger -m github.com/shykes/daggerverse/hello@v0.3.0 call hello',
      'dagger -M -c "container | from alpine"',
      'dagger --model=claude-sonnet-4-0',
      'dagger develop --compat',
      'dagger completion bash --no-descriptions',
      'dagger ./ci.dsh',
      'dagger shell -c .help',
    ]) expect(check(line), line).toEqual([]);
  });

  it('does not take function arguments, constructor arguments or the run command for CLI flags', () => {
    expect(check('dagger call build --source=. --go-version 1.24 terminal --cmd=bash')).toEqual([]);
    expect(check('dagger call --name=Dagger message')).toEqual([]);
    expect(check('dagger call build --source=. directory --path=/dist -o ./dist')).toEqual([]);
    expect(check('dagger call test --args -v')).toEqual([]);
    expect(check('dagger core container from --address=alpine file --path=/etc/hosts contents -j')).toEqual([]);
    expect(check('dagger run python -m pytest --maxfail=1')).toEqual([]);
    // After a function, a shorthand can only be a persistent or global flag.
    expect(check('dagger call build -x')).toEqual(['dagger call has no flag -x']);
  });
});

describe('shell words', () => {
  it('splits pipes, lists, continuations and substitutions, and skips heredoc bodies and comments', () => {
    const text = [
      'export OUT=$(dagger call build \\',
      '  --source=.) # build it',
      'dagger query <<EOF',
      'dagger not-a-command',
      'EOF',
      'X=1 sudo dagger version && cat log | grep x 2>&1',
      "source <(dagger completion bash)",
    ].join('\n');
    const commands = shellCommands(text, 10).map((c) => `${c.line}: ${c.words.join(' ')}`);
    expect(commands).toEqual([
      '10: dagger call build --source=.',
      '10: export OUT=$(…)',
      '12: dagger query',
      '15: X=1 sudo dagger version',
      '15: cat log',
      '15: grep x',
      '16: dagger completion bash',
      '16: source <(…)',
    ]);
    expect(argsOf(['X=1', 'sudo', 'dagger', 'version'], 'dagger')).toEqual(['version']);
    expect(argsOf(['helm', 'install', '--namespace', 'dagger', 'oci://x'], 'dagger')).toBeUndefined();
  });

  it('reads only the prompted lines of a transcript', () => {
    const commands = blockCommands('$ dagger call hello\nHello, world!\n$ dagger version \\\n  --check\ndagger v0.18.16', 'console', 1);
    expect(commands.map((c) => c.words.join(' '))).toEqual(['dagger call hello', 'dagger version --check']);
  });

  it('keeps placeholders in one word', () => {
    expect(shellCommands('dagger init --sdk=<go|python|typescript> --name=<name>')[0].words).toHaveLength(4);
  });
});
