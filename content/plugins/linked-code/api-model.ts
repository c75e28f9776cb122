import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as TS from 'typescript';
import { writeFileAtomic } from '../../../renderer/write-atomic.ts';

/**
 * The Dagger API as the TypeScript SDK declares it (node_modules/@dagger.io/dagger, the generated
 * client.gen.d.ts): each object type with its functions, their required parameters, their options
 * type and what they return. The Go and Python SDKs are generated from the same schema, so their
 * names map onto these by case and underscores alone (`WithExec`, `with_exec` → `withExec`;
 * `from_` → `from`), which `key` does.
 */
export interface ApiFunction {
  name: string;
  /** Names of the required parameters, in order. */
  params: string[];
  /** The options type (`ContainerWithExecOpts`), if the function takes one. */
  opts?: string;
  /** The object type returned, when the call returns an object that can be chained on. */
  returns?: string;
  /** `key`s of the boolean parameters (a CLI flag of such an argument takes no value). */
  booleans: string[];
}

export interface ApiModel {
  /** Object types by name, their functions by `key`. */
  types: Map<string, Map<string, ApiFunction>>;
  /** Options types by name, their fields by `key` (value: the TypeScript name). */
  opts: Map<string, Map<string, string>>;
  /** Names of enums, scalars and other declared types. */
  otherTypes: Set<string>;
  /** Boolean fields of options types, as `OptsType.key`. */
  booleanFields: Set<string>;
  /** Enums, with the `key`s of their members' names and values (`Tcp`, `TCP` → `tcp`). */
  enums: Map<string, Set<string>>;
}

/** The name a Go, Python or TypeScript spelling of an API name maps to. */
export const key = (name: string) => name.replace(/_+$/, '').replace(/_/g, '').toLowerCase();

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SDK_DECLARATIONS = path.join(ROOT, 'node_modules/@dagger.io/dagger/dist/src/api/client.gen.d.ts');

export function loadApiModel(file = SDK_DECLARATIONS): ApiModel {
  // Required here, not imported: the build reads the model from its cache (loadApiModelCached)
  // and so never pays the ~0.3 s of CPU that loading the compiler costs each thread.
  const ts: typeof TS = createRequire(import.meta.url)('typescript');
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const model: ApiModel = {
    types: new Map(),
    opts: new Map(),
    otherTypes: new Set(),
    booleanFields: new Set(),
    enums: new Map(),
  };
  const typeName = (node: TS.TypeNode | undefined): string | undefined =>
    node && ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) ? node.typeName.text : undefined;
  const fn = (
    name: string,
    params: readonly TS.ParameterDeclaration[],
    returns: TS.TypeNode | undefined,
  ): ApiFunction => {
    const f: ApiFunction = { name, params: [], booleans: [] };
    for (const p of params) {
      const pname = p.name.getText(source);
      if (pname === 'opts') f.opts = typeName(p.type);
      else if (!p.questionToken) f.params.push(pname);
      if (p.type?.kind === ts.SyntaxKind.BooleanKeyword) f.booleans.push(key(pname));
    }
    const ret = typeName(returns);
    if (ret && ret !== 'Promise') f.returns = ret;
    return f;
  };
  for (const statement of source.statements) {
    if (ts.isClassDeclaration(statement) && statement.name) {
      const members = new Map<string, ApiFunction>();
      for (const member of statement.members) {
        if (!member.name || ts.isConstructorDeclaration(member)) continue;
        if (ts.getCombinedModifierFlags(member as TS.Declaration) & ts.ModifierFlags.Private) continue;
        const name = member.name.getText(source);
        if (ts.isPropertyDeclaration(member) && member.type && ts.isFunctionTypeNode(member.type))
          members.set(key(name), fn(name, member.type.parameters, member.type.type));
        else if (ts.isMethodDeclaration(member)) members.set(key(name), fn(name, member.parameters, member.type));
      }
      model.types.set(statement.name.text, members);
    } else if (ts.isTypeAliasDeclaration(statement)) {
      const name = statement.name.text;
      if (name.endsWith('Opts') && ts.isTypeLiteralNode(statement.type)) {
        const fields = new Map<string, string>();
        for (const m of statement.type.members) {
          if (!m.name) continue;
          fields.set(key(m.name.getText(source)), m.name.getText(source));
          if (ts.isPropertySignature(m) && m.type?.kind === ts.SyntaxKind.BooleanKeyword)
            model.booleanFields.add(`${name}.${key(m.name.getText(source))}`);
        }
        model.opts.set(name, fields);
      } else model.otherTypes.add(name);
    } else if (ts.isEnumDeclaration(statement)) {
      const members = new Set<string>();
      for (const m of statement.members) {
        members.add(key(m.name.getText(source)));
        if (m.initializer && ts.isStringLiteral(m.initializer)) members.add(key(m.initializer.text));
      }
      model.enums.set(statement.name.text, members);
    }
  }
  // Types returned but not declared as classes (scalars) do not chain.
  for (const members of model.types.values())
    for (const f of members.values()) if (f.returns && !model.types.has(f.returns)) delete f.returns;
  return model;
}

const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/linked-code');

/** A hash of what the model is made from: the SDK's declarations and this file. */
export function apiModelKey(file = SDK_DECLARATIONS): string {
  return crypto
    .createHash('sha1')
    .update(fs.readFileSync(file))
    .update(fs.readFileSync(fileURLToPath(import.meta.url)))
    .digest('hex')
    .slice(0, 16);
}

/** loadApiModel, kept as JSON between runs (keyed by apiModelKey) so that a build never loads the compiler. */
export function loadApiModelCached(file = SDK_DECLARATIONS): ApiModel {
  const cached = path.join(CACHE_DIR, `api-model-${apiModelKey(file)}.json`);
  try {
    const raw = JSON.parse(fs.readFileSync(cached, 'utf8'));
    return {
      types: new Map(raw.types.map(([name, members]: [string, [string, ApiFunction][]]) => [name, new Map(members)])),
      opts: new Map(raw.opts.map(([name, fields]: [string, [string, string][]]) => [name, new Map(fields)])),
      otherTypes: new Set(raw.otherTypes),
      booleanFields: new Set(raw.booleanFields),
      enums: new Map(raw.enums.map(([name, members]: [string, string[]]) => [name, new Set(members)])),
    };
  } catch {
    const model = loadApiModel(file);
    const raw = {
      types: [...model.types].map(([name, members]) => [name, [...members]]),
      opts: [...model.opts].map(([name, fields]) => [name, [...fields]]),
      otherTypes: [...model.otherTypes],
      booleanFields: [...model.booleanFields],
      enums: [...model.enums].map(([name, members]) => [name, [...members]]),
    };
    try {
      writeFileAtomic(cached, JSON.stringify(raw));
    } catch {
      // Only a cache.
    }
    return model;
  }
}
