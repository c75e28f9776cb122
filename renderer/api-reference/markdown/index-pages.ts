import type { ApiModel, GroupInfo, ModuleInfo } from '../model.ts';
import { docRoute, MODULES_DOC_ID } from '../model.ts';
import type { GeneratedDoc } from '../types.ts';
import { firstSentence } from './comment.ts';
import { escapeLiteral, inlineCode, link, table } from './escape.ts';
import { clampDescription, makeDoc } from './page.ts';

/**
 * What each module is for, in a sentence. Keyed by module name; a module not listed here (in a
 * later SDK version) is described by its contents alone.
 */
const MODULE_PURPOSE: Record<string, string> = {
  'api/client.gen':
    'The client generated from the Dagger API schema: one class per API object (such as Container, Directory and Secret), the enumerations and scalar ID types of the schema, the option types of optional arguments, and the global `dag` client.',
  'common/errors': 'The errors the SDK throws, all derived from `DaggerSDKError`, and `ERROR_CODES`, the code of each.',
  connect: 'The functions that open a session with the Dagger Engine and run your code while it is open.',
};

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

/** `reference/typescript/modules`: the three modules, what they hold and what they are for. */
export function modulesDoc(model: ApiModel): GeneratedDoc {
  const rows = model.modules.map((m) => [link(inlineCode(m.name), docRoute(m.docId)), contents(m), MODULE_PURPOSE[m.name] ?? '']);
  const blocks = [
    `The reference of \`@dagger.io/dagger\` ${model.version} is organised by the module of the package that declares each export. Everything listed here is also exported from the package root, so code always imports from \`"@dagger.io/dagger"\`, never from a module path.`,
    table(['Module', 'Contents', 'Purpose'], rows),
  ];
  return makeDoc(
    MODULES_DOC_ID,
    false,
    {
      title: 'Modules',
      description: clampDescription(`The modules of the Dagger TypeScript SDK ${model.version} reference: ${model.modules.map((m) => m.name).join(', ')}.`),
      sidebar_label: 'Modules',
    },
    blocks,
  );
}

/** A module's index: what it is for, then one section per kind listing every export. */
export function moduleDoc(mod: ModuleInfo, model: ApiModel): GeneratedDoc {
  const purpose = MODULE_PURPOSE[mod.name];
  const blocks = [
    `Module of \`@dagger.io/dagger\` ${model.version}, with ${contents(mod)}. ${purpose ?? ''}`.trim(),
  ];
  for (const group of mod.groups) {
    blocks.push(`## ${group.kind.plural}`);
    blocks.push(`${link(`Every ${group.kind.singular.toLowerCase()} with its description`, docRoute(group.docId))}.`);
    blocks.push(group.pages.map(pageLink).join(' · '));
  }
  const description = purpose
    ? clampDescription(`${mod.name} module of the Dagger TypeScript SDK ${model.version}: ${purpose.replace(/`/g, '').replace(/^./, (c) => c.toLowerCase())}`)
    : clampDescription(`${mod.name} module of the Dagger TypeScript SDK ${model.version}: ${contents(mod)}.`);
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
      description: clampDescription(`The ${group.pages.length} ${kind.toLowerCase()} of the ${group.module.name} module in the Dagger TypeScript SDK ${model.version}.`),
      sidebar_label: kind,
    },
    [
      `${group.pages.length} ${group.pages.length === 1 ? group.kind.singular.toLowerCase() : kind.toLowerCase()} declared in ${link(inlineCode(group.module.name), docRoute(group.module.docId))}.`,
      table([group.kind.singular, 'Description'], rows),
    ],
  );
}
