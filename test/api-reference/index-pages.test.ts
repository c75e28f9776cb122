import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { moduleDoc, modulesDoc } from '../../content/plugins/typescript-api/markdown/index-pages.ts';
import { modulePurposes } from '../../content/plugins/typescript-api/markdown/overview-page.ts';
import { pageDescription } from '../../content/plugins/typescript-api/markdown/page.ts';
import type { ApiModel, ModuleInfo } from '../../content/plugins/typescript-api/model.ts';

/** A model of package `@acme/kit` with one module, `tools`, holding one class without a comment. */
function acmeModel(): { model: ApiModel; mod: ModuleInfo } {
  const mod = { name: 'tools', docId: 'reference/typescript/tools/index', groups: [] } as unknown as ModuleInfo;
  const kind = { singular: 'Class', plural: 'Classes' };
  const group = { kind, module: mod, docId: 'reference/typescript/tools/classes/index', pages: [] as unknown[] };
  const page = {
    reflection: { id: 1, name: 'Hammer' },
    kind,
    module: mod,
    docId: 'reference/typescript/tools/classes/Hammer',
  };
  group.pages.push(page);
  (mod.groups as unknown[]).push(group);
  const model = {
    version: '2.0.0',
    packageName: '@acme/kit',
    title: 'Acme Kit',
    modules: [mod],
    pages: [page],
    usedBy: new Map(),
  } as unknown as ApiModel;
  return { model, mod };
}

const template = (frontmatter: string) =>
  `---\ntitle: T\ndescription: D\nsidebar_label: O\n${frontmatter}---\n\nBody.\n`;

describe('reference index pages: the site names the package and describes its modules', () => {
  it('names the package by the plugin title in descriptions and by its npm name in prose', () => {
    const { model } = acmeModel();
    const modules = modulesDoc(model, new Map());
    expect(matter(modules.source).data.description).toBe('The modules of the Acme Kit 2.0.0 reference: tools.');
    expect(modules.source).toContain('The reference of `@acme/kit` 2.0.0 is organised');
    expect(modules.source).toContain('always imports from `"@acme/kit"`');
    expect(pageDescription(model.pages[0], model)).toBe('Class Hammer of the Acme Kit 2.0.0 (tools).');
  });

  it('describes a module the site wrote no sentence for by what it holds', () => {
    const { model, mod } = acmeModel();
    const doc = moduleDoc(mod, model, modulePurposes(model, template('')).get('tools'));
    expect(matter(doc.source).data.description).toBe('tools module of the Acme Kit 2.0.0: 1 class.');
    expect(matter(doc.source).content).toMatch(/^\nModule of `@acme\/kit` 2\.0\.0, with 1 class\.\n/);
    expect(modulesDoc(model, new Map()).source).toContain('| 1 class |   |\n');
  });

  it('uses the sentence from the overview frontmatter\'s "modules" map', () => {
    const { model, mod } = acmeModel();
    const purposes = modulePurposes(model, template('modules:\n  tools: "The `Hammer` and friends."\n'));
    const doc = moduleDoc(mod, model, purposes.get('tools'));
    expect(matter(doc.source).data.description).toBe('tools module of the Acme Kit 2.0.0: the Hammer and friends.');
    expect(matter(doc.source).content).toContain(
      'Module of `@acme/kit` 2.0.0, with 1 class. The `Hammer` and friends.',
    );
    expect(modulesDoc(model, purposes).source).toContain('| 1 class | The `Hammer` and friends. |');
  });

  it('refuses a sentence for a module the package does not have, or a module without a sentence', () => {
    const { model } = acmeModel();
    expect(() => modulePurposes(model, template('modules:\n  tool: "Typo."\n'))).toThrow(
      'names "tool", which is not a module of @acme/kit (tools)',
    );
    expect(() => modulePurposes(model, template('modules:\n  tools:\n'))).toThrow('needs a sentence for "tools"');
    expect(() => modulePurposes(model, template('modules: [tools]\n'))).toThrow('must map module names to sentences');
  });
});
