import type { JSONOutput as J } from 'typedoc';
import type { ApiModel, PageInfo } from '../model.ts';
import type { GeneratedDoc } from '../types.ts';
import { commentCell, commentMarkdown } from './comment.ts';
import { inlineCode, table } from './escape.ts';
import { declarationDoc, usedBySection } from './page.ts';
import { codeBlock, parametersTable, returnsParagraph } from './signature.ts';
import { objectMembersToText, typeParametersToText, typeToMarkdown, typeToText } from './type-format.ts';

/** `{` + one member per line + `}`, the way the SDK's declaration files write object types. */
export function objectTypeText(decl: J.DeclarationReflection): string {
  const members = objectMembersToText(decl);
  return members.length ? `{\n${members.map((m) => `  ${m};`).join('\n')}\n}` : '{}';
}

/** Name | Type | Optional | Description rows for the members of an object type. */
export function membersTable(decl: J.DeclarationReflection, model: ApiModel, withOptional = true): string {
  const rows = (decl.children ?? [])
    .filter((m) => model.documented(decl.name, m.name))
    .map((m) => {
      // A method member has signatures instead of a type: show it as the function type it is.
      const type: J.SomeType | undefined = m.signatures?.length ? { type: 'reflection', declaration: m } : m.type;
      const cells = [inlineCode(m.name), typeToMarkdown(type, model.resolve)];
      if (withOptional) cells.push(m.flags.isOptional ? 'Yes' : 'No');
      cells.push(commentCell(m.comment, model.resolve));
      return cells;
    });
  const header = withOptional ? ['Name', 'Type', 'Optional', 'Description'] : ['Name', 'Type', 'Description'];
  return table(header, rows);
}

/**
 * A type alias: its definition as TypeScript, then a member table for object types or the
 * parameters and return type for function types, and the SDK members that use it.
 */
export function typeAliasPage(page: PageInfo, model: ApiModel): GeneratedDoc {
  const decl = page.reflection;
  const head = `type ${decl.name}${typeParametersToText(decl.typeParameters)} = `;
  const blocks = [commentMarkdown(decl.comment, model.resolve)];
  if (decl.children?.length || !decl.type) {
    blocks.push(codeBlock(head + objectTypeText(decl)));
    if (decl.children?.length) blocks.push(`## Members\n\n${membersTable(decl, model)}`);
  } else {
    blocks.push(codeBlock(head + typeToText(decl.type)));
    const t = decl.type;
    const fn =
      t.type === 'reflection' && t.declaration.signatures?.length === 1 && !t.declaration.children?.length
        ? t.declaration.signatures[0]
        : undefined;
    if (fn) {
      const params = parametersTable(fn, model);
      if (params) blocks.push(`## Parameters\n\n${params}`);
      const returns = returnsParagraph(fn, model, fn.comment);
      if (returns) blocks.push(`## Returns\n\n${returns.replace(/^\*\*Returns\*\* /, '')}`);
    } else if (t.type === 'reflection' && t.declaration.children?.length) {
      blocks.push(`## Members\n\n${membersTable(t.declaration, model)}`);
    }
  }
  blocks.push(usedBySection(page, model));
  return declarationDoc(page, model, blocks);
}
