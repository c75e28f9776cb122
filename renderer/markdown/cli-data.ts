import fs from 'node:fs';
import { load as loadYaml } from 'js-yaml';
import { BuildError } from '../errors.ts';

export interface CliFlag {
  name: string;
  short?: string;
  type?: string;
  default?: string;
  description: string;
}
export interface CliCommand {
  name: string;
  synopsis: string;
  description?: string;
  flags?: CliFlag[];
  examples?: { description?: string; code: string }[];
}
export interface CliData {
  globalFlags?: CliFlag[];
  commands: CliCommand[];
}

/** Loads the CLI reference data; a malformed file is a build problem naming its line. */
export function loadCliData(file: string): CliData | undefined {
  if (!fs.existsSync(file)) return undefined;
  try {
    const data = loadYaml(fs.readFileSync(file, 'utf8')) as CliData;
    if (!data || !Array.isArray(data.commands)) throw new Error('expected a "commands" list');
    data.commands.forEach((c, i) => {
      if (!c?.name || !c?.synopsis) throw new Error(`commands[${i}] needs "name" and "synopsis"`);
    });
    return data;
  } catch (error: any) {
    throw new BuildError([
      { file, line: error?.mark ? error.mark.line + 1 : undefined, message: `invalid CLI data: ${String(error?.reason ?? error?.message)}`, hint: 'See the schema at the top of README "Data-driven pages".' },
    ]);
  }
}

const cell = (s: string | undefined) => (s ?? '').replace(/\|/g, '\\|').replace(/\n+/g, ' ');

function flagTable(flags: CliFlag[]): string {
  const rows = flags.map((f) => `| \`${cell([f.short, f.name].filter(Boolean).join(', '))}\` | ${f.type ? `\`${cell(f.type)}\`` : ''} | ${f.default ? `\`${cell(f.default)}\`` : ''} | ${cell(f.description)} |`);
  return ['| Flag | Type | Default | Description |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** The CLI data as Markdown: a `##` section per command, then the global flags. */
export function cliMarkdown(data: CliData): string {
  const parts: string[] = [];
  for (const cmd of data.commands) {
    parts.push(`## ${cmd.name}`, '', '```bash', cmd.synopsis, '```', '');
    if (cmd.description) parts.push(cmd.description.trim(), '');
    if (cmd.flags?.length) parts.push('### Flags', '', flagTable(cmd.flags), '');
    if (cmd.examples?.length) {
      parts.push('### Examples', '');
      for (const ex of cmd.examples) {
        if (ex.description) parts.push(ex.description.trim(), '');
        parts.push('```bash', ex.code.trim(), '```', '');
      }
    }
  }
  if (data.globalFlags?.length) parts.push('## Global flags', '', 'Every command accepts these flags.', '', flagTable(data.globalFlags), '');
  return parts.join('\n');
}
