import matter from 'gray-matter';
import type { ApiModel } from '../model.ts';
import { DOC_ROOT, docRoute } from '../model.ts';
import type { GeneratedDoc } from '../types.ts';
import { inlineCode, link } from './escape.ts';
import { clampDescription, makeDoc } from './page.ts';

/**
 * Placeholders of the overview template, which the site writes (the plugin's overview) because
 * installing, importing and connecting are not described by any one TSDoc comment:
 *   {{version}}                   the documented version (the documented version, else the package's)
 *   {{packageVersion}}            the version of the package the pages are generated from
 *   {{ref:module:name}}           `name`, linked to its declaration page
 *   {{ref:module:name:text}}      `text`, linked to the declaration page of `name`
 *   {{module:module}}             `module`, linked to the module's index
 * Links go through the model, so a name missing from some SDK version becomes plain code instead
 * of a broken link.
 */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** Fills one placeholder; an unknown one is an error, so a typo never reaches the page. */
function fill(model: ApiModel, placeholder: string): string {
  const [kind, ...args] = placeholder.split(':');
  if (kind === 'version' && args.length === 0) return model.version;
  if (kind === 'packageVersion' && args.length === 0) return model.packageVersion;
  if (kind === 'ref' && (args.length === 2 || args.length === 3)) {
    const [moduleName, name, text = name] = args;
    const page = model.pages.find((p) => p.module.name === moduleName && p.reflection.name === name);
    return page ? link(inlineCode(text), docRoute(page.docId)) : inlineCode(text);
  }
  if (kind === 'module' && args.length === 1) {
    const m = model.modules.find((x) => x.name === args[0]);
    return m ? link(inlineCode(args[0]), docRoute(m.docId)) : inlineCode(args[0]);
  }
  throw new Error(`typescript-api overview: unknown placeholder {{${placeholder}}}`);
}

/**
 * The `modules` map of the template's frontmatter: module name → one sentence on what the module
 * is for, shown on the Modules page and the module's index. A name that is not a module of the
 * package is an error, so a typo or a renamed module is noticed instead of silently dropped.
 */
export function modulePurposes(model: ApiModel, template: string): Map<string, string> {
  const { modules = {} } = matter(template).data as { modules?: unknown };
  if (typeof modules !== 'object' || modules === null || Array.isArray(modules))
    throw new Error('typescript-api overview: frontmatter "modules" must map module names to sentences');
  const purposes = new Map<string, string>();
  for (const [name, sentence] of Object.entries(modules)) {
    if (!model.modules.some((m) => m.name === name))
      throw new Error(
        `typescript-api overview: frontmatter "modules" names "${name}", which is not a module of ${model.packageName} (${model.modules.map((m) => m.name).join(', ')})`,
      );
    if (typeof sentence !== 'string' || !sentence.trim())
      throw new Error(`typescript-api overview: frontmatter "modules" needs a sentence for "${name}"`);
    purposes.set(name, sentence.trim());
  }
  return purposes;
}

/** The reference's landing page: the site's template (frontmatter and Markdown) with its placeholders filled. */
export function overviewDoc(model: ApiModel, template: string): GeneratedDoc {
  const filled = (text: string) => text.replace(PLACEHOLDER, (_, p: string) => fill(model, p));
  const { data, content } = matter(template);
  const field = (key: string) => {
    if (typeof data[key] !== 'string') throw new Error(`typescript-api overview: frontmatter needs a "${key}" string`);
    return filled(data[key]);
  };
  return makeDoc(
    DOC_ROOT,
    true,
    {
      title: field('title'),
      description: clampDescription(field('description')),
      sidebar_label: field('sidebar_label'),
    },
    [filled(content).trim()],
  );
}
