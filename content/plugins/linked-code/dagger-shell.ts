import { key, type ApiFunction, type ApiModel } from './api-model.ts';
import { shellCommands } from './shell-words.ts';

/** A core function named in a command line or a pipeline: the word, and its line (Dagger Shell) or index among the words (`dagger core`). */
export interface FoundFunction {
  word: string;
  line?: number;
  index?: number;
  type: string;
  member: string;
}

/** How many API names a check resolved, and (when `found` is given) which and where. */
export interface Counted {
  names: number;
  found?: FoundFunction[];
}

/**
 * Checks the core-API pipelines of a Dagger Shell script (a `Dagger Shell` tab, or the script of
 * `dagger -c '…'`): in `container | from alpine | with-exec uname -a | stdout` each stage after the
 * first calls a function on the object the previous stage returned, and its `--flags` are optional
 * arguments of that function. Only pipelines that start with a function of the core API's root
 * (`container`, `directory`, `git`, `llm`, …) are checked; pipelines that start with a module's
 * function, a variable, a module reference or a builtin (`.help`) have types that cannot be known
 * here, and so does a pipeline whose first function has a flag the core one lacks (a loaded
 * module's function of the same name). Positional words are the required arguments' values and are
 * left alone.
 */
export function checkDaggerShell(
  api: ApiModel,
  absent: ReadonlySet<string>,
  script: string,
  firstLine: number,
  counted: Counted = { names: 0 },
): { line: number; message: string }[] {
  const problems: { line: number; message: string }[] = [];
  const root = api.types.get('Client')!;
  let type: string | undefined;
  for (const stage of shellCommands(script, firstLine)) {
    const [name, ...args] = stage.words;
    if (!stage.piped) {
      type = root.has(key(name.replace(/-/g, ''))) ? 'Client' : undefined;
      // A module loaded in the shell may have a function of the same name (the Wolfi module's
      // `container --packages=…`), which then wins: flags the core function lacks mean that one.
      const core = type && root.get(key(name.replace(/-/g, '')))!;
      const coreFlags = core ? [...core.params, ...(core.opts ? api.opts.get(core.opts)!.keys() : [])].map(key) : [];
      if (
        core &&
        args.some(
          (a) =>
            a.startsWith('--') && a !== '--' && !coreFlags.includes(key(a.slice(2).split('=')[0].replace(/-/g, ''))),
        )
      )
        type = undefined;
    }
    // Builtins (`.help`, `.wait`) end what can be followed.
    if (!type || name.startsWith('.')) {
      type = undefined;
      continue;
    }
    const f: ApiFunction | undefined = api.types.get(type)!.get(key(name.replace(/-/g, '')));
    if (!f) {
      problems.push({
        line: stage.line,
        message: `${type === 'Client' ? 'the core API' : type} has no function ${name}`,
      });
      type = undefined;
      continue;
    }
    counted.names++;
    counted.found?.push({ word: name, line: stage.line, type, member: f.name });
    if (absent.has(`${type}.${f.name}`))
      problems.push({
        line: stage.line,
        message: `${type}.${f.name} (${name}) is not in the documented Dagger version`,
      });
    const fields = f.opts ? api.opts.get(f.opts) : undefined;
    for (const arg of args) {
      if (arg === '--') break;
      if (!arg.startsWith('--')) continue;
      const flag = key(arg.slice(2).split('=')[0].replace(/-/g, ''));
      const field = fields?.get(flag);
      if (field || f.params.some((p) => key(p) === flag)) {
        counted.names++;
        if (field && (absent.has(`${f.opts}.${field}`) || absent.has(f.opts!)))
          problems.push({
            line: stage.line,
            message: `${name} ${arg.split('=')[0]} is not in the documented Dagger version`,
          });
      } else problems.push({ line: stage.line, message: `${name} has no argument ${arg.split('=')[0]}` });
    }
    type = f.returns;
  }
  return problems;
}
