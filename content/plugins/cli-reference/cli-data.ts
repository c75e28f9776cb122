import fs from 'node:fs';
import { headingSlug as slug } from '../../../theme/shared/slug.ts';
import { load as loadYaml } from 'js-yaml';
import { BuildError } from '../../../renderer/errors.ts';

export interface CliFlag {
  name: string;
  short?: string;
  type?: string;
  default?: string;
  description: string;
  /** A persistent flag: subcommands (and, for `call`/`core`, the function chain) accept it too. */
  persistent?: boolean;
  /** The flag's value may be left out (`--compat` alone): it never takes the next word. */
  optionalValue?: boolean;
}
/**
 * Anchors of an earlier version of the page (links in the wild) that should land on one of the
 * command's sections: its heading, its options, its examples, its "See also", or (`inherited`)
 * the global flags it inherits. They become alias anchors of those headings.
 */
export interface CliAliases {
  command?: string[];
  options?: string[];
  inherited?: string[];
  examples?: string[];
  seeAlso?: string[];
}
export interface CliCommand {
  name: string;
  synopsis: string;
  description?: string;
  flags?: CliFlag[];
  examples?: { description?: string; code: string }[];
  aliases?: CliAliases;
  /** Other names of the command (cobra aliases): `use` for `dagger install`. */
  altNames?: string[];
}
export interface CliData {
  globalFlags?: CliFlag[];
  commands: CliCommand[];
  /**
   * Commands that exist but are not rendered on the page (hidden ones, cobra's `help`): known to
   * the audit of command lines in the content (test/content/audit/), shown nowhere.
   */
  unlistedCommands?: CliCommand[];
}

const ALIAS_KEYS = ['command', 'options', 'inherited', 'examples', 'seeAlso'];
const ANCHOR = /^[A-Za-z][\w.-]*$/;

/** Loads the CLI reference data; a malformed file is a build problem naming its line. */
export function loadCliData(file: string): CliData | undefined {
  if (!fs.existsSync(file)) return undefined;
  try {
    const data = loadYaml(fs.readFileSync(file, 'utf8')) as CliData;
    if (!data || !Array.isArray(data.commands)) throw new Error('expected a "commands" list');
    data.commands.forEach((c, i) => {
      if (!c?.name || !c?.synopsis) throw new Error(`commands[${i}] needs "name" and "synopsis"`);
      for (const [key, ids] of Object.entries(c.aliases ?? {})) {
        if (!ALIAS_KEYS.includes(key))
          throw new Error(`commands[${i}].aliases: unknown section "${key}" (one of ${ALIAS_KEYS.join(', ')})`);
        if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && ANCHOR.test(id)))
          throw new Error(`commands[${i}].aliases.${key} must be a list of anchors (letters, digits, "-", "_", ".")`);
      }
    });
    return data;
  } catch (error: any) {
    throw new BuildError([
      {
        file,
        line: error?.mark ? error.mark.line + 1 : undefined,
        message: `invalid CLI data: ${String(error?.reason ?? error?.message)}`,
        hint: 'See the schema at the top of README "Data-driven pages".',
      },
    ]);
  }
}

const cell = (s: string | undefined) => (s ?? '').replace(/\|/g, '\\|').replace(/\n+/g, ' ');

function flagTable(flags: CliFlag[]): string {
  const rows = flags.map(
    (f) =>
      `| \`${cell([f.short, f.name].filter(Boolean).join(', '))}\` | ${f.type ? `\`${cell(f.type)}\`` : ''} | ${f.default ? `\`${cell(f.default)}\`` : ''} | ${cell(f.description)} |`,
  );
  return ['| Flag | Type | Default | Description |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** `{#id #alias…}` for a heading (heading-ids.ts). */
const ids = (id: string, aliases: string[] = []) => ` {${[id, ...aliases].map((a) => `#${a}`).join(' ')}}`;

/** The first sentence of a command's description, as a one-line summary in "See also" lists. */
function summary(cmd: CliCommand): string {
  const first = (cmd.description ?? '')
    .trim()
    .split(/\n\s*\n/)[0]
    .replace(/\s+/g, ' ');
  return /^.*?[.!?](?=\s|$)/.exec(first)?.[0] ?? first;
}

/**
 * The CLI data as Markdown: a `##` section per command (synopsis, description, then "Options",
 * "Examples" and "See also" subsections), then the global flags. Each section has a fixed id made
 * from the command's name (`dagger-call-options`), so its anchor does not depend on which other
 * commands have options or examples; a command's `aliases` are added to its sections' headings.
 * "See also" links a command to its parent and its subcommands (by name: `a b` is a child of `a`).
 */
export function cliMarkdown(data: CliData): string {
  const parts: string[] = [];
  const names = new Set(data.commands.map((c) => c.name));
  for (const cmd of data.commands) {
    const id = slug(cmd.name);
    const a = cmd.aliases ?? {};
    parts.push(`## ${cmd.name}${ids(id, a.command)}`, '', '```bash', cmd.synopsis, '```', '');
    if (cmd.description) parts.push(cmd.description.trim(), '');
    if (cmd.flags?.length) {
      parts.push(`### Options${ids(`${id}-options`, a.options)}`, '', flagTable(cmd.flags), '');
      if (data.globalFlags?.length) parts.push('The [global flags](#global-flags) also apply.', '');
    }
    if (cmd.examples?.length) {
      parts.push(`### Examples${ids(`${id}-examples`, a.examples)}`, '');
      for (const ex of cmd.examples) {
        if (ex.description) parts.push(ex.description.trim(), '');
        parts.push('```bash', ex.code.trim(), '```', '');
      }
    }
    const parent = cmd.name.includes(' ') ? cmd.name.slice(0, cmd.name.lastIndexOf(' ')) : undefined;
    const related = [
      ...(parent && names.has(parent) ? [data.commands.find((c) => c.name === parent)!] : []),
      ...data.commands.filter(
        (c) => c.name.startsWith(`${cmd.name} `) && !c.name.slice(cmd.name.length + 1).includes(' '),
      ),
    ];
    if (related.length) {
      parts.push(`### See also${ids(`${id}-see-also`, a.seeAlso)}`, '');
      for (const r of related)
        parts.push(
          `- [\`${r.name}\`](#${slug(r.name)})${r.name === parent ? ' (parent command)' : ''}${summary(r) ? `: ${summary(r)}` : ''}`,
        );
      parts.push('');
    }
  }
  if (data.globalFlags?.length) {
    const inherited = data.commands.flatMap((c) => c.aliases?.inherited ?? []);
    parts.push(
      `## Global flags${inherited.length ? ids('global-flags', inherited) : ''}`,
      '',
      'Every command accepts these flags.',
      '',
      flagTable(data.globalFlags),
      '',
    );
  }
  return parts.join('\n');
}
