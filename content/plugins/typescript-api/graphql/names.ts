/**
 * How the generated TypeScript client names GraphQL things, undone. The client keeps GraphQL's
 * camelCase field and argument names and PascalCase type names, except that it appends `_` to
 * names TypeScript reserves or the client already uses (`Function_`, `Module_`, `import_`,
 * `enum_`), and it calls the root type `Client`.
 */

/** The GraphQL name of a class, member or parameter: one trailing `_` dropped. */
export function graphqlName(tsName: string): string {
  return tsName.endsWith('_') && tsName.length > 1 ? tsName.slice(0, -1) : tsName;
}

/** GraphQL's name for the root operation type. */
export const QUERY_ROOT = 'Query';

/**
 * The ID scalar an object is passed as in arguments: GraphQL arguments cannot be objects, so
 * where the client takes a `Directory` the API takes a `DirectoryID`.
 */
export const idScalarOf = (objectName: string) => `${objectName}ID`;

/**
 * Built-in GraphQL scalars the mapping produces, with the GraphQL specification's descriptions.
 * Listed on the page only when some field or argument uses them.
 */
export const BUILTIN_SCALARS: Record<string, string> = {
  Boolean: 'The `Boolean` scalar type represents `true` or `false`.',
  Float: 'The `Float` scalar type represents signed double-precision fractional values as specified by IEEE 754.',
  Int: 'The `Int` scalar type represents non-fractional signed whole numeric values between -2^31 and 2^31 - 1.',
  String: 'The `String` scalar type represents textual data, represented as UTF-8 character sequences.',
};
