import type { JSONOutput as J } from 'typedoc';
import { ReflectionKind } from 'typedoc/models';
import type { ApiModel, Decl, ModuleInfo, Sig } from '../model.ts';
import { docRoute } from '../model.ts';
import { BUILTIN_SCALARS, QUERY_ROOT, graphqlName, idScalarOf } from './names.ts';
import {
  GQL_KINDS,
  type GqlEnumValue,
  type GqlField,
  type GqlInputValue,
  type GqlSchema,
  type GqlType,
} from './types.ts';

/**
 * Reads the GraphQL schema back out of the SDK's generated client module:
 *
 * - each class is an object type (its fields are the function-typed properties the client
 *   declares for them); the one class without an `id` field is the `Query` root;
 * - each enum is an enum whose values are the strings its members send;
 * - a branded string type (`string & { __ContainerID: never }`) is a custom scalar, a plain
 *   `number` alias (`float`) means `Float`;
 * - an object type alias is an input object, unless it is an options bag (`opts` parameter,
 *   named `…Opts`), whose members become optional arguments of the field that takes it.
 */

/** Where a TypeScript type is used: results are non-null, arguments take objects by ID. */
type Position = 'output' | 'input';

const isBrandedString = (t: J.SomeType | undefined) =>
  t?.type === 'intersection' && t.types.some((m) => m.type === 'intrinsic' && m.name === 'string');
const isNumberAlias = (d: Decl) => d.type?.type === 'intrinsic' && d.type.name === 'number';
const isObjectAlias = (d: Decl) => !!d.children?.length && !d.signatures?.length;
const isFunctionType = (t: J.SomeType | undefined) => t?.type === 'reflection' && !!t.declaration.signatures?.length;

/** The options bag of a signature: its `opts` parameter (the client's name for it), if any. */
function optionsParameter(sig: Sig): J.ParameterReflection | undefined {
  return sig.parameters?.find((p) => p.name === 'opts' && p.flags.isOptional);
}

/** A `@defaultValue` / `@default` tag's text, or a TypeScript default value; undefined when neither. */
function defaultOf(r: { comment?: J.Comment; defaultValue?: string }): string | undefined {
  const tag = r.comment?.blockTags?.find((t) => t.tag === '@defaultValue' || t.tag === '@default');
  const text = tag?.content
    .map((p) => p.text)
    .join('')
    .trim()
    .replace(/^`+|`+$/g, '');
  return text || r.defaultValue || undefined;
}

class SchemaReader {
  private readonly byId = new Map<number, Decl>();
  private readonly optionBags = new Set<number>();
  readonly usedBuiltins = new Set<string>();
  readonly root: Decl;

  constructor(
    private readonly model: ApiModel,
    mod: ModuleInfo,
  ) {
    for (const child of mod.reflection.children ?? []) this.byId.set(child.id, child);
    const classes = this.classes();
    const roots = classes.filter((c) => !c.children?.some((m) => m.name === 'id'));
    if (roots.length !== 1)
      throw new Error(
        `${mod.name}: expected one class without an id field (the Query root), found ${roots.map((c) => c.name).join(', ') || 'none'}`,
      );
    this.root = roots[0];
    for (const c of classes)
      for (const f of this.fieldMembers(c))
        for (const sig of f.signatures) {
          const opts = optionsParameter(sig);
          if (opts?.type?.type === 'reference' && typeof opts.type.target === 'number')
            this.optionBags.add(opts.type.target);
        }
    for (const d of this.byId.values()) if (isObjectAlias(d) && d.name.endsWith('Opts')) this.optionBags.add(d.id);
  }

  classes(): Decl[] {
    return [...this.byId.values()].filter((d) => d.kind === ReflectionKind.Class);
  }

  /** The class members that are GraphQL fields: function-typed properties, minus helpers that take a callback (`with`). */
  fieldMembers(c: Decl) {
    const layout = this.model.layouts.get(c.id);
    if (!layout) throw new Error(`no layout for ${c.name}`);
    return layout.sections
      .flatMap((s) => s.members)
      .filter((m) => m.style === 'method' && m.member.kind === ReflectionKind.Property)
      .filter((m) => !m.signatures.some((s) => s.parameters?.some((p) => isFunctionType(p.type))));
  }

  typeName(d: Decl): string {
    return d.id === this.root.id ? QUERY_ROOT : graphqlName(d.name);
  }

  private builtin(name: string): string {
    this.usedBuiltins.add(name);
    return name;
  }

  /** The GraphQL type text of a TypeScript type, non-null unless `nullable`. */
  type(t: J.SomeType | undefined, position: Position, nullable = false): string {
    const bang = nullable ? '' : '!';
    if (!t) throw new Error('a member without a type');
    if (t.type === 'array') return `[${this.type(t.elementType, position)}]${bang}`;
    if (t.type === 'intrinsic') {
      if (t.name === 'void') return this.voidType();
      const builtin = { string: 'String', number: 'Int', boolean: 'Boolean' }[t.name];
      if (builtin) return `${this.builtin(builtin)}${bang}`;
    }
    if (t.type === 'reference' && t.name === 'Promise' && t.typeArguments?.length === 1)
      return this.type(t.typeArguments[0], position, nullable);
    if (t.type === 'reference' && typeof t.target === 'number') {
      const d = this.byId.get(t.target);
      if (d?.kind === ReflectionKind.Class) {
        const name = this.typeName(d);
        if (position === 'output') return `${name}${bang}`;
        const id = idScalarOf(name);
        if (![...this.byId.values()].some((x) => x.name === id && isBrandedString(x.type)))
          throw new Error(`argument of type ${d.name}: no ${id} scalar to pass it by`);
        return `${id}${bang}`;
      }
      if (d?.kind === ReflectionKind.Enum) return `${d.name}${bang}`;
      if (d?.kind === ReflectionKind.TypeAlias) {
        if (isNumberAlias(d)) return `${this.builtin('Float')}${bang}`;
        // The API's Void is nullable: a field returning it returns null.
        if (isBrandedString(d.type)) return d.name === this.voidName() ? d.name : `${d.name}${bang}`;
        if (isObjectAlias(d) && !this.optionBags.has(d.id)) return `${d.name}${bang}`;
      }
    }
    throw new Error(`no GraphQL type for TypeScript type ${JSON.stringify(t).slice(0, 200)}`);
  }

  /** `Promise<void>` results: the module's `Void` scalar when it declares one. */
  private voidType(): string {
    const name = this.voidName();
    if (!name) throw new Error('a field returns void, but the module declares no Void scalar');
    return name;
  }

  private voidName(): string | undefined {
    return [...this.byId.values()].find((d) => d.name === 'Void' && isBrandedString(d.type))?.name;
  }

  /**
   * The result type of a field. A field resolved by a query (`Promise<…>`) may have its GraphQL
   * leaf type kept in the class's constructor as `_<field>`: `sync` returns `Promise<Container>`
   * to the caller but the API's `ContainerID!`, `up` returns `Promise<void>` but `Void`.
   */
  fieldType(c: Decl, member: Decl, sig: Sig): string {
    const ctor = c.children?.find((m) => m.kind === ReflectionKind.Constructor)?.signatures?.[0];
    const leaf = ctor?.parameters?.find((p) => p.name === `_${member.name}`);
    const isQuery = sig.type?.type === 'reference' && sig.type.name === 'Promise';
    return this.type(isQuery && leaf ? leaf.type : sig.type, 'output');
  }

  args(sig: Sig): GqlInputValue[] {
    const out: GqlInputValue[] = [];
    for (const p of sig.parameters ?? []) {
      const bag =
        p === optionsParameter(sig) && p.type?.type === 'reference' && typeof p.type.target === 'number'
          ? this.byId.get(p.type.target)
          : undefined;
      if (bag) {
        // TypeDoc sorts members by name; the method's `@param opts.x` tags keep the declaration order.
        const tagged = Object.keys((p.type?.type === 'reference' && p.type.highlightedProperties) || {});
        const rank = (name: string) => (tagged.includes(name) ? tagged.indexOf(name) : tagged.length);
        const members = [...(bag.children ?? [])].sort((a, b) => rank(a.name) - rank(b.name));
        for (const m of members) {
          if (!this.model.documented(bag.name, m.name)) continue;
          out.push({
            name: graphqlName(m.name),
            type: this.type(m.type, 'input', m.flags.isOptional),
            defaultValue: defaultOf(m),
            comment: m.comment,
          });
        }
        continue;
      }
      const optional = p.flags.isOptional || p.defaultValue !== undefined;
      out.push({
        name: graphqlName(p.name),
        type: this.type(p.type, 'input', optional),
        defaultValue: defaultOf(p),
        comment: p.comment,
      });
    }
    return out;
  }

  objectType(c: Decl): GqlType {
    const route = docRoute(this.model.page(c.id)!.docId);
    const fields: GqlField[] = this.fieldMembers(c).map((entry) => {
      const sig = entry.signatures[0];
      return {
        name: graphqlName(entry.member.name),
        args: this.args(sig),
        type: this.fieldType(c, entry.member, sig),
        comment: sig.comment ?? entry.member.comment,
        ts: { route, anchor: entry.anchor },
      };
    });
    const kind = c.id === this.root.id ? 'query' : 'object';
    return {
      kind,
      name: this.typeName(c),
      comment: c.comment,
      ts: { route, name: c.name },
      fields,
      inputFields: [],
      enumValues: [],
      declId: c.id,
    };
  }

  enumType(e: Decl): GqlType {
    const values = new Map<string, GqlEnumValue>();
    for (const m of e.children ?? []) {
      if (!this.model.documented(e.name, m.name)) continue;
      // The client sends the member's string; aliases (`Enum`, `EnumKind`) send the same one.
      const name = m.type?.type === 'literal' && typeof m.type.value === 'string' ? m.type.value : undefined;
      if (!name) throw new Error(`${e.name}.${m.name}: expected a string enum member`);
      const v = values.get(name) ?? { name, tsMembers: [], comment: m.comment };
      v.tsMembers.push(m.name);
      values.set(name, v);
    }
    return { ...this.declType('enum', e), enumValues: [...values.values()] };
  }

  inputType(d: Decl): GqlType {
    const inputFields = (d.children ?? [])
      .filter((m) => this.model.documented(d.name, m.name))
      .map((m) => ({
        name: graphqlName(m.name),
        type: this.type(m.type, 'input', m.flags.isOptional),
        defaultValue: defaultOf(m),
        comment: m.comment,
      }));
    return { ...this.declType('input', d), inputFields };
  }

  declType(kind: GqlType['kind'], d: Decl): GqlType {
    const route = docRoute(this.model.page(d.id)!.docId);
    return {
      kind,
      name: d.name,
      comment: d.comment,
      ts: { route, name: d.name },
      fields: [],
      inputFields: [],
      enumValues: [],
      declId: d.id,
    };
  }

  read(): GqlSchema {
    const types: GqlType[] = this.classes().map((c) => this.objectType(c));
    for (const d of this.byId.values()) {
      if (d.kind === ReflectionKind.Enum) types.push(this.enumType(d));
      else if (d.kind === ReflectionKind.TypeAlias && isBrandedString(d.type)) types.push(this.declType('scalar', d));
      else if (d.kind === ReflectionKind.TypeAlias && isObjectAlias(d) && !this.optionBags.has(d.id))
        types.push(this.inputType(d));
    }
    // Built-ins last: only now is it known which ones the fields and arguments use.
    for (const name of this.usedBuiltins) {
      types.push({
        kind: 'scalar',
        name,
        comment: { summary: [{ kind: 'text', text: BUILTIN_SCALARS[name] }] },
        fields: [],
        inputFields: [],
        enumValues: [],
      });
    }
    const order = (t: GqlType) => GQL_KINDS.indexOf(t.kind);
    types.sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name, 'en'));
    return { types };
  }
}

/** The GraphQL schema mirrored by the model's client module (the module holding the Query root). */
export function readSchema(model: ApiModel, clientModule: string): GqlSchema {
  const mod = model.modules.find((m) => m.name === clientModule);
  if (!mod) throw new Error(`no module ${clientModule} to read the GraphQL schema from`);
  return new SchemaReader(model, mod).read();
}
