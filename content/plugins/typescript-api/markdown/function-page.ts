import type { ApiModel, PageInfo } from '../model.ts';
import type { GeneratedDoc } from '../types.ts';
import { blockTagsMarkdown, noticesMarkdown, summaryMarkdown } from './comment.ts';
import { escapeLiteral } from './escape.ts';
import { declarationDoc } from './page.ts';
import { codeBlock, parametersTable, returnsParagraph } from './signature.ts';
import { signatureToText } from './type-format.ts';

/**
 * A function: per signature, its declaration, description, parameters, return type, then the
 * remaining TSDoc tags such as `@example`.
 */
export function functionPage(page: PageInfo, model: ApiModel): GeneratedDoc {
  const decl = page.reflection;
  const blocks: string[] = [];
  const signatures = decl.signatures ?? [];
  for (const sig of signatures) {
    const comment = sig.comment ?? decl.comment;
    if (signatures.length > 1)
      blocks.push(`## ${escapeLiteral(`${decl.name}(${(sig.parameters ?? []).map((p) => p.name).join(', ')})`)}`);
    const sub = signatures.length > 1 ? '###' : '##';
    blocks.push(codeBlock(signatureToText('function ', decl.name, sig)));
    blocks.push(noticesMarkdown(comment, model.resolve), summaryMarkdown(comment, model.resolve));
    const params = parametersTable(sig, model);
    if (params) blocks.push(`${sub} Parameters\n\n${params}`);
    const returns = returnsParagraph(sig, model, comment);
    if (returns) blocks.push(`${sub} Returns\n\n${returns.replace(/^\*\*Returns\*\* /, '')}`);
    blocks.push(blockTagsMarkdown(comment, model.resolve));
  }
  return declarationDoc(page, model, blocks);
}
