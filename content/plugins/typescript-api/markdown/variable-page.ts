import type { ApiModel, PageInfo } from '../model.ts';
import type { GeneratedDoc } from '../types.ts';
import { commentMarkdown } from './comment.ts';
import { declarationDoc } from './page.ts';
import { codeBlock } from './signature.ts';
import { membersTable, objectTypeText } from './type-alias-page.ts';
import { typeToMarkdown, typeToText } from './type-format.ts';

/** A variable or constant: its declaration, description, type, and members for object values. */
export function variablePage(page: PageInfo, model: ApiModel): GeneratedDoc {
  const decl = page.reflection;
  const keyword = decl.flags.isConst ? 'const' : 'let';
  const t = decl.type;
  const objectType =
    t?.type === 'reflection' && t.declaration.children?.length && !t.declaration.signatures?.length
      ? t.declaration
      : undefined;
  const typeText = objectType ? objectTypeText(objectType) : typeToText(t);
  const blocks = [
    codeBlock(`${keyword} ${decl.name}: ${typeText}`),
    commentMarkdown(decl.comment, model.resolve),
    objectType
      ? `## Members\n\n${membersTable(objectType, model, false)}`
      : `**Type** ${typeToMarkdown(t, model.resolve)}`,
  ];
  return declarationDoc(page, model, blocks);
}
