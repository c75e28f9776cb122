import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { load as loadYaml } from 'js-yaml';
import type { CliData } from '../../../renderer/markdown/cli-data.ts';
import { collectCodeBlocks } from '../code-blocks.ts';
import { checkDaggerArgs, cliModel } from './cli-audit.ts';
import { argsOf, shellCommands } from './shell-words.ts';

/** A `dagger …` command line found in the content. */
export interface CommandLine {
  file: string;
  line: number;
  args: string[];
}

/** Languages of the fenced blocks whose lines are shell commands. */
export const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'console', 'zsh']);
const FENCE = /^\s*(`{3,}|~{3,})/;
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

/** Every `dagger …` command line in the Markdown under `root`: shell blocks and inline code. */
export function commandLinesInMarkdown(root: string): CommandLine[] {
  const found: CommandLine[] = [];
  const push = (file: string, commands: { line: number; words: string[] }[]) => {
    for (const { line, words } of commands) {
      const args = argsOf(words, 'dagger');
      if (args) found.push({ file, line, args });
    }
  };
  for (const block of collectCodeBlocks(root)) {
    if (!SHELL_LANGS.has(block.lang) || /\bno-audit\b/.test(block.meta)) continue;
    push(block.file, blockCommands(block.code, block.lang, block.line));
  }
  // Inline code in prose that starts with `dagger ` (fenced blocks skipped).
  for (const file of fg.sync('**/*.md', { cwd: root, absolute: true }).sort()) {
    const rel = path.relative(process.cwd(), file);
    let fence: string | undefined;
    fs.readFileSync(file, 'utf8').split('\n').forEach((text, index) => {
      const open = FENCE.exec(text);
      if (open) {
        if (!fence) fence = open[1];
        else if (text.trim() === fence || (text.trim().startsWith(fence) && /^[`~]+$/.test(text.trim()))) fence = undefined;
        return;
      }
      if (fence) return;
      for (const m of text.matchAll(INLINE_CODE)) {
        const code = m[2].trim();
        if (code.startsWith('dagger ')) push(rel, shellCommands(code, index + 1));
      }
    });
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

export interface CommandAudit {
  lines: number;
  flags: number;
  problems: string[];
}

/** Audits the command lines of the content under `contentRoot` against its `data/cli.yaml`. */
export function auditCommandLines(contentRoot: string): CommandAudit {
  const dataFile = path.join(contentRoot, 'data/cli.yaml');
  const model = cliModel(loadYaml(fs.readFileSync(dataFile, 'utf8')) as CliData);
  const lines = [...commandLinesInMarkdown(contentRoot), ...commandLinesInCliData(dataFile)];
  const checked = { flags: 0 };
  const problems = lines.flatMap((l) => checkDaggerArgs(model, l.args, checked).map((p) => `${l.file}:${l.line}: dagger ${l.args.join(' ')}: ${p.message}`));
  return { lines: lines.length, flags: checked.flags, problems };
}
