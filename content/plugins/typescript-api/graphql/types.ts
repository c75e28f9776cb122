import type { JSONOutput as J } from 'typedoc';
import type { LinkTarget } from '../markdown/type-format.ts';

/**
 * The GraphQL schema as the SDK's generated client mirrors it: every name and type here is
 * derived from the TypeDoc model (see schema.ts for the rules), nothing is read from a schema file.
 */

/** Groups in page order: the Query root first, then objects, inputs, enums and scalars. */
export const GQL_KINDS = ['query', 'object', 'input', 'enum', 'scalar'] as const;
export type GqlKind = (typeof GQL_KINDS)[number];

/** A field argument or input-object field: `name: Type = default`. */
export interface GqlInputValue {
  name: string;
  /** GraphQL type text, e.g. `[String!]!`. */
  type: string;
  /** A default from a TypeScript default value or an `@defaultValue` tag; undefined when the SDK gives none. */
  defaultValue?: string;
  comment?: J.Comment;
}

/** A field of an object type: `name(args): Type`. */
export interface GqlField {
  name: string;
  args: GqlInputValue[];
  type: string;
  comment?: J.Comment;
  /** The TypeScript member it comes from (its page and heading). */
  ts: LinkTarget;
}

/** An enum value and the TypeScript enum members that send it. */
export interface GqlEnumValue {
  name: string;
  tsMembers: string[];
  comment?: J.Comment;
}

export interface GqlType {
  kind: GqlKind;
  name: string;
  comment?: J.Comment;
  /** The TypeScript page of the class, enum or type alias it comes from; none for built-in scalars. */
  ts?: LinkTarget & { name: string };
  /** Object and Query fields. */
  fields: GqlField[];
  /** Input-object fields. */
  inputFields: GqlInputValue[];
  enumValues: GqlEnumValue[];
  /** Reflection id of the TypeScript declaration, for the link back from its page. */
  declId?: number;
}

export interface GqlSchema {
  /** Every type, grouped in GQL_KINDS order and sorted by name within a group. */
  types: GqlType[];
}

/** The anchor of a type's section, the form links to the GraphQL reference use: `definition-Container`. */
export const definitionAnchor = (typeName: string) => `definition-${typeName}`;
