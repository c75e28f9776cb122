import fs from 'node:fs';
import path from 'node:path';
import { load as loadYaml } from 'js-yaml';
import type { CliData, CliFlag } from '../../../content/plugins/cli-reference/cli-data.ts';
import { scanMarkdown, type CodeBlock } from '../code-blocks.ts';
import { checkDaggerArgs, cliModel, resolveCommand, type CliModel } from './cli-audit.ts';
import { checkCoreChain } from '../../../content/plugins/linked-code/core-chains.ts';
import { checkDaggerShell } from '../../../content/plugins/linked-code/dagger-shell.ts';
import { loadApiModel } from '../../../content/plugins/linked-code/api-model.ts';
import { argsOf, shellCommands } from '../../../content/plugins/linked-code/shell-words.ts';

/** A `dagger …` command line found in the content. */
export interface CommandLine {
  file: string;
  line: number;
  args: string[];
}

/** Languages of the fenced blocks whose lines are shell commands. */
export const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'console', 'zsh']);
const INLINE_CODE = /(`+)(?!`)(.+?)(?<!`)\1(?!`)/g;

/**
 * The commands of one shell block. In a transcript (lines starting with `$ `, or a `console`
 * block) only the prompted lines and their continuations are commands; the rest is output.
 */
export function blockCommands(code: string, lang: string, firstLine: number) {
  const lines = code.split('\n');
  if (lang === 'console' || lines.some((l) => /^\s*\$ /.test(l))) {
    let continued = false;
    for (let i = 0; i < lines.length; i++) {
      const prompted = /^\s*\$ /.test(lines[i]);
      if (prompted) lines[i] = lines[i].replace(/^\s*\$ /, '');
      else if (!continued) lines[i] = '';
      continued = (prompted || continued) && /\\$/.test(lines[i]);
    }
  }
  return shellCommands(lines.join('\n'), firstLine);
}

/** Languages of the blocks (CI configurations, MCP settings) that may hold `dagger` command lines. */
export const EMBEDDING_LANGS = new Set(['yaml', 'yml', 'groovy', 'dockerfile', 'json', 'toml']);

/**
 * The `dagger` commands written inside a CI configuration or a settings file: a YAML step
 * (`- dagger …`, `run: dagger …`, `script:`, `command:`, a block scalar line), a Jenkins `sh '…'`,
 * a Dockerfile `RUN`, and argument lists (`command: ["dagger", "core", "version"]`,
 * `"command": "dagger", "args": [...]`).
 */
export function embeddedCommands(code: string, firstLine: number) {
  const found: { line: number; words: string[] }[] = [];
  const lines = code.split('\n');
  lines.forEach((text, i) => {
    const step = /^\s*(?:-\s+)?(?:[\w-]+\s*:\s*)?(?:sh\s+|RUN\s+)?(['"]?)(dagger\s.*)$/.exec(text);
    if (step) {
      const body = step[1] && step[2].endsWith(step[1]) ? step[2].slice(0, -1) : step[2];
      found.push(...shellCommands(body, firstLine + i));
    }
  });
  const list = (items: string) => [...items.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]);
  const lineOf = (index: number) => firstLine + code.slice(0, index).split('\n').length - 1;
  for (const m of code.matchAll(/\[\s*"dagger"\s*((?:,\s*"(?:[^"\\]|\\.)*"\s*)*)\]/g))
    found.push({ line: lineOf(m.index!), words: ['dagger', ...list(m[1])] });
  for (const m of code.matchAll(/"command"\s*:\s*"dagger"\s*,\s*"args"\s*:\s*\[([^\]]*)\]/g))
    found.push({ line: lineOf(m.index!), words: ['dagger', ...list(m[1])] });
  return found;
}

/** Every `dagger …` command line in the Markdown under `root`: shell blocks, CI configurations, inline code. */
export function commandLinesInMarkdown({ blocks, prose }: ReturnType<typeof scanMarkdown>): CommandLine[] {
  const found: CommandLine[] = [];
  const push = (file: string, commands: { line: number; words: string[] }[]) => {
    for (const { line, words } of commands) {
      const args = argsOf(words, 'dagger');
      if (args) found.push({ file, line, args });
    }
  };
  for (const block of blocks) {
    if (/\bno-audit\b/.test(block.meta)) continue;
    if (SHELL_LANGS.has(block.lang)) push(block.file, blockCommands(block.code, block.lang, block.line));
    else if (EMBEDDING_LANGS.has(block.lang)) push(block.file, embeddedCommands(block.code, block.line));
  }
  // Inline code in prose that starts with `dagger `.
  for (const { file, line, text } of prose) {
    for (const m of text.matchAll(INLINE_CODE)) {
      const code = m[2].trim();
      if (code.startsWith('dagger ')) push(file, shellCommands(code, line));
    }
  }
  return found;
}

/** The examples of the CLI data, with the line of the YAML file each starts on. */
export function commandLinesInCliData(file: string): CommandLine[] {
  const text = fs.readFileSync(file, 'utf8');
  const data = loadYaml(text) as CliData;
  const rel = path.relative(process.cwd(), file);
  const lines = text.split('\n');
  const found: CommandLine[] = [];
  for (const command of [...data.commands, ...(data.unlistedCommands ?? [])]) {
    for (const example of command.examples ?? []) {
      const first = example.code.trim().split('\n')[0];
      const at = lines.findIndex((l) => l.includes(first));
      for (const { line, words } of shellCommands(example.code, at + 1)) {
        const args = argsOf(words, 'dagger');
        if (args) found.push({ file: rel, line, args });
      }
    }
  }
  return found;
}

/** A Dagger Shell script: a `shell` block, or the script of `dagger -c`. */
export interface ShellScript {
  file: string;
  line: number;
  code: string;
}

/** The Dagger Shell blocks (language `shell`, which the content keeps for Dagger Shell). */
export function daggerShellBlocks(blocks: CodeBlock[]): ShellScript[] {
  return blocks
    .filter((b) => b.lang === 'shell' && !/\bno-audit\b/.test(b.meta))
    .map((b) => ({ file: b.file, line: b.line, code: b.code }));
}

/** The script given to `dagger -c` / `dagger shell --command`, if the command line has one. */
export function commandScript(model: CliModel, line: CommandLine): ShellScript | undefined {
  const resolved = resolveCommand(model, line.args);
  if ('unknown' in resolved || !['dagger', 'dagger shell'].includes(resolved.command.name)) return undefined;
  const { rest } = resolved;
  for (let i = 0; i < rest.length; i++) {
    const m = /^(?:-c|--command)(?:=(.*))?$/.exec(rest[i]) ?? /^-c(.+)$/.exec(rest[i]);
    if (m) return { file: line.file, line: line.line, code: m[1] ?? rest[i + 1] ?? '' };
  }
  return undefined;
}

export interface CommandAudit {
  lines: number;
  flags: number;
  /** Core API functions and arguments resolved in `dagger core` chains and Dagger Shell pipelines. */
  coreNames: number;
  /** Dagger Shell scripts whose core pipelines were checked. */
  shellScripts: number;
  problems: string[];
}

/**
 * Audits the command lines of the content under `contentRoot` against its `data/cli.yaml`, and the
 * function chains of `dagger core` and the core pipelines of Dagger Shell scripts against the API
 * (content/plugins/linked-code/api-model.ts), without the names the documented version lacks (`absent`, documented-api.ts).
 */
export function auditCommandLines(contentRoot: string, absent: ReadonlySet<string>): CommandAudit {
  const dataFile = path.join(contentRoot, 'data/cli.yaml');
  const model = cliModel(loadYaml(fs.readFileSync(dataFile, 'utf8')) as CliData);
  const markdown = scanMarkdown(contentRoot);
  const lines = [...commandLinesInMarkdown(markdown), ...commandLinesInCliData(dataFile)];
  const checked = { flags: 0 };
  const api = loadApiModel();
  const core = { names: 0 };
  const onFunctions = (command: string, words: string[], flags: CliFlag[]) =>
    command === 'dagger core' ? checkCoreChain(api, absent, words, flags, core).map((message) => ({ message })) : [];
  const problems = lines.flatMap((l) =>
    checkDaggerArgs(model, l.args, checked, onFunctions).map(
      (p) => `${l.file}:${l.line}: dagger ${l.args.join(' ')}: ${p.message}`,
    ),
  );
  const scripts = [
    ...daggerShellBlocks(markdown.blocks),
    ...lines.map((l) => commandScript(model, l)).filter((s) => s !== undefined),
  ];
  for (const script of scripts) {
    for (const p of checkDaggerShell(api, absent, script.code, script.line, core))
      problems.push(`${script.file}:${p.line}: Dagger Shell: ${p.message}`);
  }
  return { lines: lines.length, flags: checked.flags, coreNames: core.names, shellScripts: scripts.length, problems };
}
