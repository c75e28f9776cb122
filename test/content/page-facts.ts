/**
 * Facts a reader trips on that a machine can check in the Markdown itself, each found wrong on a
 * page once (issue 28). Every rule reads a page as units: prose paragraphs (a table row or a list
 * item is a unit of its own) and code blocks, each in its scope (the lines since the last heading
 * or tab opener).
 */

export interface Unit {
  kind: 'prose' | 'code';
  line: number;
  text: string;
  lang?: string;
  /** The label of the tab the unit is in, if any. */
  tab?: string;
  /** Increases at each heading and tab opener or closer: units with the same scope share a section or a tab. */
  scope: number;
}

const FENCE = /^\s*(`{3,}|~{3,})\s*([\w+-]*)/;
const HEADING = /^#{2,6}\s/;
const TAB_OPEN = /^\s*:{3,}tab\[([^\]]*)\]/;
const DIRECTIVE_LINE = /^\s*:{3,}/;
const ITEM = /^\s*(?:[-*+]|\d+[.)])\s/;

/** The units of one Markdown page, in order. */
export function unitsOf(markdown: string): Unit[] {
  const lines = markdown.split('\n');
  const units: Unit[] = [];
  let scope = 0;
  let tab: string | undefined;
  let para: { line: number; text: string[] } | undefined;
  const flush = () => {
    if (para) units.push({ kind: 'prose', line: para.line, text: para.text.join('\n'), tab, scope });
    para = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const body: string[] = [];
      let j = i + 1;
      for (; j < lines.length; j++) {
        const t = lines[j].trim();
        if (t.startsWith(fence[1]) && /^[`~]+$/.test(t)) break;
        body.push(lines[j]);
      }
      units.push({ kind: 'code', line: i + 2, text: body.join('\n'), lang: fence[2], tab, scope });
      i = j;
      continue;
    }
    if (HEADING.test(line) || DIRECTIVE_LINE.test(line)) {
      flush();
      const opened = TAB_OPEN.exec(line);
      if (HEADING.test(line) || opened || /^\s*:{3,}\s*$/.test(line)) {
        scope++;
        // A closing `:::` ends the tab; a heading or another opener starts a new scope.
        tab = opened ? opened[1] : HEADING.test(line) ? undefined : tab && /^\s*:{3}\s*$/.test(line) ? undefined : tab;
      }
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    // A table row or a list item starts a unit of its own.
    if (line.trimStart().startsWith('|') || ITEM.test(line)) flush();
    if (!para) para = { line: i + 1, text: [] };
    para.text.push(line);
  }
  flush();
  return units;
}

export interface Finding {
  line: number;
  message: string;
}

/** Files that are lockfiles of a package manager: a command that reads one needs it to exist. */
const LOCKFILE =
  /(?<![\w.-])(requirements[\w.-]*\.lock|uv\.lock|poetry\.lock|Pipfile\.lock|pdm\.lock|package-lock\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Cargo\.lock|composer\.lock|Gemfile\.lock)(?![\w.-])/g;
const COMMAND_LANGS = new Set([
  'bash',
  'sh',
  'shell',
  'shellscript',
  'zsh',
  'console',
  'powershell',
  'ps1',
  'yaml',
  'yml',
  'dockerfile',
  'docker',
]);

/**
 * A lockfile a command names must be one the reader has: the prose of the same section or tab,
 * before the command, names it (as in "for modules that use a `requirements.lock` file").
 */
export function lockfilesNamedBeforeUse(units: Unit[]): Finding[] {
  const findings: Finding[] = [];
  units.forEach((u, i) => {
    if (u.kind !== 'code' || !COMMAND_LANGS.has(u.lang ?? '')) return;
    const before = units
      .slice(0, i)
      .filter((p) => p.kind === 'prose' && p.scope === u.scope)
      .map((p) => p.text)
      .join('\n');
    for (const name of new Set([...u.text.matchAll(LOCKFILE)].map((m) => m[1]))) {
      if (!before.includes(name))
        findings.push({
          line: u.line,
          message: `the command uses ${name}, but nothing before it in this ${u.tab ? `tab (${u.tab})` : 'section'} says the reader has one`,
        });
    }
  });
  return findings;
}

/** A path under the Linux default of XDG_CONFIG_HOME, where Dagger keeps credentials.json, engine.json and more. */
const LINUX_CONFIG_PATH = /(?:~|\$HOME|\$\{HOME\})\/\.config\/dagger\b/;

/**
 * `~/.config/dagger/…` holds on Linux only: wherever a page gives it, the same paragraph (for a
 * code block, the paragraph before it) also gives `$XDG_CONFIG_HOME` and the macOS location, unless
 * it sits in a tab for Linux.
 */
export function configPathsQualified(units: Unit[]): Finding[] {
  const findings: Finding[] = [];
  const qualified = (text: string) => text.includes('XDG_CONFIG_HOME') && text.includes('Application Support');
  units.forEach((u, i) => {
    if (!LINUX_CONFIG_PATH.test(u.text) || /linux/i.test(u.tab ?? '')) return;
    const context =
      u.kind === 'prose'
        ? u.text
        : ([...units.slice(0, i)].reverse().find((p) => p.kind === 'prose' && p.scope === u.scope)?.text ?? '');
    if (!qualified(context))
      findings.push({
        line: u.line,
        message: `${LINUX_CONFIG_PATH.exec(u.text)![0]} is the Linux default only: say $XDG_CONFIG_HOME/dagger and the macOS location (~/Library/Application Support/dagger) with it`,
      });
  });
  return findings;
}

const MENTIONS_DEFAULT_PATH = /default[ -]?paths?\b/i;
const MENTIONS_CONTEXT = /context directory|repository root|root of the (?:git )?repository|git root/i;
const SAYS_WHERE_FROM = /resolv|starts? (?:at|from)|relative to|against/i;
const ABSOLUTE_CASE = /absolute|[`"]\/[\w/-]*[`"]/i;
const RELATIVE_CASE = /relative (?:default )?path|relative one|[`"]\.{1,2}(?:\/[\w/-]*)?[`"]/i;

/**
 * Where a default path starts depends on its form (core/modulesource.go, LoadContext): a relative
 * one at the module's root, an absolute one at the context directory. A paragraph that ties
 * default paths to the context directory must tell the two forms apart.
 */
export function defaultPathOrigins(units: Unit[]): Finding[] {
  return units
    .filter(
      (u) =>
        u.kind === 'prose' &&
        MENTIONS_DEFAULT_PATH.test(u.text) &&
        MENTIONS_CONTEXT.test(u.text) &&
        SAYS_WHERE_FROM.test(u.text),
    )
    .filter((u) => !(ABSOLUTE_CASE.test(u.text) && RELATIVE_CASE.test(u.text)))
    .map((u) => ({
      line: u.line,
      message:
        'says where default paths start without telling relative ones (module root) from absolute ones (context directory)',
    }));
}

/**
 * The generated source-map comment (cmd/codegen/introspection/introspection.go, Filelink) is
 * `// <module> (<path>:<line>:<column>)`, or a URL for a Git module: a form shown without the
 * column is wrong.
 */
export function sourceMapForms(units: Unit[]): Finding[] {
  const findings: Finding[] = [];
  for (const u of units) {
    if (u.kind !== 'prose') continue;
    for (const m of u.text.matchAll(/`\/\/ <module> \(([^`]*)\)`/g)) {
      if (!/^<path>:<line>:<column>$|^<url>$/i.test(m[1]))
        findings.push({
          line: u.line,
          message: `the source-map comment is (<path>:<line>:<column>) or (<URL>), not (${m[1]})`,
        });
    }
  }
  return findings;
}

export const RULES = { lockfilesNamedBeforeUse, configPathsQualified, defaultPathOrigins, sourceMapForms };
