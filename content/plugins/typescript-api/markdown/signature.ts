import type { JSONOutput as J } from 'typedoc';
import { ReflectionKind } from 'typedoc/models';
import type { ApiModel, Decl, Sig } from '../model.ts';
import { commentCell, partsToMarkdown, returnsMarkdown } from './comment.ts';
import { inlineCode, table } from './escape.ts';
import { signatureToText, typeToMarkdown } from './type-format.ts';

/** A ```ts block. */
export function codeBlock(code: string): string {
  return `\`\`\`ts\n${code}\n\`\`\``;
}

/** The object type behind a parameter, when its members deserve rows of their own (`opts.x`). */
function objectTypeOf(t: J.SomeType | undefined, model: ApiModel): Decl | undefined {
  if (t?.type === 'reflection' && t.declaration.children?.length) return t.declaration;
  if (t?.type === 'reference' && typeof t.target === 'number') {
    const target = model.page(t.target)?.reflection;
    if (target?.children?.length && !target.signatures?.length && target.kind === ReflectionKind.TypeAlias)
      return target;
  }
  return undefined;
}

const optional = (p: { flags: J.ReflectionFlags; defaultValue?: string }) =>
  p.flags.isOptional || p.defaultValue !== undefined ? 'Yes' : 'No';

/**
 * The parameters of a signature as a table (Name | Type | Description | Optional). An options
 * object also gets one row per member, named `opts.member`, with the description the method
 * gives it (`@param opts.member`) or else the member's own.
 */
export function parametersTable(sig: Sig, model: ApiModel): string {
  const params = sig.parameters ?? [];
  if (!params.length) return '';
  const rows: string[][] = [];
  for (const p of params) {
    const name = `${p.flags.isRest ? '...' : ''}${p.name}`;
    rows.push([
      inlineCode(name),
      typeToMarkdown(p.type, model.resolve),
      commentCell(p.comment, model.resolve),
      optional(p),
    ]);
    const object = objectTypeOf(p.type, model);
    if (!object) continue;
    const highlighted = p.type?.type === 'reference' ? p.type.highlightedProperties : undefined;
    for (const member of object.children ?? []) {
      if (!model.documented(object.name, member.name)) continue;
      const described = highlighted?.[member.name]
        ? partsToMarkdown(highlighted[member.name], model.resolve, 'cell')
        : commentCell(member.comment, model.resolve);
      rows.push([
        inlineCode(`${name}.${member.name}`),
        typeToMarkdown(member.type, model.resolve),
        described,
        optional(member),
      ]);
    }
  }
  return table(['Name', 'Type', 'Description', 'Optional'], rows);
}

/** "**Returns** Type" plus the `@returns` text, if the signature returns anything. */
export function returnsParagraph(sig: Sig, model: ApiModel, comment: J.Comment | undefined): string {
  if (!sig.type) return '';
  const text = returnsMarkdown(comment ?? sig.comment, model.resolve);
  return `**Returns** ${typeToMarkdown(sig.type, model.resolve)}${text ? ` — ${text}` : ''}`;
}

/**
 * One call signature: the ```ts block, the description, then parameters and return value.
 * `prefix` is e.g. `new ` or `static `; `name` is what the reader types.
 */
export function signatureSection(opts: {
  prefix: string;
  name: string;
  sig: Sig;
  model: ApiModel;
  description?: string;
  comment?: J.Comment;
}): string {
  const { sig, model } = opts;
  const blocks = [codeBlock(signatureToText(opts.prefix, opts.name, sig))];
  if (opts.description) blocks.push(opts.description);
  const params = parametersTable(sig, model);
  if (params) blocks.push(`**Parameters**\n\n${params}`);
  const returns = returnsParagraph(sig, model, opts.comment);
  if (returns) blocks.push(returns);
  return blocks.join('\n\n');
}
