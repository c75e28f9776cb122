import type { CliFlag } from '../cli-reference/cli-data.ts';
import { key, type ApiFunction, type ApiModel } from './api-model.ts';
import type { Counted } from './dagger-shell.ts';

/**
 * Checks the function chain of a `dagger core` command line against the API model: `dagger core
 * container from --address=alpine file --path=/etc/os-release contents` calls `container` on the
 * root, `from` (argument `address`) on the Container it returns, then `file` and `contents`. Each
 * function must exist on the type the previous one returned, and each `--argument` must be a
 * parameter or an option of its function (kebab-case, mapped like the SDKs' names) unless it is a
 * flag of the command itself (`cliFlags`: `-o`, `--json`, the global flags). Chains stop being
 * checked where a function returns something other than an object.
 */
export function checkCoreChain(
  api: ApiModel,
  absent: ReadonlySet<string>,
  words: string[],
  cliFlags: CliFlag[],
  counted: Counted = { names: 0 },
): string[] {
  const problems: string[] = [];
  let type: string | undefined = 'Client';
  let fn: ApiFunction | undefined;
  const cliFlag = (word: string) =>
    cliFlags.find((f) => (word.startsWith('--') ? f.name === word.split('=')[0] : f.short === word.slice(0, 2)));
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === '--') break;
    if (word.startsWith('-')) {
      const flag = fn && word.startsWith('--') ? undefined : cliFlag(word);
      const own = word.startsWith('--') && fn ? key(word.slice(2).split('=')[0].replace(/-/g, '')) : undefined;
      if (own && (fn!.params.some((p) => key(p) === own) || (fn!.opts && api.opts.get(fn!.opts)?.has(own)))) {
        counted.names++;
        const field = fn!.opts ? api.opts.get(fn!.opts)?.get(own) : undefined;
        if (field && (absent.has(`${fn!.opts}.${field}`) || absent.has(fn!.opts!)))
          problems.push(`${fn!.name} --${word.slice(2).split('=')[0]} is not in the documented Dagger version`);
        const boolean =
          fn!.booleans.includes(own) ||
          (fn!.opts && api.opts.get(fn!.opts)?.has(own) && api.booleanFields.has(`${fn!.opts}.${own}`));
        if (!word.includes('=') && !boolean) i++;
      } else if (cliFlag(word) ?? flag) {
        const f = (cliFlag(word) ?? flag)!;
        if (
          !word.includes('=') &&
          !['boolean', 'count'].includes(f.type ?? '') &&
          (word.startsWith('--') || word.length === 2)
        )
          i++;
      } else if (fn) {
        problems.push(`${fn.name} has no argument ${word.split('=')[0]}`);
        if (!word.includes('=') && words[i + 1] && !words[i + 1].startsWith('-')) i++;
      }
      continue;
    }
    if (!type) break;
    const next: ApiFunction | undefined = api.types.get(type)?.get(key(word.replace(/-/g, '')));
    if (!next) {
      problems.push(`${type === 'Client' ? 'the core API' : type} has no function ${word}`);
      break;
    }
    counted.names++;
    counted.found?.push({ word, index: i, type, member: next.name });
    if (absent.has(`${type}.${next.name}`))
      problems.push(`${type}.${next.name} (${word}) is not in the documented Dagger version`);
    fn = next;
    type = next.returns;
  }
  return problems;
}
