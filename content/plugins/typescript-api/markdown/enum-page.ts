import type { ApiModel, PageInfo } from '../model.ts';
import type { GeneratedDoc } from '../types.ts';
import { commentCell, commentMarkdown } from './comment.ts';
import { inlineCode, table } from './escape.ts';
import { declarationDoc, usedBySection } from './page.ts';
import { typeToText } from './type-format.ts';

/** An enumeration: its description, a Member | Value | Description table, and where it is used. */
export function enumPage(page: PageInfo, model: ApiModel): GeneratedDoc {
  const decl = page.reflection;
  const rows = (decl.children ?? []).map((m) => [
    inlineCode(m.name),
    m.type ? inlineCode(typeToText(m.type)) : '',
    commentCell(m.comment, model.resolve),
  ]);
  return declarationDoc(page, model, [
    commentMarkdown(decl.comment, model.resolve),
    rows.length ? `## Members\n\n${table(['Member', 'Value', 'Description'], rows)}` : '',
    usedBySection(page, model),
  ]);
}
