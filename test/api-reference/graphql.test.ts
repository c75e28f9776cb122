import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderReference } from '../../content/plugins/typescript-api/generate.ts';
import { excludeMembers } from '../../content/plugins/typescript-api/model.ts';
import { EXCLUSIONS, reference, render, SETTINGS, type RenderedDoc } from './helpers.ts';
import { sdkModel } from './sdk-model.ts';

const ROUTE = '/api/reference';
const CLIENT = '/reference/typescript/api/client.gen';
const DTS = fs.readFileSync('node_modules/@dagger.io/dagger/dist/src/api/client.gen.d.ts', 'utf8');

const DOCUMENTED = excludeMembers(EXCLUSIONS.exclude);

/** Names the declaration file exports, read with a regex: an oracle independent of TypeDoc. */
const declared = (pattern: RegExp) => [...DTS.matchAll(pattern)].map((m) => m[1]);

let gql: RenderedDoc;
let byRoute = new Map<string, RenderedDoc>();

beforeAll(async () => {
  const pages = await Promise.all((await reference()).docs.map(render));
  byRoute = new Map(pages.map((p) => [p.route, p]));
  gql = byRoute.get(ROUTE)!;
}, 180_000);

/** The Markdown of one type's section: from its heading to the next heading of a type or group. */
function section(name: string): string {
  const src = gql.doc.source;
  const start = src.search(new RegExp(`^#{2,3} ${name} \\{#definition-${name}\\}$`, 'm'));
  if (start < 0) throw new Error(`no section for ${name}`);
  const rest = src.slice(src.indexOf('\n', start) + 1);
  const end = rest.search(/^#{2,3} /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The SDL signature of a field, as listed in its type's section. */
function field(type: string, name: string): string {
  const m = new RegExp(`^- \`(${name}(?:\\(|:)[^\`]*)\``, 'm').exec(section(type));
  if (!m) throw new Error(`no field ${type}.${name}`);
  return m[1];
}

describe('GraphQL reference mapping', () => {
  it('is one page at /api/reference', () => {
    expect(gql).toBeDefined();
    expect(gql.data.title).toBe('GraphQL API Reference');
  });

  it('maps Container.withExec: required list argument, options in declaration order, nullable, no invented defaults', () => {
    expect(field('Container', 'withExec')).toBe(
      'withExec(args: [String!]!, useEntrypoint: Boolean, stdin: String, redirectStdin: String, redirectStdout: String, redirectStderr: String, ' +
        'expect: ReturnType, experimentalPrivilegedNesting: Boolean, insecureRootCapabilities: Boolean, expand: Boolean, noInit: Boolean): Container!',
    );
  });

  it('passes objects by ID, and takes leaf types from the client (sync → ContainerID, exportImage → Void)', () => {
    expect(field('Container', 'withDirectory')).toMatch(/^withDirectory\(path: String!, directory: DirectoryID!/);
    expect(field('Container', 'withFiles')).toMatch(/sources: \[FileID!\]!/);
    expect(field('Container', 'sync')).toBe('sync: ContainerID!');
    expect(field('Container', 'id')).toBe('id: ContainerID!');
    expect(field('Container', 'exportImage')).toMatch(/\): Void$/);
    expect(field('Container', 'exitCode')).toBe('exitCode: Int!');
    expect(field('Container', 'platform')).toBe('platform: Platform!');
    expect(field('Container', 'envVariables')).toBe('envVariables: [EnvVariable!]!');
    expect(section('Container')).not.toMatch(/^- `with\(/m);
  });

  it('maps the Client class to the Query root, with trailing underscores dropped', () => {
    expect(field('Query', 'container')).toBe('container(platform: Platform): Container!');
    expect(field('Query', 'directory')).toBe('directory: Directory!');
    expect(field('Query', 'function')).toBe('function(name: String!, returnType: TypeDefID!): Function!');
    expect(field('Query', 'module')).toBe('module: Module!');
    expect(section('Query')).not.toMatch(/getGQLClient/);
    expect(section('Query')).toContain(`(${CLIENT}/classes/Client)`);
    expect(gql.doc.source.indexOf('{#definition-Query}')).toBeLessThan(gql.doc.source.indexOf('{#definition-Binding}'));
  });

  it('maps enums to the values the client sends, aliases folded into one value', () => {
    expect(section('ReturnType')).toMatch(/^\| `SUCCESS` \| `Success` \| A successful execution/m);
    expect(section('TypeDefKind')).toMatch(/^\| `ENUM_KIND` \| `Enum`, `EnumKind` \|/m);
  });

  it('maps branded strings to scalars, and lists the built-in scalars that are used', () => {
    expect(section('ContainerID')).toContain(`(${CLIENT}/type-aliases/ContainerID)`);
    expect(section('JSON')).toContain(`(${CLIENT}/type-aliases/JSON)`);
    expect(section('Int')).toMatch(/whole numeric values/);
    // The client's `float` alias means Float; in this version no member uses it, so Float is not listed.
    const usesFloat = /[:(]\s*float\b/.test(DTS.replace(/^export type float = number;$/m, ''));
    expect(gql.ids.has('definition-Float')).toBe(usesFloat);
  });

  it('maps object type aliases that are not options to input objects', () => {
    expect(section('PortForward')).toMatch(/^- `backend: Int!`/m);
    expect(section('PortForward')).toMatch(/^- `protocol: NetworkProtocol`/m);
    expect(gql.doc.source).not.toMatch(/definition-\w*Opts\b/);
  });
});

describe('GraphQL reference anchors and cross-links', () => {
  it('has a definition-X heading for every object, enum, scalar and input type the client declares', () => {
    // Declarations the documented version lacks (the typescript-api plugin's exclude) get no section.
    const kept = (names: string[]) => names.filter((n) => DOCUMENTED(n));
    const classes = kept(declared(/^export declare class (\w+)/gm)).map((c) =>
      c === 'Client' ? 'Query' : c.replace(/_$/, ''),
    );
    const enums = kept(declared(/^export declare enum (\w+)/gm));
    const scalars = kept(declared(/^export type (\w+) = string & \{/gm));
    const inputs = kept(declared(/^export type (\w+) = \{/gm)).filter((t) => !t.endsWith('Opts'));
    const names = [...classes, ...enums, ...scalars, ...inputs, 'String', 'Int', 'Boolean'];
    expect(classes.length).toBeGreaterThan(40);
    expect(scalars).toContain('ContainerID');
    expect(inputs).toEqual(expect.arrayContaining(['BuildArg', 'PipelineLabel', 'PortForward']));
    expect(names.filter((n) => !gql.ids.has(`definition-${n}`))).toEqual([]);
  });

  it('links every type to its TypeScript page, and every client class page back to its type', () => {
    const toTs = [...gql.doc.source.matchAll(/^TypeScript: \[`\w+`\]\(([^)#]+)\)/gm)].map((m) => m[1]);
    expect(toTs.length).toBeGreaterThan(100);
    expect(toTs.filter((r) => !byRoute.has(r))).toEqual([]);
    const classPages = [...byRoute.values()].filter((p) => p.route.startsWith(`${CLIENT}/classes/`));
    const missing = classPages.filter((p) => {
      const m = /GraphQL type: \[`(\w+)`\]\(\/api\/reference#(definition-\w+)\)/.exec(p.doc.source);
      return !m || !gql.ids.has(m[2]);
    });
    expect(classPages.length).toBe(declared(/^export declare class (\w+)/gm).filter((c) => DOCUMENTED(c)).length);
    expect(missing.map((p) => p.route)).toEqual([]);
  });
});

describe('documented-member filter', () => {
  it('removes an excluded field and option from both references', async () => {
    const project = await sdkModel();
    const ref = renderReference(
      project,
      SETTINGS,
      excludeMembers(['Container.withExec', 'ContainerWithExecOpts.noInit', 'ContainerAsServiceOpts.noInit']),
    );
    const doc = (rel: string) => ref.docs.find((d) => d.relPath === rel)!.source;
    const page = doc('api/reference.md');
    expect(page).not.toMatch(/^- `withExec\(/m);
    expect(page).toMatch(/^- `asService\((?:(?!noInit)[^`])*\)/m);
    expect(doc('reference/typescript/api/client.gen/classes/Container.md')).not.toMatch(/^### withExec\(\)/m);
    expect(doc('reference/typescript/api/client.gen/classes/Container.md')).toMatch(/^### withEntrypoint\(\)/m);
    expect(doc('reference/typescript/api/client.gen/type-aliases/ContainerWithExecOpts.md')).not.toMatch(
      /^\| `noInit`/m,
    );
  }, 60_000);
});
