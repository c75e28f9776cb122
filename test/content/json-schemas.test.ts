import fs from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import site from '../../content/site.config.ts';
import { configExamples, untitledConfigLookalikes, type ConfigFile } from './config-examples.ts';

// The site serves JSON schemas of dagger.json and engine.json (content/static/reference), written
// from Dagger's Go types at the version the docs show. Every example of those files in the docs
// must pass its schema, and the schemas must reject what Dagger rejects.
const reference = path.resolve('content/static/reference');
const docs = path.resolve('content/docs');
const SCHEMA_FILES: Record<ConfigFile, string> = {
  'dagger.json': 'dagger.schema.json',
  'engine.json': 'engine.schema.json',
};

type Schema = { $id: string; description: string; required?: string[] } & Record<string, unknown>;
const readSchema = (file: ConfigFile): Schema =>
  JSON.parse(fs.readFileSync(path.join(reference, SCHEMA_FILES[file]), 'utf8'));

/**
 * Strict mode: an unknown keyword or an ambiguous type in a schema is an error, not a silent no-op.
 * strictRequired is off: it wants every `required` name declared in the same subschema, which
 * `if: { required: ["blueprint"] }` deliberately is not.
 */
const ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true });
const validators = {} as Record<ConfigFile, { full: ValidateFunction; excerpt: ValidateFunction }>;
for (const file of Object.keys(SCHEMA_FILES) as ConfigFile[]) {
  const schema = readSchema(file);
  // An excerpt is a partial file: the same keys and types, none of them required at the top.
  const { required: _, ...partial } = schema;
  validators[file] = {
    full: ajv.compile(schema),
    excerpt: ajv.compile({ ...partial, $id: schema.$id.replace(/\.schema\.json$/, '.excerpt.schema.json') }),
  };
}

/** Ajv's errors as `path message`, naming the key for an unknown one. */
const problemsOf = (validate: ValidateFunction, value: unknown): string[] =>
  validate(value)
    ? []
    : (validate.errors ?? []).map((e) => {
        const key = e.params.additionalProperty ?? e.params.unevaluatedProperty;
        return `${e.instancePath || '(root)'} ${e.message}${key ? ` (${key})` : ''}`;
      });

describe('JSON schemas in content/static/reference', () => {
  it.each(Object.keys(SCHEMA_FILES) as ConfigFile[])(
    '%s: a valid draft 2020-12 schema, published at its $id, for the version the docs show',
    (file) => {
      const schema = readSchema(file);
      expect(ajv.validateSchema(schema), ajv.errorsText(ajv.errors)).toBe(true);
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.$id).toBe(`${site.url}/reference/${SCHEMA_FILES[file]}`);
      expect(schema.description).toContain(`v${site.docsVersion?.shows}`);
    },
  );

  it('every dagger.json and engine.json example in the docs passes its schema', () => {
    const examples = configExamples(docs);
    const failures = examples.flatMap((ex) => {
      if (ex.parseError) return [`${ex.where}: not JSON: ${ex.parseError}`];
      const validate = validators[ex.file][ex.excerpt ? 'excerpt' : 'full'];
      return problemsOf(validate, ex.value).map((p) => `${ex.where} (${ex.file}): ${p}`);
    });
    expect(failures).toEqual([]);
    const count = (file: ConfigFile) => examples.filter((e) => e.file === file).length;
    console.log(`validated ${count('dagger.json')} dagger.json and ${count('engine.json')} engine.json examples`);
    expect(count('dagger.json')).toBeGreaterThanOrEqual(8);
    expect(count('engine.json')).toBeGreaterThanOrEqual(6);
  });

  it('a "$schema" in a dagger.json example names the published schema', () => {
    const named = configExamples(docs).flatMap((ex) =>
      ex.file === 'dagger.json' && typeof ex.value === 'object' && ex.value && '$schema' in ex.value
        ? [(ex.value as Record<string, unknown>).$schema]
        : [],
    );
    expect(named.length).toBeGreaterThan(0);
    for (const url of named) expect(url).toBe(readSchema('dagger.json').$id);
  });

  it('no untitled ```json block looks like dagger.json or engine.json (it would escape validation)', () => {
    expect(untitledConfigLookalikes(docs)).toEqual([]);
  });

  it("docs link to the site's own copies of the schemas", () => {
    const files = fs
      .readdirSync(path.resolve('content'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(md|ts|tsx)$/.test(f));
    const offsite = files.flatMap((f) =>
      fs
        .readFileSync(path.resolve('content', f), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          // The "$schema" value inside a dagger.json example is what users write: it stays absolute.
          /https?:\/\/[^\s)'"]*\/reference\/\w+\.schema\.json/.test(line) && !line.includes('"$schema"')
            ? [`content/${f}:${i + 1}`]
            : [],
        ),
    );
    expect(offsite).toEqual([]);
  });
});

describe('dagger.json schema: what Dagger v0.18.16 reads (core/modules/config.go)', () => {
  const check = (value: unknown) => problemsOf(validators['dagger.json'].full, value);
  const go = { name: 'ci', engineVersion: 'v0.18.16', sdk: { source: 'go' } };

  it('accepts the older string forms of sdk and dependencies, and the deprecated exclude', () => {
    expect(
      check({
        name: 'ci',
        sdk: 'go',
        dependencies: ['github.com/org/repo/mod@v1.0.0', { source: '../lib' }],
        exclude: ['node_modules'],
      }),
    ).toEqual([]);
    expect(
      check({
        ...go,
        dependencies: [{ name: 'lib', source: 'lib' }],
        codegen: { automaticGitignore: false },
        clients: [{ generator: 'go', directory: 'dagger' }],
      }),
    ).toEqual([]);
    expect(check({ name: 'ci', blueprint: { name: 'base', source: 'github.com/org/base@v1', pin: 'abc' } })).toEqual(
      [],
    );
  });

  it('rejects unknown keys, wrong types and a missing name', () => {
    expect(check({ ...go, engineversion: 'v0.18.16' })).toEqual([
      '(root) must NOT have additional properties (engineversion)',
    ]);
    expect(check({ ...go, include: 'src/**' })).toEqual(['/include must be array']);
    expect(check({ ...go, name: '' })).toEqual(['/name must NOT have fewer than 1 characters']);
    expect(check({ engineVersion: 'v0.18.16' })).toEqual(["(root) must have required property 'name'"]);
    expect(check({ ...go, codegen: { automaticGitignore: 'no' } })).toEqual([
      '/codegen/automaticGitignore must be boolean',
    ]);
    expect(check({ ...go, dependencies: [{ name: 'lib' }] })).not.toEqual([]);
    expect(check({ ...go, sdk: { source: 'go', version: '1' } })).not.toEqual([]);
    expect(check({ ...go, clients: [{ generator: 'go' }] })).toEqual([
      "/clients/0 must have required property 'directory'",
    ]);
  });

  it('rejects a source outside the module and a blueprint combined with sdk, dependencies or source', () => {
    expect(check({ ...go, source: '../elsewhere' })).toEqual(['/source must NOT be valid']);
    expect(check({ ...go, source: '/abs' })).toEqual(['/source must NOT be valid']);
    expect(check({ ...go, source: '.dagger' })).toEqual([]);
    const blueprint = { source: 'github.com/org/base@v1' };
    expect(check({ ...go, blueprint })).not.toEqual([]);
    expect(check({ name: 'ci', blueprint, dependencies: [{ source: 'lib' }] })).not.toEqual([]);
    expect(check({ name: 'ci', blueprint, source: '.dagger' })).not.toEqual([]);
    expect(check({ name: 'ci', blueprint, dependencies: [] })).toEqual([]);
  });
});

describe('engine.json schema: what the Dagger v0.18.16 engine reads (engine/config)', () => {
  const check = (value: unknown) => problemsOf(validators['engine.json'].full, value);

  it('accepts every disk space and duration form the engine parses', () => {
    for (const space of [512000000, 0, '512MB', '1.5GiB', '200 gb', '100', '10%']) {
      expect(check({ gc: { maxUsedSpace: space, policies: [{ reservedSpace: space }] } }), String(space)).toEqual([]);
    }
    for (const duration of [3600, '3600', '48h', '1h30m', '1.5h', '500ms', '0']) {
      expect(check({ gc: { policies: [{ keepDuration: duration }] } }), String(duration)).toEqual([]);
    }
    expect(
      check({
        logLevel: 'debugextra',
        security: { insecureRootCapabilities: false },
        gc: { enabled: true, sweepSize: '50%', policies: [{ all: true, filters: ['type==exec.cachemount'] }] },
      }),
    ).toEqual([]);
  });

  it('rejects what the engine refuses: unknown keys (even "$schema"), unknown levels, malformed sizes and durations', () => {
    expect(check({ $schema: 'https://docs.dagger.io/reference/engine.schema.json' })).toEqual([
      '(root) must NOT have additional properties ($schema)',
    ]);
    expect(check({ logLevel: 'verbose' })).toEqual(['/logLevel must be equal to one of the allowed values']);
    expect(check({ gc: { enabled: 'yes' } })).toEqual(['/gc/enabled must be boolean']);
    expect(check({ gc: { maxUsedSpace: 'lots' } })).not.toEqual([]);
    expect(check({ gc: { maxUsedSpace: -1 } })).not.toEqual([]);
    expect(check({ gc: { maxUsedSpace: '10.5%' } })).not.toEqual([]);
    expect(check({ gc: { policies: [{ keepDuration: 1.5 }] } })).not.toEqual([]);
    expect(check({ gc: { policies: [{ keepDuration: '2 days' }] } })).not.toEqual([]);
    expect(check({ gc: { keepDuration: '6h' } })).toEqual(['/gc must NOT have unevaluated properties (keepDuration)']);
    expect(check({ gc: { policies: [{ colour: 'red' }] } })).toEqual([
      '/gc/policies/0 must NOT have unevaluated properties (colour)',
    ]);
    expect(check({ security: { rootless: true } })).toEqual([
      '/security must NOT have additional properties (rootless)',
    ]);
  });
});
