import type { JSONOutput as J } from 'typedoc';
import { escapeLiteral, link } from './escape.ts';

/** Where a reflection is documented: a page route, and a heading anchor for members. */
export interface LinkTarget {
  route: string;
  anchor?: string;
}

/** Maps a TypeDoc reflection id to its place in the generated reference, if it has one. */
export type Resolve = (id: number) => LinkTarget | undefined;

/**
 * How type text is written: plain TypeScript for ```ts blocks, or Markdown for tables and prose,
 * where SDK types link to their pages and everything else is escaped literal text.
 */
interface Writer {
  text(s: string): string;
  name(name: string, target: J.ReferenceType['target']): string;
}

const plainWriter: Writer = { text: (s) => s, name: (n) => n };

function markdownWriter(resolve: Resolve): Writer {
  return {
    text: escapeLiteral,
    name(name, target) {
      const to = typeof target === 'number' ? resolve(target) : undefined;
      return to ? link(escapeLiteral(name), to.route, to.anchor) : escapeLiteral(name);
    },
  };
}

/** Where a type appears, to decide when it needs parentheses. */
type Position = 'top' | 'array' | 'union' | 'intersection' | 'operator';

function needsParens(t: J.SomeType, pos: Position): boolean {
  const fnType = t.type === 'reflection' && !!t.declaration.signatures?.length && !t.declaration.children?.length;
  switch (pos) {
    case 'array':
    case 'operator':
      return t.type === 'union' || t.type === 'intersection' || t.type === 'conditional' || fnType;
    case 'union':
      return t.type === 'conditional' || fnType;
    case 'intersection':
      return t.type === 'union' || t.type === 'conditional' || fnType;
    default:
      return false;
  }
}

function literal(value: J.LiteralType['value']): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return `${value.negative ? '-' : ''}${value.value}n`;
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** Property names that are not identifiers are quoted, as TypeScript would need them. */
function propertyName(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

class TypeFormatter {
  constructor(private readonly w: Writer) {}

  type(t: J.SomeType | undefined, pos: Position = 'top'): string {
    if (!t) return this.w.text('unknown');
    const body = this.bare(t);
    return needsParens(t, pos) ? `${this.w.text('(')}${body}${this.w.text(')')}` : body;
  }

  private bare(t: J.SomeType): string {
    const w = this.w;
    switch (t.type) {
      case 'intrinsic':
      case 'unknown':
      case 'inferred':
        return w.text(t.type === 'inferred' ? `infer ${t.name}` : t.name);
      case 'literal':
        return w.text(literal(t.value));
      case 'reference': {
        const args = t.typeArguments?.length
          ? `${w.text('<')}${t.typeArguments.map((a) => this.type(a)).join(w.text(', '))}${w.text('>')}`
          : '';
        const name = t.refersToTypeParameter ? w.text(t.name) : w.name(t.name, t.target);
        return name + args;
      }
      case 'array':
        return `${this.type(t.elementType, 'array')}${w.text('[]')}`;
      case 'union':
        return t.types.map((u) => this.type(u, 'union')).join(w.text(' | '));
      case 'intersection':
        return t.types.map((u) => this.type(u, 'intersection')).join(w.text(' & '));
      case 'tuple':
        return `${w.text('[')}${(t.elements ?? []).map((e) => this.type(e)).join(w.text(', '))}${w.text(']')}`;
      case 'namedTupleMember':
        return `${w.text(`${t.name}${t.isOptional ? '?' : ''}: `)}${this.type(t.element)}`;
      case 'optional':
        return `${this.type(t.elementType, 'array')}${w.text('?')}`;
      case 'rest':
        return `${w.text('...')}${this.type(t.elementType, 'array')}`;
      case 'typeOperator':
        return `${w.text(`${t.operator} `)}${this.type(t.target, 'operator')}`;
      case 'query':
        return `${w.text('typeof ')}${this.type(t.queryType)}`;
      case 'indexedAccess':
        return `${this.type(t.objectType, 'array')}${w.text('[')}${this.type(t.indexType)}${w.text(']')}`;
      case 'conditional':
        return [
          this.type(t.checkType, 'union'),
          w.text(' extends '),
          this.type(t.extendsType, 'union'),
          w.text(' ? '),
          this.type(t.trueType),
          w.text(' : '),
          this.type(t.falseType),
        ].join('');
      case 'predicate':
        return (
          w.text(`${t.asserts ? 'asserts ' : ''}${t.name}${t.targetType ? ' is ' : ''}`) +
          (t.targetType ? this.type(t.targetType) : '')
        );
      case 'templateLiteral':
        return (
          w.text('`' + t.head) +
          t.tail.map(([ty, s]) => `${w.text('${')}${this.type(ty)}${w.text('}' + s)}`).join('') +
          w.text('`')
        );
      case 'mapped': {
        const ro = t.readonlyModifier ? `${t.readonlyModifier === '+' ? '' : '-'}readonly ` : '';
        const opt = t.optionalModifier ? `${t.optionalModifier === '+' ? '' : '-'}?` : '';
        const as = t.nameType ? `${w.text(' as ')}${this.type(t.nameType)}` : '';
        return `${w.text(`{ ${ro}[${t.parameter} in `)}${this.type(t.parameterType)}${as}${w.text(`]${opt}: `)}${this.type(t.templateType)}${w.text(' }')}`;
      }
      case 'reflection':
        return this.reflection(t.declaration);
    }
  }

  /** An inline object or function type. */
  reflection(decl: J.DeclarationReflection): string {
    const w = this.w;
    const signatures = decl.signatures ?? [];
    const members = this.objectMembers(decl);
    if (signatures.length === 1 && members.length === 0) return this.arrow(signatures[0]);
    const all = [...signatures.map((s) => this.signature('', s)), ...members];
    return all.length ? `${w.text('{ ')}${all.join(w.text('; '))}${w.text(' }')}` : w.text('{}');
  }

  /** The members of an object type, one string each: `readonly name?: Type`. */
  objectMembers(decl: J.DeclarationReflection): string[] {
    const w = this.w;
    const props = (decl.children ?? []).map((c) => {
      if (c.signatures?.length)
        return c.signatures.map((s) => this.signature(propertyName(c.name), s)).join(w.text('; '));
      const mods = c.flags.isReadonly ? 'readonly ' : '';
      return `${w.text(`${mods}${propertyName(c.name)}${c.flags.isOptional ? '?' : ''}: `)}${this.type(c.type)}`;
    });
    const index = (decl.indexSignatures ?? []).map((s) => {
      const p = s.parameters?.[0];
      return `${w.text(`[${p?.name ?? 'key'}: `)}${this.type(p?.type)}${w.text(']: ')}${this.type(s.type)}`;
    });
    return [...props, ...index];
  }

  typeParameters(params: J.TypeParameterReflection[] | undefined): string {
    if (!params?.length) return '';
    const w = this.w;
    const items = params.map((p) => {
      const ext = p.type ? `${w.text(' extends ')}${this.type(p.type)}` : '';
      const def = p.default ? `${w.text(' = ')}${this.type(p.default)}` : '';
      return `${w.text(p.name)}${ext}${def}`;
    });
    return `${w.text('<')}${items.join(w.text(', '))}${w.text('>')}`;
  }

  parameter(p: J.ParameterReflection): string {
    const optional = p.flags.isOptional || p.defaultValue !== undefined;
    return `${this.w.text(`${p.flags.isRest ? '...' : ''}${p.name}${optional ? '?' : ''}: `)}${this.type(p.type)}`;
  }

  parameterList(sig: J.SignatureReflection): string[] {
    return (sig.parameters ?? []).map((p) => this.parameter(p));
  }

  /** `name<T>(a: A): R`, the form used for methods and functions. */
  signature(name: string, sig: J.SignatureReflection): string {
    const w = this.w;
    return `${w.text(name)}${this.typeParameters(sig.typeParameters)}${w.text('(')}${this.parameterList(sig).join(w.text(', '))}${w.text('): ')}${this.type(sig.type)}`;
  }

  /** `(a: A) => R`, the form used for function types. */
  arrow(sig: J.SignatureReflection): string {
    const w = this.w;
    return `${this.typeParameters(sig.typeParameters)}${w.text('(')}${this.parameterList(sig).join(w.text(', '))}${w.text(') => ')}${this.type(sig.type)}`;
  }
}

const plain = new TypeFormatter(plainWriter);

/** A type as TypeScript source text, for code blocks. */
export function typeToText(t: J.SomeType | undefined): string {
  return plain.type(t);
}

/** A type as inline Markdown: SDK types link to their pages, outside types stay plain text. */
export function typeToMarkdown(t: J.SomeType | undefined, resolve: Resolve): string {
  return new TypeFormatter(markdownWriter(resolve)).type(t);
}

/** Longest single-line signature before parameters go one per line. */
const WRAP_AT = 100;

/**
 * A call signature as TypeScript source for a ```ts block: `prefix name(params): Return`.
 * Long signatures put one parameter per line so the block stays readable.
 */
export function signatureToText(prefix: string, name: string, sig: J.SignatureReflection, arrow = false): string {
  const params = plain.parameterList(sig);
  const tps = plain.typeParameters(sig.typeParameters);
  const ret = sig.type ? `${arrow ? ' => ' : ': '}${plain.type(sig.type)}` : '';
  const oneLine = `${prefix}${name}${tps}(${params.join(', ')})${ret}`;
  if (oneLine.length <= WRAP_AT || params.length === 0) return oneLine;
  return `${prefix}${name}${tps}(\n${params.map((p) => `  ${p},`).join('\n')}\n)${ret}`;
}

/** Type parameters as TypeScript source, e.g. `<T extends object>`; empty when there are none. */
export function typeParametersToText(params: J.TypeParameterReflection[] | undefined): string {
  return plain.typeParameters(params);
}

/** The members of an object type as TypeScript source, one per entry. */
export function objectMembersToText(decl: J.DeclarationReflection): string[] {
  return plain.objectMembers(decl);
}

/** Every SDK reflection id a type refers to, for "used by" cross references. */
export function referencedIds(t: J.SomeType | undefined, into = new Set<number>()): Set<number> {
  if (!t) return into;
  const visitDecl = (d: J.DeclarationReflection) => {
    for (const c of d.children ?? []) referencedIds(c.type, into);
    for (const s of [...(d.signatures ?? []), ...(d.indexSignatures ?? [])]) {
      for (const p of s.parameters ?? []) referencedIds(p.type, into);
      referencedIds(s.type, into);
    }
  };
  switch (t.type) {
    case 'reference':
      if (typeof t.target === 'number') into.add(t.target);
      t.typeArguments?.forEach((a) => referencedIds(a, into));
      break;
    case 'array':
    case 'optional':
    case 'rest':
      referencedIds(t.elementType, into);
      break;
    case 'union':
    case 'intersection':
      t.types.forEach((u) => referencedIds(u, into));
      break;
    case 'tuple':
      t.elements?.forEach((e) => referencedIds(e, into));
      break;
    case 'namedTupleMember':
      referencedIds(t.element, into);
      break;
    case 'typeOperator':
      referencedIds(t.target, into);
      break;
    case 'reflection':
      visitDecl(t.declaration);
      break;
    default:
      break;
  }
  return into;
}
