import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SidebarItemConfig } from '../../theme/shared/types.ts';
import { excludeMembers } from '../../content/plugins/typescript-api/model.ts';
import { EXCLUSIONS, SDK_VERSION, reference, routeOf } from './helpers.ts';

// Generates the reference once if the cache is cold; the tests then read it from memory.
beforeAll(() => reference(), 180_000);

const BASE = '/reference/typescript';
const DTS = 'node_modules/@dagger.io/dagger/dist/src';

const isDocumented = excludeMembers(EXCLUSIONS.exclude);
/** The names the documented API version has (the typescript-api plugin's exclude leaves the others out). */
const documented = (names: string[]) => names.filter((n) => isDocumented(n));

/** Names declared in a .d.ts file, read straight from the source as an oracle independent of TypeDoc. */
function declared(file: string, pattern: RegExp): string[] {
  return [...fs.readFileSync(`${DTS}/${file}`, 'utf8').matchAll(pattern)].map((m) => m[1]);
}

describe(`generated TypeScript SDK reference for @dagger.io/dagger ${SDK_VERSION}`, () => {
  it('documents the installed version', async () => {
    const installed = JSON.parse(fs.readFileSync('node_modules/@dagger.io/dagger/package.json', 'utf8')).version;
    expect(installed).toBe(SDK_VERSION);
    expect((await reference()).version).toBe(SDK_VERSION);
  });

  it('has every route of the spec', async () => {
    const routes = new Set((await reference()).docs.map((d) => routeOf(d.relPath)));
    const client = `${BASE}/api/client.gen`;
    const errors = `${BASE}/common/errors`;
    const connect = `${BASE}/connect`;
    const required = [
      BASE,
      `${BASE}/modules`,
      client,
      errors,
      connect,
      `${client}/variables/dag`,
      `${errors}/variables/ERROR_CODES`,
      `${connect}/functions/connect`,
      `${connect}/functions/connection`,
      `${connect}/type-aliases/CallbackFct`,
      ...[
        'Container',
        'Directory',
        'File',
        'Secret',
        'Service',
        'LLM',
        'Module_',
        'GitRepository',
        'GitRef',
        'Env',
        'CacheVolume',
        'Client',
      ].map((c) => `${client}/classes/${c}`),
      ...[
        'CacheSharingMode',
        'ExistsType',
        'ImageLayerCompression',
        'ImageMediaTypes',
        'ModuleSourceKind',
        'NetworkProtocol',
        'ReturnType',
        'TypeDefKind',
      ].map((e) => `${client}/enumerations/${e}`),
      ...[
        'DaggerSDKError',
        'DockerImageRefValidationError',
        'EngineSessionConnectionTimeoutError',
        'EngineSessionConnectParamsParseError',
        'EngineSessionError',
        'ExecError',
        'FunctionNotFound',
        'GraphQLRequestError',
        'InitEngineSessionBinaryError',
        'IntrospectionError',
        'NotAwaitedRequestError',
        'TooManyNestedObjectsError',
        'UnknownDaggerError',
      ].map((c) => `${errors}/classes/${c}`),
      // Every class, enum and type alias the declaration file exports, except those the documented version lacks.
      ...documented(declared('api/client.gen.d.ts', /^export declare class (\w+)/gm)).map(
        (c) => `${client}/classes/${c}`,
      ),
      ...documented(declared('api/client.gen.d.ts', /^export declare enum (\w+)/gm)).map(
        (e) => `${client}/enumerations/${e}`,
      ),
      ...documented(declared('api/client.gen.d.ts', /^export type (\w+)/gm)).map((t) => `${client}/type-aliases/${t}`),
    ];
    expect(required.filter((r) => !routes.has(r))).toEqual([]);
  });

  it('has one page per exported declaration, in the expected numbers', async () => {
    const { docs } = await reference();
    // Group index pages (`classes/index.md`) are not declaration pages.
    const count = (re: RegExp) => docs.filter((d) => re.test(d.relPath) && !d.relPath.endsWith('/index.md')).length;
    const typeAliases = documented(declared('api/client.gen.d.ts', /^export type (\w+)/gm));
    expect(count(/^reference\/typescript\/api\/client\.gen\/classes\/[^/]+\.md$/)).toBeGreaterThanOrEqual(40);
    expect(count(/^reference\/typescript\/api\/client\.gen\/classes\/[^/]+\.md$/)).toBe(
      documented(declared('api/client.gen.d.ts', /^export declare class (\w+)/gm)).length,
    );
    expect(count(/^reference\/typescript\/api\/client\.gen\/enumerations\/[^/]+\.md$/)).toBe(8);
    expect(count(/^reference\/typescript\/api\/client\.gen\/type-aliases\/[^/]+\.md$/)).toBe(typeAliases.length);
    expect(typeAliases.filter((t) => t.endsWith('Opts')).length).toBeGreaterThan(50);
    expect(count(/^reference\/typescript\/common\/errors\/classes\/[^/]+\.md$/)).toBe(13);
    // No two docs may claim the same route.
    expect(new Set(docs.map((d) => routeOf(d.relPath))).size).toBe(docs.length);
  });

  it('documents Container.withExec with its signature and a link to its options type', async () => {
    const { docs } = await reference();
    const container = docs.find((d) => d.relPath === 'reference/typescript/api/client.gen/classes/Container.md');
    expect(container).toBeDefined();
    expect(container!.source).toContain('withExec(args: string[], opts?: ContainerWithExecOpts): Container');
    expect(container!.source).toContain('](/reference/typescript/api/client.gen/type-aliases/ContainerWithExecOpts)');
    expect(container!.source).toContain('### withExec()');
    expect(container!.source).toMatch(
      /^Class in \[`api\/client\.gen`\]\(\/reference\/typescript\/api\/client\.gen\)\.$/m,
    );
  });

  it('shows enumeration members with their values', async () => {
    const { docs } = await reference();
    const sharing = docs.find((d) => d.relPath.endsWith('/enumerations/CacheSharingMode.md'))!;
    expect(sharing.source).toContain('| Member | Value | Description |');
    expect(sharing.source).toMatch(/\| `Locked` \| `"LOCKED"` \| .+ \|/);
  });

  it('lists the members of an options type with their optionality', async () => {
    const { docs } = await reference();
    const opts = docs.find((d) => d.relPath.endsWith('/type-aliases/ContainerWithExecOpts.md'))!;
    expect(opts.source).toContain('| Name | Type | Optional | Description |');
    expect(opts.source).toMatch(
      /\| `expect` \| \[ReturnType\]\(\/reference\/typescript\/api\/client\.gen\/enumerations\/ReturnType\) \| Yes \|/,
    );
    expect(opts.source).toContain(
      '[Container.withExec()](/reference/typescript/api/client.gen/classes/Container#withexec)',
    );
  });
});

describe('sidebar section', () => {
  const ids = (items: SidebarItemConfig[]): string[] =>
    items.flatMap((i) => {
      if (typeof i === 'string') return [i];
      if (i.type === 'doc') return [i.id];
      if (i.type === 'category') return [...(i.link ? [i.link] : []), ...ids(i.items)];
      return [];
    });

  it('starts with the overview, then the modules, grouped by module and kind', async () => {
    const { sidebar } = await reference();
    expect(sidebar[0]).toEqual({ type: 'doc', id: 'reference/typescript', label: 'Overview' });
    const modules = sidebar.filter((i) => typeof i === 'object' && i.type === 'category');
    expect(modules.map((m) => (m as { label: string }).label)).toEqual(['api/client.gen', 'common/errors', 'connect']);
    for (const mod of modules) {
      if (typeof mod !== 'object' || mod.type !== 'category') continue;
      expect(mod.collapsed).toBe(true);
      expect(mod.link).toBe(`reference/typescript/${mod.label}`);
      for (const kind of mod.items) {
        expect(typeof kind === 'object' && kind.type === 'category' && kind.collapsed && kind.link).toBeTruthy();
      }
    }
  });

  it('names only generated docs, and lists every generated TypeScript doc', async () => {
    const { docs, sidebar } = await reference();
    const docIds = new Set(docs.map((d) => routeOf(d.relPath).slice(1)));
    const listed = ids(sidebar);
    expect(listed.filter((id) => !docIds.has(id))).toEqual([]);
    // The GraphQL page is generated too, but the site's sidebar places it (content/sidebars.ts).
    expect([...docIds].filter((id) => id.startsWith(BASE.slice(1)) && !listed.includes(id))).toEqual([]);
    expect([...docIds].filter((id) => !id.startsWith(BASE.slice(1)))).toEqual(['api/reference']);
  });
});
