import type { ApiModel } from '../model.ts';
import { DOC_ROOT, docRoute } from '../model.ts';
import { commentCell, commentMarkdown } from '../markdown/comment.ts';
import { escapeLiteral, inlineCode, link, table } from '../markdown/escape.ts';
import { clampDescription, makeDoc } from '../markdown/page.ts';
import type { GeneratedDoc } from '../types.ts';
import {
  definitionAnchor,
  type GqlField,
  type GqlInputValue,
  type GqlKind,
  type GqlSchema,
  type GqlType,
} from './types.ts';

/** The page's title and sidebar label. */
export const GRAPHQL_TITLE = 'GraphQL API Reference';

/** Group headings; the Query root is a group of one and gets its own `##` section. */
const GROUP_TITLES: Record<Exclude<GqlKind, 'query'>, string> = {
  object: 'Object types',
  input: 'Input types',
  enum: 'Enums',
  scalar: 'Scalars',
};

/** `name: Type = default`, as in SDL. */
const inputValueSdl = (v: GqlInputValue) =>
  `${v.name}: ${v.type}${v.defaultValue !== undefined ? ` = ${v.defaultValue}` : ''}`;

/** `name(arg: Type, …): Type`, as in SDL. */
export const fieldSdl = (f: GqlField) =>
  `${f.name}${f.args.length ? `(${f.args.map(inputValueSdl).join(', ')})` : ''}: ${f.type}`;

/**
 * A heading with an explicit id (`{#definition-X}`), the anchor form links to GraphQL references
 * use; the slug of the bare name would be lower-case.
 */
const typeHeading = (level: string, t: GqlType) => `${level} ${escapeLiteral(t.name)} {#${definitionAnchor(t.name)}}`;

/** Described values as a nested list: `- \`name: Type\` — description`. */
function valueList(values: GqlInputValue[], model: ApiModel, indent: string): string {
  return values
    .map((v) => {
      const text = commentCell(v.comment, model.resolve);
      return `${indent}- ${inlineCode(inputValueSdl(v))}${text ? ` — ${text}` : ''}`;
    })
    .join('\n');
}

/** Each field as a list item: its SDL signature, description, then its arguments. */
function fieldList(fields: GqlField[], model: ApiModel): string {
  return fields
    .map((f) => {
      const text = commentCell(f.comment, model.resolve);
      const described = f.args.filter((a) => a.comment);
      const args = described.length ? `\n${valueList(described, model, '  ')}` : '';
      return `- ${inlineCode(fieldSdl(f))}${text ? `\\\n  ${text}` : ''}${args}`;
    })
    .join('\n');
}

function typeSection(t: GqlType, level: string, model: ApiModel): string {
  const blocks = [typeHeading(level, t), commentMarkdown(t.comment, model.resolve)];
  if (t.ts) blocks.push(`TypeScript: ${link(inlineCode(t.ts.name), t.ts.route, t.ts.anchor)}`);
  if (t.fields.length) blocks.push(fieldList(t.fields, model));
  if (t.inputFields.length) blocks.push(valueList(t.inputFields, model, ''));
  if (t.enumValues.length) {
    const rows = t.enumValues.map((v) => [
      inlineCode(v.name),
      v.tsMembers.map((m) => inlineCode(m)).join(', '),
      commentCell(v.comment, model.resolve),
    ]);
    blocks.push(table(['Value', 'TypeScript member', 'Description'], rows));
  }
  return blocks.filter(Boolean).join('\n\n');
}

/** Counts per group, for the introduction and tests. */
export function schemaCounts(schema: GqlSchema): Record<GqlKind, number> & { fields: number } {
  const count = (k: GqlKind) => schema.types.filter((t) => t.kind === k).length;
  return {
    query: count('query'),
    object: count('object'),
    input: count('input'),
    enum: count('enum'),
    scalar: count('scalar'),
    fields: schema.types.reduce((n, t) => n + t.fields.length, 0),
  };
}

/**
 * The GraphQL reference as one page: the Query root, then object types, input types, enums and
 * scalars, each type under a `definition-<Name>` heading. Fields are list items rather than
 * headings, so the table of contents lists types only.
 */
export function graphqlPage(schema: GqlSchema, model: ApiModel, route: string): GeneratedDoc {
  const n = schemaCounts(schema);
  const sdk = link(escapeLiteral(model.title), docRoute(DOC_ROOT));
  const opening =
    model.packageVersion === model.version
      ? `Every type of the GraphQL API, read from the generated client of the ${sdk} ${escapeLiteral(model.version)}`
      : `Every type of the GraphQL API as of version ${escapeLiteral(model.version)}, read from the generated client of the ${sdk} ${escapeLiteral(model.packageVersion)} without what ${escapeLiteral(model.version)} lacks`;
  const blocks = [
    `${opening}: the ${inlineCode('Query')} root, ${n.object} object types, ${n.input} input types, ${n.enum} enums and ${n.scalar} scalars, ${n.fields} fields in all. Each type links to its TypeScript page.`,
    `Objects are passed to arguments by their ID scalar (a ${inlineCode('Directory')} argument takes a ${inlineCode('DirectoryID')}). The client does not record which results may be null or which defaults optional arguments have: results are shown non-null (except ${inlineCode('Void')}) and optional arguments without a default.`,
  ];
  for (const t of schema.types.filter((x) => x.kind === 'query')) blocks.push(typeSection(t, '##', model));
  for (const [kind, title] of Object.entries(GROUP_TITLES) as [Exclude<GqlKind, 'query'>, string][]) {
    const types = schema.types.filter((t) => t.kind === kind);
    if (!types.length) continue;
    blocks.push(`## ${title}`);
    for (const t of types) blocks.push(typeSection(t, '###', model));
  }
  const description = clampDescription(
    `Every type, field and argument of the GraphQL API, as the ${model.title} ${model.version} mirrors it.`,
  );
  return makeDoc(
    route.replace(/^\//, ''),
    false,
    { title: GRAPHQL_TITLE, description, sidebar_label: GRAPHQL_TITLE },
    blocks,
  );
}
