import type { ApiModel, GroupInfo, ModuleInfo } from '../model.ts';
import { docRoute, MODULES_DOC_ID } from '../model.ts';
import type { GeneratedDoc } from '../types.ts';
import { firstSentence } from './comment.ts';
import { escapeLiteral, inlineCode, link, table } from './escape.ts';
import { clampDescription, makeDoc } from './page.ts';

/** "52 classes, 8 enumerations, …" */
function contents(mod: ModuleInfo): string {
  return mod.groups
    .map((g) => {
      const n = g.pages.length;
      const noun = n === 1 ? g.kind.singular.toLowerCase() : g.kind.plural.toLowerCase();
      return `${n} ${noun}`;
    })
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1');
}

/** The first sentence of a page's summary, as safe Markdown for an index table. */
function summaryCell(page: GroupInfo['pages'][number]): string {
  return escapeLiteral(firstSentence(page.reflection.comment ?? page.reflection.signatures?.[0]?.comment, 200));
}

const pageLink = (page: GroupInfo['pages'][number]) => link(escapeLiteral(page.reflection.name), docRoute(page.docId));

/**
 * `reference/typescript/modules`: the modules, what they hold and what they are for. `purposes`
 * (module name → sentence) is the site's; a module it does not describe has an empty Purpose cell.
 */
export function modulesDoc(model: ApiModel, purposes: ReadonlyMap<string, string>): GeneratedDoc {
  const rows = model.modules.map((m) => [
    link(inlineCode(m.name), docRoute(m.docId)),
    contents(m),
    purposes.get(m.name) ?? '',
  ]);
  const blocks = [
    `The reference of ${inlineCode(model.packageName)} ${model.version} is organised by the module of the package that declares each export. Everything listed here is also exported from the package root, so code always imports from ${inlineCode(JSON.stringify(model.packageName))}, never from a module path.`,
    table(['Module', 'Contents', 'Purpose'], rows),
  ];
  return makeDoc(
    MODULES_DOC_ID,
    false,
    {
      title: 'Modules',
      description: clampDescription(
        `The modules of the ${model.title} ${model.version} reference: ${model.modules.map((m) => m.name).join(', ')}.`,
      ),
      sidebar_label: 'Modules',
    },
    blocks,
  );
}

/**
 * A module's index: what it is for (the site's sentence, when it wrote one, else what it holds),
 * then one section per kind listing every export.
 */
export function moduleDoc(mod: ModuleInfo, model: ApiModel, purpose: string | undefined): GeneratedDoc {
  const blocks = [
    `Module of ${inlineCode(model.packageName)} ${model.version}, with ${contents(mod)}. ${purpose ?? ''}`.trim(),
  ];
  for (const group of mod.groups) {
    blocks.push(`## ${group.kind.plural}`);
    blocks.push(`${link(`Every ${group.kind.singular.toLowerCase()} with its description`, docRoute(group.docId))}.`);
    blocks.push(group.pages.map(pageLink).join(' · '));
  }
  const description = purpose
    ? clampDescription(
        `${mod.name} module of the ${model.title} ${model.version}: ${purpose.replace(/`/g, '').replace(/^./, (c) => c.toLowerCase())}`,
      )
    : clampDescription(`${mod.name} module of the ${model.title} ${model.version}: ${contents(mod)}.`);
  return makeDoc(mod.docId, true, { title: mod.name, description, sidebar_label: mod.name }, blocks);
}

/** A kind's index within a module, e.g. every class of `api/client.gen` with its summary. */
export function groupDoc(group: GroupInfo, model: ApiModel): GeneratedDoc {
  const rows = group.pages.map((p) => [pageLink(p), summaryCell(p)]);
  const kind = group.kind.plural;
  return makeDoc(
    group.docId,
    true,
    {
      title: `${kind} in ${group.module.name}`,
      description: clampDescription(
        `The ${group.pages.length} ${kind.toLowerCase()} of the ${group.module.name} module in the ${model.title} ${model.version}.`,
      ),
      sidebar_label: kind,
    },
    [
      `${group.pages.length} ${group.pages.length === 1 ? group.kind.singular.toLowerCase() : kind.toLowerCase()} declared in ${link(inlineCode(group.module.name), docRoute(group.module.docId))}.`,
      table([group.kind.singular, 'Description'], rows),
    ],
  );
}
