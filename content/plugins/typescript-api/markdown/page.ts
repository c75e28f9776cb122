import type { ApiModel, PageInfo } from '../model.ts';
import { docRoute, relPathOf } from '../model.ts';
import type { GeneratedDoc } from '../types.ts';
import { firstSentence } from './comment.ts';
import { escapeLiteral, frontmatter, inlineCode, link } from './escape.ts';
import { DESCRIPTION_MAX } from '../../../../renderer/config/frontmatter.ts';

/** Shortens generated text to the description limit at a word boundary. */
export function clampDescription(text: string): string {
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s,;:(]+$/, '')}…`;
}

/**
 * The frontmatter description of a page: the first sentence of its TSDoc summary, or a
 * generated line naming what it is when the SDK gives it no comment.
 */
export function pageDescription(page: PageInfo, model: ApiModel): string {
  const fromDoc = firstSentence(page.reflection.comment ?? page.reflection.signatures?.[0]?.comment, DESCRIPTION_MAX);
  if (fromDoc) return fromDoc;
  const name = page.reflection.name;
  // An options type used by exactly one method: say which, since that is what a reader searches for.
  const optsOf = (model.usedBy.get(page.reflection.id) ?? []).filter((u) => u.role === 'parameter opts');
  if (optsOf.length === 1)
    return clampDescription(`Optional arguments of ${optsOf[0].label} in the ${model.title} ${model.version}.`);
  return clampDescription(
    `${page.kind.singular} ${name} of the ${model.title} ${model.version} (${page.module.name}).`,
  );
}

/** "Class in [`api/client.gen`](…)." — the first line of every declaration page. */
export function kindLine(page: PageInfo): string {
  return `${page.kind.singular} in ${link(inlineCode(page.module.name), docRoute(page.module.docId))}.`;
}

/** Assembles a generated doc from its frontmatter fields and Markdown body blocks. */
export function makeDoc(
  docId: string,
  index: boolean,
  fields: { title: string; description: string; sidebar_label: string },
  blocks: string[],
): GeneratedDoc {
  const body = blocks.filter((b) => b.trim()).join('\n\n');
  return { relPath: relPathOf(docId, index), source: `${frontmatter(fields)}\n${body}\n` };
}

/** A declaration page: frontmatter, kind line, then the kind-specific body blocks. */
export function declarationDoc(page: PageInfo, model: ApiModel, blocks: string[]): GeneratedDoc {
  const name = page.reflection.name;
  return makeDoc(page.docId, false, { title: name, description: pageDescription(page, model), sidebar_label: name }, [
    kindLine(page),
    ...blocks,
  ]);
}

/** A bulleted "Used by" list: every SDK member whose signature mentions the page's type. */
export function usedBySection(page: PageInfo, model: ApiModel): string {
  const usages = model.usedBy.get(page.reflection.id);
  if (!usages?.length) return '';
  const role = (r: string) =>
    r.startsWith('parameter ') ? `parameter ${inlineCode(r.slice('parameter '.length))}` : r;
  const items = usages.map(
    (u) => `- ${link(escapeLiteral(u.label), u.target.route, u.target.anchor)} — ${role(u.role)}`,
  );
  return `## Used by\n\n${items.join('\n')}`;
}
