import { ReflectionKind } from 'typedoc/models';
import type { JSONOutput as J } from 'typedoc';
import type { ApiModel, MemberEntry, PageInfo } from '../model.ts';
import type { GeneratedDoc } from '../types.ts';
import { commentMarkdown } from './comment.ts';
import { escapeLiteral, inlineCode, link } from './escape.ts';
import { declarationDoc } from './page.ts';
import { codeBlock, signatureSection } from './signature.ts';
import { typeToMarkdown, typeToText } from './type-format.ts';

/** "Extends X" / "Implements Y" / "Extended by Z" lines; SDK types link, others stay text. */
function hierarchy(decl: J.DeclarationReflection, model: ApiModel): string {
  const list = (types: J.SomeType[] | undefined) =>
    (types ?? []).map((t) => typeToMarkdown(t, model.resolve)).join(', ');
  const lines: string[] = [];
  if (decl.extendedTypes?.length) lines.push(`**Extends:** ${list(decl.extendedTypes)}`);
  if (decl.implementedTypes?.length) lines.push(`**Implements:** ${list(decl.implementedTypes)}`);
  if (decl.extendedBy?.length) lines.push(`**Extended by:** ${list(decl.extendedBy)}`);
  if (decl.implementedBy?.length) lines.push(`**Implemented by:** ${list(decl.implementedBy)}`);
  return lines.join('\\\n');
}

/** "Inherited from …" / "Overrides …" for a member, linking to the SDK member it comes from. */
function origin(member: J.DeclarationReflection, model: ApiModel): string {
  const ref = member.inheritedFrom ?? member.overwrites;
  if (!ref) return '';
  const verb = member.inheritedFrom ? 'Inherited from' : 'Overrides';
  const to = typeof ref.target === 'number' ? model.resolve(ref.target) : undefined;
  const text = inlineCode(ref.name);
  return `${verb} ${to ? link(text, to.route, to.anchor) : text}.`;
}

function modifiers(member: J.DeclarationReflection): string {
  return [
    member.flags.isStatic && 'static',
    member.flags.isAbstract && 'abstract',
    member.flags.isReadonly && 'readonly',
  ]
    .filter(Boolean)
    .join(' ');
}

/** One member: its `###` heading, description, and each signature's code, parameters and return. */
function memberSection(entry: MemberEntry, className: string, model: ApiModel): string {
  const { member } = entry;
  const blocks = [`### ${escapeLiteral(entry.heading)}`];
  const mods = modifiers(member);
  if (entry.style === 'property') {
    blocks.push(
      codeBlock(
        `${mods ? `${mods} ` : ''}${member.name}${member.flags.isOptional ? '?' : ''}: ${typeToText(member.type)}`,
      ),
    );
    blocks.push(commentMarkdown(member.comment, model.resolve));
    // The code block already shows the type; repeat it only when it links to SDK pages.
    const linked = typeToMarkdown(member.type, model.resolve);
    if (linked.includes('](')) blocks.push(`**Type** ${linked}`);
  } else {
    for (const sig of entry.signatures) {
      // Methods declared as function-typed properties carry their comment on the property.
      const comment = sig.comment ?? member.comment;
      const callMods = [member.flags.isStatic && 'static ', member.flags.isAbstract && 'abstract ']
        .filter(Boolean)
        .join('');
      const prefix =
        entry.style === 'constructor'
          ? 'new '
          : entry.style === 'accessor'
            ? `${callMods}${sig.kind === ReflectionKind.SetSignature ? 'set' : 'get'} `
            : callMods;
      const name = entry.style === 'constructor' ? className : member.name;
      blocks.push(
        signatureSection({ prefix, name, sig, model, comment, description: commentMarkdown(comment, model.resolve) }),
      );
    }
  }
  blocks.push(origin(member, model));
  return blocks.filter(Boolean).join('\n\n');
}

/** The page of a class or interface: description, hierarchy, then constructors, properties and methods. */
export function classPage(page: PageInfo, model: ApiModel): GeneratedDoc {
  const decl = page.reflection;
  const layout = model.layouts.get(decl.id);
  if (!layout) throw new Error(`no layout for ${decl.name}`);
  const gql = model.graphqlTypes.get(decl.id);
  const blocks = [commentMarkdown(decl.comment, model.resolve), hierarchy(decl, model)];
  if (gql) blocks.push(`GraphQL type: ${link(inlineCode(gql.name), gql.route, gql.anchor)}.`);
  for (const ext of layout.externalInherited) {
    blocks.push(
      `Inherited from ${inlineCode(ext.from)} and not repeated here: ${ext.names.map((n) => inlineCode(n)).join(', ')}.`,
    );
  }
  for (const section of layout.sections) {
    blocks.push(`## ${section.title}`);
    for (const entry of section.members) blocks.push(memberSection(entry, decl.name, model));
  }
  return declarationDoc(page, model, blocks);
}
