import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import {
  configPathsQualified,
  defaultPathOrigins,
  lockfilesNamedBeforeUse,
  RULES,
  sourceMapForms,
  unitsOf,
} from './page-facts.ts';

// The rules of page-facts.ts over every page and the CLI data. Each rule is also run on the text
// that was wrong (issue 28's findings, quoted below as they stood) and on its correction.

describe('facts a machine can check, on every page', () => {
  it('hold on content/docs and content/data/cli.yaml', () => {
    const files = fg
      .sync('docs/**/*.md', { cwd: 'content' })
      .sort()
      .map((f) => `content/${f}`);
    const findings: string[] = [];
    for (const file of [...files, 'content/data/cli.yaml']) {
      const units = unitsOf(fs.readFileSync(file, 'utf8'));
      const rules = file.endsWith('.yaml') ? { configPathsQualified } : RULES;
      for (const [name, rule] of Object.entries(rules))
        for (const f of rule(units)) findings.push(`${path.normalize(file)}:${f.line}: ${f.message} (${name})`);
    }
    expect(files.length).toBeGreaterThan(50);
    expect(findings).toEqual([]);
  });
});

const tab = (label: string, body: string) => `::::tabs{group=python-tools}\n:::tab[${label}]\n${body}\n:::\n::::`;

describe('a lockfile a command uses is one the reader has', () => {
  it('fails when the tab never says the module has the file', () => {
    const old = tab(
      'pip',
      'Use the same Python version as the module:\n\n```bash\npython -m pip install -r requirements.lock -e ./sdk -e .\n```',
    );
    expect(lockfilesNamedBeforeUse(unitsOf(old)).map((f) => f.message)).toEqual([
      'the command uses requirements.lock, but nothing before it in this tab (pip) says the reader has one',
    ]);
  });
  it('passes when the same tab says which modules have it, and not on the word from another tab', () => {
    const fixed = tab(
      'uv pip',
      'For modules that use a `requirements.lock` file instead of `uv.lock`:\n\n```bash\nuv pip install -r requirements.lock -e ./sdk -e .\n```',
    );
    expect(lockfilesNamedBeforeUse(unitsOf(fixed))).toEqual([]);
    const elsewhere = `${tab('uv pip', 'Modules with a `requirements.lock`:\n\n```bash\nuv pip sync requirements.lock\n```')}\n\n${tab('pip', 'Then:\n\n```bash\npip install -r requirements.lock\n```')}`;
    expect(lockfilesNamedBeforeUse(unitsOf(elsewhere)).map((f) => f.line)).toEqual([16]);
  });
});

describe('the Linux configuration path comes with $XDG_CONFIG_HOME and the macOS one', () => {
  it('fails on the credentials path given alone, or with macOS but without XDG', () => {
    const troubleshooting = '**Cause:** the stored credentials in `~/.config/dagger/credentials.json` are corrupted.';
    const cloudRow =
      '| `~/.config/dagger/credentials.json` (macOS: `~/Library/Application Support/dagger/credentials.json`) | File written by `dagger login` | Stored login credentials. |';
    const mount =
      'Mount the file:\n\n```bash\ndocker run -v "$HOME/.config/dagger/engine.json:/etc/dagger/engine.json" registry.dagger.io/engine\n```';
    for (const old of [troubleshooting, cloudRow, mount]) expect(configPathsQualified(unitsOf(old))).toHaveLength(1);
  });
  it('passes with both qualifications, or in a Linux tab', () => {
    const fixed =
      'They are in `$XDG_CONFIG_HOME/dagger/credentials.json` when set, otherwise `~/.config/dagger/credentials.json` on Linux and `~/Library/Application Support/dagger/credentials.json` on macOS.';
    expect(configPathsQualified(unitsOf(fixed))).toEqual([]);
    expect(
      configPathsQualified(
        unitsOf('::::tabs{group=os}\n:::tab[Linux]\n```bash\nrm -rf ~/.config/dagger\n```\n:::\n::::'),
      ),
    ).toEqual([]);
  });
});

describe('default paths: relative ones start at the module root, absolute ones at the context directory', () => {
  it('fails on a paragraph that has every default path start at the context directory', () => {
    const sandbox =
      "A `Directory` or `File` argument can declare a default path, so callers do not have to pass\n`--source=.` every time. The default is resolved from the module's context directory: the root of\nthe Git repository that contains the module.";
    expect(defaultPathOrigins(unitsOf(sandbox))).toHaveLength(1);
  });
  it('passes when the paragraph tells the two forms apart', () => {
    const fixed =
      "A relative default path (`.`) starts at the module's root; an absolute one (`/`) starts at its context directory, the root of the Git repository.";
    expect(defaultPathOrigins(unitsOf(fixed))).toEqual([]);
  });
});

describe('the generated source-map comment', () => {
  it('has a line and a column, or is a URL', () => {
    expect(sourceMapForms(unitsOf('of the form `// <module> (<path>:<line>)`, pointing back'))).toHaveLength(1);
    expect(
      sourceMapForms(unitsOf('of the form `// <module> (<path>:<line>:<column>)`, or `// <module> (<URL>)`')),
    ).toEqual([]);
  });
});
