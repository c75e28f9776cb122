#!/usr/bin/env node
/**
 * What one version of the Dagger API has that an older one lacks, named the way the TypeScript
 * SDK names it. Reads two GraphQL schema files (Dagger's docs/docs-graphql/schema.graphqls at two
 * tags) and writes JSON: the types, fields, field arguments, enum values and input fields that
 * exist in the newer schema and not in the older one, each with its GraphQL and TypeScript name,
 * plus an `exclude` list of TypeScript names (`Changeset`, `Container.combinedOutput`,
 * `FileContentsOpts`, `ContainerWithExecOpts.foo`) that the reference generator and the snippet
 * type-check read (the typescript-api plugin's exclude in content/site.config.ts).
 *
 *   node scripts/sdk-surface-diff.mjs <old.graphqls> <new.graphqls> --old-tag v0.18.16 --new-tag v0.18.19 > out.json
 *   node scripts/sdk-surface-diff.mjs --repo <dagger git dir> --old-tag v0.18.16 --new-tag v0.18.19 -o out.json
 *
 * With --repo, the two schema files are read with `git show <tag>:docs/docs-graphql/schema.graphqls`.
 *
 * How the TypeScript SDK's generator (cmd/codegen/generator/typescript in Dagger's repository)
 * names things, which this mirrors:
 * - object type `T` → class `T`, except `Query` → class `Client` (the `dag` object); scalars, enums
 *   and input objects keep their names (`ChangesetID`, `ReturnType`, `PortForward`);
 * - field `f` → member `f`, with `_` appended to JavaScript keywords (`import_`, `module_`);
 * - a field's arguments up to the first optional one (nullable or defaulted) are positional
 *   parameters; that one and all after it are properties of `<Type><F>Opts` (`ContainerWithExecOpts`,
 *   `ClientContainerOpts`), which exists only when the field has such arguments;
 * - enum value `SOME_VALUE` → enum member `SomeValue`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { Kind, parse, print } from 'graphql';

const SCHEMA_PATH = 'docs/docs-graphql/schema.graphqls';

/** cmd/codegen/generator/typescript/templates/functions.go `jsKeywords` (compared lower-case). */
const JS_KEYWORDS = new Set(
  'await break case catch class const continue debugger default delete do else enum extends false finally for function if implements import in instanceof interface new null package private protected public return super switch this throw true try typeof var void while yield as let static any boolean constructor declare module require number set string symbol type async namespace'.split(
    ' ',
  ),
);

/** The SDK's `FormatName`: a keyword gets a trailing `_`. */
const tsName = (name) => (JS_KEYWORDS.has(name.toLowerCase()) ? `${name}_` : name);
/** `Query` → `Client`. */
const tsTypeName = (name) => (name === 'Query' ? 'Client' : name);
/** strcase.ToCamel as the SDK uses it: `BOOLEAN_KIND` → `BooleanKind`, `withExec` → `WithExec`. */
function pascal(name) {
  return name
    .split(/[_\-\s.]+/)
    .filter(Boolean)
    .map((word) =>
      [...word]
        .map((c, i) => (i === 0 ? c.toUpperCase() : /[A-Z]/.test(word[i - 1]) && /[A-Z]/.test(c) ? c.toLowerCase() : c))
        .join(''),
    )
    .join('');
}
const optsName = (type, field) => `${tsTypeName(type)}${pascal(field)}Opts`;

const KIND_OF = {
  [Kind.OBJECT_TYPE_DEFINITION]: 'object',
  [Kind.INPUT_OBJECT_TYPE_DEFINITION]: 'input',
  [Kind.ENUM_TYPE_DEFINITION]: 'enum',
  [Kind.SCALAR_TYPE_DEFINITION]: 'scalar',
  [Kind.INTERFACE_TYPE_DEFINITION]: 'interface',
  [Kind.UNION_TYPE_DEFINITION]: 'union',
};

const isOptional = (arg) => arg.type.kind !== Kind.NON_NULL_TYPE || arg.defaultValue !== undefined;

/** Required (positional) and optional (Opts) arguments, split as the SDK splits them. */
function splitArgs(args) {
  const i = args.findIndex((a) => a.optional);
  return i < 0 ? { required: args, optional: [] } : { required: args.slice(0, i), optional: args.slice(i) };
}

/** name → { kind, fields: name → { type, args: [{name, type, default}] }, values: Set, inputs: name → type } */
function readSchema(text) {
  const types = new Map();
  for (const def of parse(text).definitions) {
    const kind = KIND_OF[def.kind];
    if (!kind) continue;
    const fields = new Map();
    for (const f of def.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION ? [] : (def.fields ?? [])) {
      fields.set(f.name.value, {
        type: print(f.type),
        args: (f.arguments ?? []).map((a) => ({ name: a.name.value, type: print(a.type), optional: isOptional(a) })),
      });
    }
    const inputs = new Map(
      def.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION ? def.fields.map((f) => [f.name.value, print(f.type)]) : [],
    );
    const values = new Set((def.values ?? []).map((v) => v.name.value));
    types.set(def.name.value, { kind, fields, inputs, values });
  }
  return types;
}

/** The difference between two schema texts, as data. */
export function surfaceDiff(oldText, newText) {
  const before = readSchema(oldText);
  const after = readSchema(newText);
  const out = { types: [], fields: [], arguments: [], enumValues: [], inputFields: [], changed: [], removed: [] };
  const exclude = new Set();
  const byName = (a, b) => a.localeCompare(b, 'en');

  for (const [name, t] of [...after].sort(([a], [b]) => byName(a, b))) {
    const old = before.get(name);
    if (!old) {
      out.types.push({ graphql: name, kind: t.kind, typescript: tsTypeName(name) });
      exclude.add(tsTypeName(name));
      // Option types of the new type's fields are new too.
      for (const [fname, f] of t.fields) if (splitArgs(f.args).optional.length) exclude.add(optsName(name, fname));
      continue;
    }
    for (const [fname, f] of t.fields) {
      const member = `${tsTypeName(name)}.${tsName(fname)}`;
      const oldField = old.fields.get(fname);
      const { required, optional } = splitArgs(f.args);
      if (!oldField) {
        out.fields.push({ graphql: `${name}.${fname}`, typescript: member });
        exclude.add(member);
        if (optional.length) exclude.add(optsName(name, fname));
        continue;
      }
      if (oldField.type !== f.type)
        out.changed.push({
          graphql: `${name}.${fname}`,
          typescript: member,
          what: `returns ${f.type}, was ${oldField.type}`,
        });
      const oldSplit = splitArgs(oldField.args);
      for (const a of f.args) {
        const oldArg = oldField.args.find((x) => x.name === a.name);
        const inOpts = optional.includes(a);
        if (!oldArg) {
          const ts = inOpts ? `${optsName(name, fname)}.${tsName(a.name)}` : `${member}(${tsName(a.name)})`;
          out.arguments.push({ graphql: `${name}.${fname}(${a.name})`, typescript: ts, optional: inOpts });
          if (inOpts) exclude.add(oldSplit.optional.length ? ts : optsName(name, fname));
          continue;
        }
        if (oldArg.type !== a.type || oldArg.optional !== a.optional)
          out.changed.push({
            graphql: `${name}.${fname}(${a.name})`,
            typescript: member,
            what: `argument ${a.name}: ${a.type}, was ${oldArg.type}`,
          });
      }
      if (
        required.length !== oldSplit.required.length &&
        f.args.every((a) => oldField.args.some((x) => x.name === a.name))
      ) {
        out.changed.push({ graphql: `${name}.${fname}`, typescript: member, what: 'positional parameters changed' });
      }
      for (const a of oldField.args)
        if (!f.args.some((x) => x.name === a.name))
          out.removed.push({ graphql: `${name}.${fname}(${a.name})`, kind: 'argument' });
    }
    for (const [fname] of old.fields)
      if (!t.fields.has(fname)) out.removed.push({ graphql: `${name}.${fname}`, kind: 'field' });
    for (const v of t.values) {
      if (old.values.has(v)) continue;
      const ts = `${name}.${pascal(v)}`;
      out.enumValues.push({ graphql: `${name}.${v}`, typescript: ts });
      exclude.add(ts);
    }
    for (const v of old.values) if (!t.values.has(v)) out.removed.push({ graphql: `${name}.${v}`, kind: 'enum value' });
    for (const [iname, itype] of t.inputs) {
      const ts = `${name}.${tsName(iname)}`;
      if (!old.inputs.has(iname)) {
        out.inputFields.push({ graphql: `${name}.${iname}`, typescript: ts });
        exclude.add(ts);
      } else if (old.inputs.get(iname) !== itype)
        out.changed.push({
          graphql: `${name}.${iname}`,
          typescript: ts,
          what: `type ${itype}, was ${old.inputs.get(iname)}`,
        });
    }
    for (const [iname] of old.inputs)
      if (!t.inputs.has(iname)) out.removed.push({ graphql: `${name}.${iname}`, kind: 'input field' });
  }
  for (const [name, t] of before) if (!after.has(name)) out.removed.push({ graphql: name, kind: t.kind });
  return { ...out, exclude: [...exclude].sort(byName) };
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      repo: { type: 'string' },
      'old-tag': { type: 'string' },
      'new-tag': { type: 'string' },
      output: { type: 'string', short: 'o' },
    },
  });
  const oldTag = values['old-tag'];
  const newTag = values['new-tag'];
  if (!oldTag || !newTag)
    throw new Error(
      'usage: sdk-surface-diff.mjs (<old.graphqls> <new.graphqls> | --repo <git dir>) --old-tag <tag> --new-tag <tag> [-o out.json]',
    );
  const read = (tag, file) =>
    values.repo
      ? execFileSync('git', ['-C', values.repo, 'show', `${tag}:${SCHEMA_PATH}`], {
          encoding: 'utf8',
          maxBuffer: 64 << 20,
        })
      : fs.readFileSync(file, 'utf8');
  if (!values.repo && positionals.length !== 2) throw new Error('give two schema files, or --repo');
  const diff = surfaceDiff(read(oldTag, positionals[0]), read(newTag, positionals[1]));
  const data = {
    comment: `What the Dagger API of ${newTag} has and ${oldTag} lacks, named as the TypeScript SDK names it. Generated by scripts/sdk-surface-diff.mjs from ${SCHEMA_PATH} of github.com/dagger/dagger at ${oldTag} and ${newTag}; do not edit by hand. The site installs the SDK of ${newTag} and documents ${oldTag}: the typescript-api plugin's exclude in content/site.config.ts points here, so the reference leaves out, and the TypeScript snippet check rejects, every name in "exclude".`,
    generatedBy: `node scripts/sdk-surface-diff.mjs --repo <dagger git dir> --old-tag ${oldTag} --new-tag ${newTag} -o content/data/api-absent-in-${oldTag.replace(/^v/, '')}.json`,
    source: SCHEMA_PATH,
    documented: oldTag,
    installed: newTag,
    ...diff,
  };
  const json = `${JSON.stringify(data, null, 2)}\n`;
  if (values.output) fs.writeFileSync(values.output, json);
  else process.stdout.write(json);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
