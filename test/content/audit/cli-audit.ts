import type { CliCommand, CliData, CliFlag } from '../../../content/plugins/cli-reference/cli-data.ts';
import { PLACEHOLDER } from '../../../content/plugins/linked-code/shell-words.ts';

/**
 * Checks one `dagger …` command line against the CLI data (content/data/cli.yaml): the subcommand
 * exists and every flag is one the command accepts, as cobra would parse it in Dagger 0.18.16.
 *
 * How cobra parses a `dagger` command line (cmd/dagger at v0.18.16):
 * - The subcommand is found first, skipping flags; the flags before and after it are then all
 *   parsed by the subcommand, which knows its own flags, the persistent flags of its parents and
 *   the global flags (installed as persistent flags of the root). A local flag of the root
 *   (`--model`, `-c`) is therefore unknown to `dagger call` even when written before `call`.
 * - `dagger call` and `dagger core` stop parsing their own flags at the first function name; what
 *   follows are functions and their arguments, added dynamically (functions.go). Before the first
 *   function, `dagger call` also takes the constructor arguments of the module as flags.
 * - `dagger run` stops at the command to run (run.go, SetInterspersed(false)).
 */
export interface CliProblem {
  message: string;
}

interface Command {
  name: string;
  flags: CliFlag[];
  children: Command[];
  /** What the positional words are, when they change how flags are parsed. */
  positional: 'functions' | 'constructor-functions' | 'command' | 'plain';
}

/** Commands whose positional words end the command's own flags (see the comment above). */
const POSITIONAL: Record<string, Command['positional']> = {
  'dagger call': 'constructor-functions',
  'dagger core': 'functions',
  'dagger run': 'command',
};

export interface CliModel {
  root: Command;
  global: CliFlag[];
  /** Every command, for "which commands have this flag" hints. */
  all: Command[];
}

export function cliModel(data: CliData): CliModel {
  const specs: CliCommand[] = [...data.commands, ...(data.unlistedCommands ?? [])];
  const byName = new Map<string, Command>();
  for (const spec of specs) {
    const command: Command = {
      name: spec.name,
      flags: spec.flags ?? [],
      children: [],
      positional: POSITIONAL[spec.name] ?? 'plain',
    };
    byName.set(spec.name, command);
    for (const alt of spec.altNames ?? [])
      byName.set(`${spec.name.slice(0, spec.name.lastIndexOf(' '))} ${alt}`, command);
  }
  const root = byName.get('dagger');
  if (!root) throw new Error('the CLI data has no "dagger" command');
  for (const [name, command] of byName) {
    if (name === 'dagger') continue;
    const parent = byName.get(name.slice(0, name.lastIndexOf(' ')));
    if (!parent) throw new Error(`the CLI data has "${name}" but not its parent command`);
    // Children are looked up by the word that names them, aliases included.
    parent.children.push(name === command.name ? command : { ...command, name });
  }
  // Persistent flags reach the subcommands.
  const inherit = (command: Command, from: CliFlag[]) => {
    command.flags = [...command.flags, ...from.filter((f) => !command.flags.some((own) => own.name === f.name))];
    const persistent = command.flags.filter((f) => f.persistent);
    for (const child of command.children) inherit(child, persistent);
  };
  inherit(root, []);
  return { root, global: data.globalFlags ?? [], all: [...new Set(byName.values())] };
}

const takesValue = (flag: CliFlag) => !['boolean', 'count'].includes(flag.type ?? '') && flag.optionalValue !== true;

function findFlag(flags: CliFlag[], token: string): CliFlag | undefined {
  if (token.startsWith('--')) return flags.find((f) => f.name === token);
  return flags.find((f) => f.short === token);
}

/** The commands (names) that have a flag, for hints. */
function owners(model: CliModel, flag: string): string[] {
  return model.all.filter((c) => findFlag(c.flags, flag)).map((c) => c.name);
}

/** True for a word that can only be a path or a reader's placeholder, not a command name. */
const looksLikeFile = (word: string) => word.includes(PLACEHOLDER) || /[./$~…{]/.test(word) || word.startsWith('[');

/**
 * The command a `dagger` command line runs (as cobra finds it: flags skipped, with the value of a
 * flag that takes one) and the words left for it to parse, or the unknown command's name.
 */
export function resolveCommand(
  model: CliModel,
  args: string[],
): { command: Command; rest: string[] } | { unknown: string } {
  let command = model.root;
  const rest: string[] = [];
  let i = 0;
  let resolving = true;
  for (; i < args.length; i++) {
    const word = args[i];
    if (word === '--') break;
    if (word.startsWith('-') && word.length > 1) {
      rest.push(word);
      const name = word.split('=')[0];
      const flag = findFlag([...command.flags, ...model.global], word.startsWith('--') ? name : name.slice(0, 2));
      const glued = word.includes('=') || (!word.startsWith('--') && word.length > 2);
      if (!glued && (!flag || takesValue(flag)) && i + 1 < args.length) rest.push(args[++i]);
      continue;
    }
    if (!resolving) {
      rest.push(word);
      continue;
    }
    const child = command.children.find((c) => c.name.slice(c.name.lastIndexOf(' ') + 1) === word);
    if (child) {
      command = child;
      continue;
    }
    // A placeholder may stand for a subcommand (`dagger completion <shell>`); anything else that
    // is not one is an unknown command, except a path or address given to the root command.
    if (command.children.length && !word.includes(PLACEHOLDER) && (command !== model.root || !looksLikeFile(word)))
      return { unknown: `${command.name} ${word}` };
    resolving = false;
    rest.push(word);
  }
  rest.push(...args.slice(i));
  return { command, rest };
}

/**
 * Problems of one command line; `args` are the words after `dagger`. `checked` counts the flags
 * that were checked (for the report). `onFunctions` checks the function chain of a command whose
 * functions are known (`dagger core`), given the words after the command and its flags.
 */
export function checkDaggerArgs(
  model: CliModel,
  args: string[],
  checked = { flags: 0 },
  onFunctions?: (command: string, words: string[], flags: CliFlag[]) => CliProblem[],
): CliProblem[] {
  const problems: CliProblem[] = [];
  // 1. Find the command, as cobra does.
  const resolved = resolveCommand(model, args);
  if ('unknown' in resolved) return [{ message: `unknown command "${resolved.unknown}"` }];
  const { command, rest } = resolved;

  // 2. Parse the flags with the command's flag set, as pflag does.
  const flags = [...command.flags, ...model.global];
  const persistent = flags.filter((f) => f.persistent || model.global.includes(f));
  let inFunctions = false;
  const report = (flag: string) => {
    const elsewhere = owners(model, flag).filter((n) => n !== command.name);
    const hint = elsewhere.length ? ` (it is a flag of ${elsewhere.map((n) => `\`${n}\``).join(', ')})` : '';
    problems.push({ message: `${command.name} has no flag ${flag}${hint}` });
  };
  for (let j = 0; j < rest.length; j++) {
    const word = rest[j];
    if (word === '--') break;
    const isFlag = word.startsWith('-') && word.length > 1 && !word.includes(PLACEHOLDER);
    if (!isFlag) {
      if (command.positional === 'command') break;
      if (command.positional !== 'plain') inFunctions = true;
      continue;
    }
    if (inFunctions) {
      // Function arguments are long flags we cannot know; a short flag can only be one of the
      // command's persistent flags or a global one, unless it is the value of the previous flag.
      const previous = rest[j - 1] ?? '';
      if (word.startsWith('--') || (previous.startsWith('--') && !previous.includes('='))) continue;
      checked.flags++;
      const name = word.slice(0, 2);
      const flag = findFlag(persistent, name);
      if (!flag) report(name);
      else if (takesValue(flag) && word.length === 2 && !word.includes('=')) j++;
      continue;
    }
    if (word.startsWith('--')) {
      const name = word.split('=')[0];
      checked.flags++;
      const flag = findFlag(flags, name);
      if (!flag) {
        // Before the first function, `dagger call` also takes the module's constructor arguments;
        // only a flag of the root command that `call` lacks is surely a mistake.
        if (command.positional === 'constructor-functions' && !findFlag(model.root.flags, name)) {
          if (!word.includes('=') && j + 1 < rest.length && !rest[j + 1].startsWith('-')) j++;
          continue;
        }
        report(name);
        if (!word.includes('=') && j + 1 < rest.length && !rest[j + 1].startsWith('-')) j++;
      } else if (takesValue(flag) && !word.includes('=')) j++;
      continue;
    }
    // Shorthands, possibly combined (`-qq`, `-vvv`) or with a glued value (`-o./out`, `-m=x`).
    for (let k = 1; k < word.length; k++) {
      checked.flags++;
      const name = `-${word[k]}`;
      const flag = findFlag(flags, name);
      if (!flag) {
        report(name);
        break;
      }
      if (takesValue(flag)) {
        if (k === word.length - 1) j++;
        break;
      }
    }
  }
  // `dagger core`: the function chain is the core API's, so it can be checked too.
  if (command.positional === 'functions' && onFunctions) problems.push(...onFunctions(command.name, rest, flags));
  return problems;
}
