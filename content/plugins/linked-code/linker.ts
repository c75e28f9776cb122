import fs from 'node:fs';
import { headingSlug } from '../../../theme/shared/slug.ts';
import type { CodeBlockInfo, CodeLink, CodeLinker } from '../../../renderer/markdown/code-links.ts';
import { loadCliData } from '../cli-reference/cli-data.ts';
import type { LinkerFiles } from './index.ts';
import { loadApiModelCached, type ApiModel } from './api-model.ts';
import { checkCoreChain } from './core-chains.ts';
import { checkDaggerShell, type Counted, type FoundFunction } from './dagger-shell.ts';
import { auditSdkCode, escapeRegExp, type ResolvedName, type SdkLang } from './sdk-chains.ts';
import { shellCommands } from './shell-words.ts';

/**
 * Linked code: each Dagger API name in a code sample links to its entry in the TypeScript SDK
 * reference (the class page of its type, at the member's heading). Names are found by the same
 * resolver the content audit checks them with (test/content/audit/): call chains on `dag` and on
 * values of a stated type in Go, Python, TypeScript, PHP and Java, `dagger core` chains in shell
 * blocks and the core pipelines of Dagger Shell. A name that does not resolve, or whose entry the
 * reference leaves out (the typescript-api plugin's exclude), stays plain text.
 */

/** Where the generated reference puts the SDK's classes (the typescript-api plugin, module client.gen). */
const CLASSES = '/reference/typescript/api/client.gen/classes';

const SDK_LANGS: Record<string, SdkLang> = {
  go: 'go',
  golang: 'go',
  python: 'python',
  py: 'python',
  typescript: 'typescript',
  ts: 'typescript',
  php: 'php',
  java: 'java',
};
/** Fences of command lines (`dagger core …`) and of Dagger Shell scripts (README: Code blocks). */
const COMMAND_LANGS = new Set(['bash', 'sh', 'zsh']);
const DAGGER_SHELL_LANGS = new Set(['shell']);

/** Where a name of the API is described: its class page, at the member's heading (`withExec()` → `#withexec`). */
function entry(type: string, member: string | undefined): { route: string; anchor?: string } {
  return { route: `${CLASSES}/${type}`, ...(member ? { anchor: headingSlug(member) } : {}) };
}

/**
 * What the linker reads, read once per thread: `docs dev` makes a linker for every save, and
 * reading the CLI data and the API model again cost ~50 ms a save. The module is loaded once per
 * thread anyway (restart `docs dev` after changing what it reads), so this loses nothing.
 */
const read = new Map<string, { excluded: Set<string>; cli: ReturnType<typeof loadCliData> }>();
let api: ApiModel | undefined;

export function createLinker(site: { hasRoute(route: string): boolean }, files: LinkerFiles): CodeLinker {
  const model = () => (api ??= loadApiModelCached());
  const key = JSON.stringify(files);
  if (!read.has(key))
    read.set(key, {
      excluded: new Set<string>(files.exclude ? JSON.parse(fs.readFileSync(files.exclude, 'utf8')).exclude : []),
      cli: loadCliData(files.cli),
    });
  const { excluded, cli } = read.get(key)!;
  const coreFlags = [
    ...(cli?.commands.find((c) => c.name === 'dagger core')?.flags ?? []),
    ...(cli?.globalFlags ?? []),
  ];

  const link = (at: number, length: number, type: string, member?: string): CodeLink | undefined => {
    if (excluded.has(type) || (member && excluded.has(`${type}.${member}`))) return undefined;
    const target = entry(type, member);
    return site.hasRoute(target.route) ? { start: at, end: at + length, ...target } : undefined;
  };

  /** Finds each word after `from` in `code`, in order, as a whole word. */
  const locate = (code: string, from: number, found: { word: string; type: string; member: string }[]) => {
    const links: CodeLink[] = [];
    let cursor = from;
    for (const f of found) {
      const m = new RegExp(`(?<![\\w-])${escapeRegExp(f.word)}(?![\\w-])`, 'g');
      m.lastIndex = cursor;
      const hit = m.exec(code);
      if (!hit) break;
      cursor = hit.index + f.word.length;
      const l = link(hit.index, f.word.length, f.type, f.member);
      if (l) links.push(l);
    }
    return links;
  };
  const lineStarts = (code: string) => [0, ...[...code.matchAll(/\n/g)].map((m) => m.index! + 1)];

  return {
    links(block: CodeBlockInfo): CodeLink[] {
      // A block wrong on purpose is not the API's.
      if (/\bno-audit\b/.test(block.meta)) return [];
      const sdk = SDK_LANGS[block.lang];
      if (sdk) {
        const names: ResolvedName[] = [];
        auditSdkCode(model(), new Set(), block.code, sdk, { resolved: 0, skipped: 0, names });
        return names.map((n) => link(n.at, n.length, n.type, n.member)).filter((l) => l !== undefined);
      }
      const starts = lineStarts(block.code);
      if (DAGGER_SHELL_LANGS.has(block.lang)) {
        const counted: Counted = { names: 0, found: [] };
        checkDaggerShell(model(), new Set(), block.code, 0, counted);
        // The functions of each line's pipelines, in order from the start of the line.
        const byLine = new Map<number, FoundFunction[]>();
        for (const f of counted.found!) byLine.set(f.line!, [...(byLine.get(f.line!) ?? []), f]);
        return [...byLine].flatMap(([line, found]) => locate(block.code, starts[line] ?? 0, found));
      }
      if (COMMAND_LANGS.has(block.lang) && /\bdagger\b[^\n]*\bcore\b/.test(block.code)) {
        return shellCommands(block.code, 0).flatMap(({ line, words }) => {
          if (words[0] !== 'dagger' || words[1] !== 'core') return [];
          const counted: Counted = { names: 0, found: [] };
          checkCoreChain(model(), new Set(), words.slice(2), coreFlags, counted);
          return locate(
            block.code,
            (starts[line] ?? 0) + block.code.slice(starts[line] ?? 0).indexOf('core') + 4,
            counted.found!,
          );
        });
      }
      return [];
    },
  };
}
