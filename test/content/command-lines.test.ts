import fs from 'node:fs';
import { load as loadYaml } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import type { CliData, CliFlag } from '../../content/plugins/cli-reference/cli-data.ts';
import { checkDaggerArgs, cliModel } from './audit/cli-audit.ts';
import { auditCommandLines, blockCommands, commandScript, embeddedCommands } from './audit/command-lines.ts';
import { checkCoreChain } from '../../content/plugins/linked-code/core-chains.ts';
import { checkDaggerShell } from '../../content/plugins/linked-code/dagger-shell.ts';
import { documentedSurface } from './documented-api.ts';
import { loadApiModel } from '../../content/plugins/linked-code/api-model.ts';
import { argsOf, shellCommands } from '../../content/plugins/linked-code/shell-words.ts';

// Every `dagger …` command line of the docs (shell blocks, inline code, the CLI reference's own
// examples) names a command of content/data/cli.yaml and only flags that command accepts.
describe('dagger command lines in content/', () => {
  it('use commands and flags that the CLI data has', async () => {
    const audit = auditCommandLines('content', new Set((await documentedSurface('content')).exclude));
    console.log(
      `checked ${audit.lines} dagger command lines (${audit.flags} CLI flags) and ${audit.shellScripts} Dagger Shell scripts; ${audit.coreNames} core API names in dagger core chains and Dagger Shell pipelines`,
    );
    expect(audit.lines).toBeGreaterThan(500);
    expect(audit.problems).toEqual([]);
  });
});

const model = cliModel(loadYaml(fs.readFileSync('content/data/cli.yaml', 'utf8')) as CliData);
const api = loadApiModel();
/** Problems of a one-line `dagger …` command. */
const check = (line: string, absent: string[] = []) => {
  const [command] = shellCommands(line);
  const core = (_: string, words: string[], flags: CliFlag[]) =>
    checkCoreChain(api, new Set(absent), words, flags).map((message) => ({ message }));
  return checkDaggerArgs(model, argsOf(command.words, 'dagger')!, undefined, core).map((p) => p.message);
};

describe('the command-line audit', () => {
  it('reports a flag the command does not have, naming the commands that do', () => {
    expect(check('dagger call --model=gpt-4.1 ask --question=hi')).toEqual([
      'dagger call has no flag --model (it is a flag of `dagger`, `dagger shell`)',
    ]);
    expect(check('dagger --model gpt-4.1 call ask')).toEqual([
      'dagger call has no flag --model (it is a flag of `dagger`, `dagger shell`)',
    ]);
    expect(check('dagger init --sdk=go --recursive')).toEqual([
      'dagger init has no flag --recursive (it is a flag of `dagger develop`)',
    ]);
    expect(check('dagger -m ./ci run go run .')).toEqual([
      'dagger run has no flag -m (it is a flag of `dagger`, `dagger call`, `dagger config`, `dagger develop`, `dagger functions`, `dagger install`, `dagger listen`, `dagger mcp`, `dagger query`, `dagger uninstall`, `dagger update`, `dagger shell`, `dagger publish`)',
    ]);
    expect(check('dagger core --mod=./ci container')).toHaveLength(1);
    expect(check('dagger functions -j')).toEqual([
      'dagger functions has no flag -j (it is a flag of `dagger call`, `dagger core`)',
    ]);
  });

  it('reports a command that does not exist', () => {
    expect(check('dagger cal build')).toEqual(['unknown command "dagger cal"']);
    expect(check('dagger module install github.com/a/b')).toEqual(['unknown command "dagger module"']);
    expect(check('dagger completion tcsh')).toEqual(['unknown command "dagger completion tcsh"']);
    expect(check('dagger completion <shell>')).toEqual([]); // a placeholder for the subcommand
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
    ])
      expect(check(line), line).toEqual([]);
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

describe('dagger core chains', () => {
  it('follow the core API: functions on the type returned, arguments of each function', () => {
    expect(
      check('dagger core container from --address=alpine file --path=/etc/os-release contents -o ./os-release'),
    ).toEqual([]);
    expect(check('dagger core container from --address=alpine with-exec --args=ls --use-entrypoint stdout')).toEqual(
      [],
    );
    expect(check('dagger core -o ./src git --url=https://github.com/dagger/dagger branch --name=main tree')).toEqual(
      [],
    );
    expect(check('dagger core container frm --address=alpine')).toEqual(['Container has no function frm']);
    expect(check('dagger core contaner')).toEqual(['the core API has no function contaner']);
    expect(check('dagger core container from --adress=alpine')).toEqual(['from has no argument --adress']);
    expect(check('dagger core container from --address=alpine combined-output', ['Container.combinedOutput'])).toEqual([
      'Container.combinedOutput (combined-output) is not in the documented Dagger version',
    ]);
  });
});

describe('Dagger Shell pipelines', () => {
  const shell = (script: string, absent: string[] = []) =>
    checkDaggerShell(api, new Set(absent), script, 1).map((p) => `${p.line}: ${p.message}`);

  it('follow the core API from a core function, stage by stage', () => {
    expect(shell('container | from alpine | with-exec -- ls -la / | stdout')).toEqual([]);
    expect(shell('container |\n  from alpine |\n  with-exc uname |\n  stdout')).toEqual([
      '3: Container has no function with-exc',
    ]);
    expect(shell('container | from alpine | with-exec --use-entrypont uname')).toEqual([
      '1: with-exec has no argument --use-entrypont',
    ]);
    expect(shell('container | with-file /a $(host | file ./a) | with-exec cat /a | stdot')).toEqual([
      '1: Container has no function stdot',
    ]);
    expect(shell('x=$(git https://github.com/dagger/dagger | head | tre)')).toEqual(['1: GitRef has no function tre']);
    expect(shell('container | from alpine | combined-output', ['Container.combinedOutput'])).toEqual([
      '1: Container.combinedOutput (combined-output) is not in the documented Dagger version',
    ]);
  });

  it('leaves module functions, builtins, variables and shadowing module functions alone', () => {
    expect(shell('build --source=. | terminal | anything')).toEqual([]);
    expect(shell('container | from alpine | .help\n.help with-exec\n$ctr | whatever')).toEqual([]);
    expect(shell('container --packages=curl,jq | with-exec -- jq --version | stdout')).toEqual([]);
  });

  it('reads the script of dagger -c', () => {
    const script = commandScript(model, {
      file: 'x.md',
      line: 3,
      args: shellCommands("dagger -m ./ci -c 'container | frm alpine'")[0].words.slice(1),
    });
    expect(script).toEqual({ file: 'x.md', line: 3, code: 'container | frm alpine' });
    expect(commandScript(model, { file: 'x.md', line: 3, args: ['call', 'build'] })).toBeUndefined();
  });
});

describe('command lines in CI configurations', () => {
  it('are found in YAML steps, Jenkins sh steps and argument lists', () => {
    const yaml = [
      'steps:',
      '  - run: dagger call test --source=.',
      '    script: |',
      '      dagger -m ./ci call lint',
      '  command: ["dagger", "core", "version"]',
    ].join('\n');
    expect(embeddedCommands(yaml, 1).map((c) => `${c.line}: ${c.words.join(' ')}`)).toEqual([
      '2: dagger call test --source=.',
      '4: dagger -m ./ci call lint',
      '5: dagger core version',
    ]);
    expect(embeddedCommands("sh 'dagger call deploy --token=env://TOKEN'", 7)[0]).toEqual({
      line: 7,
      words: ['dagger', 'call', 'deploy', '--token=env://TOKEN'],
    });
    expect(embeddedCommands('{"command": "dagger", "args": ["-m", ".", "mcp"]}', 1)[0].words).toEqual([
      'dagger',
      '-m',
      '.',
      'mcp',
    ]);
    expect(check('dagger {0}')).toEqual([]); // GitHub Actions `shell: dagger {0}`: a script file
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
      'source <(dagger completion bash)',
    ].join('\n');
    const commands = shellCommands(text, 10).map((c) => `${c.line}: ${c.words.join(' ')}`);
    expect(commands).toEqual([
      '10: export OUT=$(…)',
      '12: dagger query',
      '15: X=1 sudo dagger version',
      '15: cat log',
      '15: grep x',
      '16: source <(…)',
      '10: dagger call build --source=.',
      '16: dagger completion bash',
    ]);
    expect(argsOf(['X=1', 'sudo', 'dagger', 'version'], 'dagger')).toEqual(['version']);
    expect(argsOf(['helm', 'install', '--namespace', 'dagger', 'oci://x'], 'dagger')).toBeUndefined();
  });

  it('reads only the prompted lines of a transcript', () => {
    const commands = blockCommands(
      '$ dagger call hello\nHello, world!\n$ dagger version \\\n  --check\ndagger v0.18.16',
      'console',
      1,
    );
    expect(commands.map((c) => c.words.join(' '))).toEqual(['dagger call hello', 'dagger version --check']);
  });

  it('keeps placeholders in one word', () => {
    expect(shellCommands('dagger init --sdk=<go|python|typescript> --name=<name>')[0].words).toHaveLength(4);
  });
});
