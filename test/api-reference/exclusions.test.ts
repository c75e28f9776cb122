import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Kind, parse } from 'graphql';
import ts from 'typescript';
import { ReflectionKind } from 'typedoc/models';
import type { Root as MdastRoot } from 'mdast';
import { visit } from 'unist-util-visit';
import { beforeAll, describe, expect, it } from 'vitest';
import { pruneProject } from '../../content/plugins/typescript-api/exclude.ts';
import { excludeMembers } from '../../content/plugins/typescript-api/model.ts';
import { readExclusions } from '../../content/plugins/typescript-api/settings.ts';
import { BuildError } from '../../renderer/errors.ts';
import { siteRecords } from '../../renderer/search/site-records.ts';
import type { SearchRecord } from '../../theme/shared/search/record.ts';
import { loadRealSiteForSearch } from '../helpers/real-site.ts';
import { sdkModel } from './sdk-model.ts';
import { DOCS_VERSION, EXCLUSIONS, SDK_VERSION, reference, render, type RenderedDoc } from './helpers.ts';

/**
 * The site installs @dagger.io/dagger 0.18.19 and documents Dagger 0.18.16: what 0.18.19 added
 * (content/data/api-absent-in-0.18.16.json, the typescript-api plugin's exclude) must appear nowhere in the
 * TypeScript reference, its sidebar and search records, or the GraphQL page, while the rest stays.
 */

const CLIENT = '/reference/typescript/api/client.gen';
const GRAPHQL = '/api/reference';
const OVERVIEW = '/reference/typescript';

const wholeTypes = EXCLUSIONS.exclude.filter((n) => !n.includes('.'));
const members = EXCLUSIONS.exclude.filter((n) => n.includes('.')).map((n) => n.split('.') as [string, string]);

let pages: RenderedDoc[] = [];
let byRoute = new Map<string, RenderedDoc>();
let records: SearchRecord[] = [];
let sidebarJson = '';

beforeAll(async () => {
  pages = await Promise.all((await reference()).docs.map(render));
  byRoute = new Map(pages.map((p) => [p.route, p]));
  const site = await loadRealSiteForSearch();
  records = [...siteRecords(site)];
  sidebarJson = JSON.stringify(site.sidebars.items);
}, 300_000);

/** Where a declaration's page would be: class, enum or type alias. */
const pageRoutes = (name: string) => ['classes', 'enumerations', 'type-aliases'].map((k) => `${CLIENT}/${k}/${name}`);

/** Every code span, code block and link (text and URL) of a page: where a type name would appear as code. */
function codeAndLinks(mdast: MdastRoot): string[] {
  const out: string[] = [];
  visit(mdast, (node) => {
    if (node.type === 'inlineCode' || node.type === 'code') out.push(node.value);
    if (node.type === 'link') {
      out.push(node.url);
      visit(node, 'text', (t) => void out.push(t.value));
    }
  });
  return out;
}

/** The Markdown of one type's section on the GraphQL page. */
function gqlSection(name: string): string | undefined {
  const src = byRoute.get(GRAPHQL)!.doc.source;
  const start = src.search(new RegExp(`^#{2,3} ${name} \\{#definition-${name}\\}$`, 'm'));
  if (start < 0) return undefined;
  const rest = src.slice(src.indexOf('\n', start) + 1);
  const end = rest.search(/^#{2,3} /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** One method's part of a class page: from its heading to the next. */
function methodSection(route: string, method: string): string {
  const src = byRoute.get(route)!.doc.source;
  const start = src.search(new RegExp(`^### ${method}\\(\\)$`, 'm'));
  expect(start, `${route} ### ${method}()`).toBeGreaterThanOrEqual(0);
  const rest = src.slice(src.indexOf('\n', start) + 1);
  const end = rest.search(/^#{2,3} /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The page of an `Owner` of an excluded member (a class, or the option type of a method); none when the owner is excluded too. */
const ownerRoute = (owner: string) => pageRoutes(owner).find((r) => byRoute.has(r));

describe('the exclusion list (content/data/api-absent-in-0.18.16.json)', () => {
  it(`names what ${SDK_VERSION} has and ${DOCS_VERSION} lacks, including the known additions`, () => {
    expect(EXCLUSIONS.documented).toBe(`v${DOCS_VERSION}`);
    expect(EXCLUSIONS.installed).toBe(`v${SDK_VERSION}`);
    expect(EXCLUSIONS.exclude).toEqual(
      expect.arrayContaining([
        'Changeset',
        'EnvFile',
        'JSONValue',
        'Address',
        'SearchResult',
        'Directory.changes',
        'Directory.search',
        'Directory.findUp',
        'Directory.withChanges',
        'Container.combinedOutput',
        'HostDirectoryOpts.gitignore',
      ]),
    );
    // Nothing 0.18.16 has: the classes and methods every example uses stay.
    for (const kept of [
      'Container',
      'Directory',
      'Container.withExec',
      'Directory.withFile',
      'HostDirectoryOpts.exclude',
      'File.contents',
    ])
      expect(EXCLUSIONS.exclude).not.toContain(kept);
  });

  it('is refused when it was made for other versions, or is missing', () => {
    const file = path.resolve('content/data/api-absent-in-0.18.16.json');
    expect(() => readExclusions(file, { documented: '0.18.17', installed: SDK_VERSION })).toThrow(BuildError);
    expect(() => readExclusions(file, { documented: DOCS_VERSION, installed: '0.19.0' })).toThrow(
      /installs 0\.19\.0 \(the typescript-api plugin's version\)/,
    );
    expect(() =>
      readExclusions(path.resolve('content/data/nope.json'), { documented: DOCS_VERSION, installed: SDK_VERSION }),
    ).toThrow(BuildError);
  });
});

describe(`TypeScript reference and GraphQL page document ${DOCS_VERSION}`, () => {
  it('have no page, sidebar entry, search record, link or code mention of an excluded declaration', () => {
    expect(wholeTypes.length).toBeGreaterThan(20);
    for (const name of wholeTypes) {
      for (const route of pageRoutes(name)) {
        expect(byRoute.has(route), route).toBe(false);
        expect(sidebarJson, route).not.toContain(`/${name}"`);
        expect(records.filter((r) => r.url_without_anchor.endsWith(route)).length, route).toBe(0);
      }
      expect(gqlSection(name), `GraphQL type ${name}`).toBeUndefined();
    }
    const word = new RegExp(`(^|[^\\w$])(${wholeTypes.join('|')})($|[^\\w$])`);
    for (const p of pages) {
      if (p.route === OVERVIEW) continue; // its prose names what was left out
      const hits = codeAndLinks(p.mdast).filter((s) => word.test(s));
      expect(hits, p.route).toEqual([]);
    }
  });

  it('have no heading, table row, search record or GraphQL field of an excluded member', () => {
    expect(members.length).toBeGreaterThan(30);
    const gql = byRoute.get(GRAPHQL)!.doc.source;
    for (const [owner, member] of members) {
      const route = ownerRoute(owner);
      if (!route) {
        // The owner is itself excluded (its members go with it).
        expect(wholeTypes).toContain(owner);
        continue;
      }
      const src = byRoute.get(route)!.doc.source;
      expect(src, `${owner}.${member}`).not.toMatch(new RegExp(`^### ${member}(\\(\\))?$`, 'm'));
      expect(src, `${owner}.${member}`).not.toMatch(new RegExp(`^\\| \`${member}\` \\|`, 'm'));
      expect(
        records.filter((r) => r.url.endsWith(`${route}#${member.toLowerCase()}`)),
        `${owner}.${member}`,
      ).toEqual([]);
      if (owner.endsWith('Opts')) {
        // Its row (`opts.member`) under the method that takes the option type, and its argument on the GraphQL page.
        const users = [...src.matchAll(/^- \[(\w+)\.(\w+)\(\)\]\(([^)#]+)#[^)]+\) — parameter `opts`$/gm)];
        expect(users.length, `${owner} used by`).toBeGreaterThan(0);
        for (const [, cls, method, classRoute] of users) {
          expect(methodSection(classRoute, method), `${cls}.${method} opts.${member}`).not.toContain(
            `| \`opts.${member}\` |`,
          );
          const field = new RegExp(`^- \`${method.replace(/_$/, '')}\\(([^\`]*)\\)`, 'm').exec(
            gqlSection(cls === 'Client' ? 'Query' : cls) ?? '',
          );
          expect(field?.[1] ?? '', `GraphQL ${cls}.${method}(${member})`).not.toMatch(new RegExp(`\\b${member}:`));
        }
      } else {
        const section = gqlSection(owner === 'Client' ? 'Query' : owner);
        expect(section, `GraphQL ${owner}`).toBeDefined();
        expect(section, `${owner}.${member}`).not.toMatch(new RegExp(`^- \`${member}(\\(|:)`, 'm'));
      }
    }
    expect(gql).not.toMatch(/gitignore: Boolean/);
    expect(gql).not.toMatch(/offsetLines/);
  });

  it('keep what the documented version has', () => {
    const container = byRoute.get(`${CLIENT}/classes/Container`)!.doc.source;
    expect(container).toMatch(/^### withExec\(\)$/m);
    expect(container).toMatch(/^### stdout\(\)$/m);
    expect(records.some((r) => r.url.endsWith(`${CLIENT}/classes/Container#withexec`))).toBe(true);
    expect(sidebarJson).toContain('reference/typescript/api/client.gen/classes/Container"');
    expect(gqlSection('Container')).toMatch(/^- `withExec\(args: \[String!\]!/m);
    expect(gqlSection('Query')).toMatch(/^- `container\(/m);
    // An option type that lost one option keeps the others.
    const hostDir = byRoute.get(`${CLIENT}/type-aliases/HostDirectoryOpts`)!.doc.source;
    expect(hostDir).toMatch(/^\| `exclude` \|/m);
    expect(hostDir).not.toMatch(/gitignore/);
    // A method that gained an options bag since is shown as the documented version has it.
    const file = byRoute.get(`${CLIENT}/classes/File`)!.doc.source;
    expect(file).toContain('```ts\ncontents(): Promise<string>\n```');
    expect(gqlSection('File')).toMatch(/^- `contents: String!`/m);
    // The constructor no longer caches results of members that are gone.
    expect(container).not.toContain('_combinedOutput');
  });

  it('say which version they document', () => {
    const overview = byRoute.get(OVERVIEW)!.doc.source;
    expect(overview).toContain(`npm install --save-dev @dagger.io/dagger@${DOCS_VERSION}`);
    expect(overview).toContain(`built from the declarations of version ${SDK_VERSION}`);
    expect(byRoute.get(`${CLIENT}/type-aliases/HostDirectoryOpts`)!.data.description).toBe(
      `Optional arguments of Host.directory() in the Dagger TypeScript SDK ${DOCS_VERSION}.`,
    );
    expect(byRoute.get(GRAPHQL)!.doc.source).toContain(`as of version ${DOCS_VERSION}, read from the generated client`);
  });
});

const DAGGER_REPO = '/work/.mirror/dagger+dagger/repo';

/** The TypeScript SDK's enum member name for a GraphQL value (strcase.ToCamel): `OCIMediaTypes` → `OcimediaTypes`. */
const enumMember = (value: string) =>
  value
    .split(/_+/)
    .filter(Boolean)
    .map((w) =>
      [...w]
        .map((c, i) => (i === 0 ? c.toUpperCase() : /[A-Z]/.test(w[i - 1]) && /[A-Z]/.test(c) ? c.toLowerCase() : c))
        .join(''),
    )
    .join('');

describe("the GraphQL page against Dagger's own schema", () => {
  // Where Dagger's repository is at hand: the page lists exactly the 0.18.16 schema's types,
  // fields, arguments and enum values (enum aliases folded into one row, as the SDK sends them).
  it.skipIf(!fs.existsSync(DAGGER_REPO))(
    `has exactly the types, fields and arguments of the ${DOCS_VERSION} schema`,
    () => {
      const sdl = execFileSync(
        'git',
        ['-C', DAGGER_REPO, 'show', `v${DOCS_VERSION}:docs/docs-graphql/schema.graphqls`],
        { encoding: 'utf8', maxBuffer: 64 << 20 },
      );
      const want = new Set<string>();
      const enumValues = new Map<string, string[]>();
      for (const d of parse(sdl).definitions) {
        if (d.kind === Kind.DIRECTIVE_DEFINITION || !('name' in d) || !d.name) continue;
        const n = d.name.value;
        want.add(n);
        if ('fields' in d)
          for (const f of d.fields ?? []) {
            want.add(`${n}.${f.name.value}`);
            if ('arguments' in f) for (const a of f.arguments ?? []) want.add(`${n}.${f.name.value}(${a.name.value})`);
          }
        if (d.kind === Kind.ENUM_TYPE_DEFINITION)
          enumValues.set(n, [...new Set((d.values ?? []).map((v) => enumMember(v.name.value)))].sort());
      }
      const have = new Set<string>();
      const members = new Map<string, string[]>();
      let type = '';
      for (const line of byRoute.get(GRAPHQL)!.doc.source.split('\n')) {
        const heading = /^#{2,3} (\w+) \{#definition-/.exec(line);
        if (heading) {
          type = heading[1];
          if (!['Boolean', 'Int', 'String', 'Float'].includes(type)) have.add(type);
          continue;
        }
        const field = /^- `(\w+)(?:\(([^`]*)\))?: /.exec(line);
        if (field && type) {
          have.add(`${type}.${field[1]}`);
          for (const arg of field[2]?.split(/, (?=\w+:)/) ?? []) have.add(`${type}.${field[1]}(${arg.split(':')[0]})`);
        }
        const value = /^\| `(\w+)` \| (`.*`) \|/.exec(line);
        if (value && type)
          members.set(
            type,
            [...(members.get(type) ?? []), ...value[2].split(', ').map((m) => m.replace(/`/g, ''))].sort(),
          );
      }
      expect(
        [...have].filter((x) => !want.has(x)),
        'on the page, not in the schema',
      ).toEqual([]);
      expect(
        [...want].filter((x) => !have.has(x) && !enumValues.has(x.split('.')[0])),
        'in the schema, not on the page',
      ).toEqual([]);
      // Every enum value of the schema is a TypeScript member on the page (GZIP and Gzip are both `Gzip`).
      expect(Object.fromEntries(members)).toEqual(Object.fromEntries(enumValues));
    },
  );
});

/** Exported names of the SDK's generated client source: `Name`, `Class.member`, `Enum.Member`, `TypeOpts.option`. */
function sourceNames(code: string): Set<string> {
  const sf = ts.createSourceFile('client.gen.ts', code, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const text = (n: ts.PropertyName | undefined) =>
    n && (ts.isIdentifier(n) || ts.isStringLiteral(n)) ? n.text : undefined;
  for (const st of sf.statements) {
    const exported =
      ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
      continue;
    }
    const name = (st as ts.DeclarationStatement).name?.getText(sf);
    if (!name) continue;
    names.add(name);
    if (ts.isClassDeclaration(st)) {
      for (const m of st.members) {
        const hidden =
          ts.isConstructorDeclaration(m) ||
          (ts.canHaveModifiers(m) &&
            ts
              .getModifiers(m)
              ?.some((x) => x.kind === ts.SyntaxKind.PrivateKeyword || x.kind === ts.SyntaxKind.ProtectedKeyword));
        const n = text(m.name);
        if (!hidden && n) names.add(`${name}.${n}`);
      }
    }
    if (ts.isEnumDeclaration(st)) for (const m of st.members) names.add(`${name}.${text(m.name)}`);
    if (ts.isTypeAliasDeclaration(st) && ts.isTypeLiteralNode(st.type))
      for (const m of st.type.members) if (text(m.name)) names.add(`${name}.${text(m.name)}`);
  }
  return names;
}

describe("the TypeScript reference against the SDK's own source", () => {
  // Where Dagger's repository is at hand: after pruning, the client module declares exactly what
  // the TypeScript SDK's generated client of 0.18.16 exports.
  it.skipIf(!fs.existsSync(DAGGER_REPO))(
    `has exactly the classes, members, enums and options of the ${DOCS_VERSION} client`,
    async () => {
      const code = execFileSync(
        'git',
        ['-C', DAGGER_REPO, 'show', `v${DOCS_VERSION}:sdk/typescript/src/api/client.gen.ts`],
        { encoding: 'utf8', maxBuffer: 64 << 20 },
      );
      const want = sourceNames(code);
      const project = pruneProject(await sdkModel(), excludeMembers(EXCLUSIONS.exclude));
      const client = project.children!.find((m) => m.name === 'api/client.gen')!;
      const have = new Set<string>();
      for (const d of client.children ?? []) {
        have.add(d.name);
        for (const m of d.children ?? []) if (m.kind !== ReflectionKind.Constructor) have.add(`${d.name}.${m.name}`);
      }
      expect(want.size).toBeGreaterThan(900);
      expect(
        [...have].filter((n) => !want.has(n)),
        `in the reference, not in ${DOCS_VERSION}`,
      ).toEqual([]);
      expect(
        [...want].filter((n) => !have.has(n)),
        `in ${DOCS_VERSION}, not in the reference`,
      ).toEqual([]);
    },
    60_000,
  );
});

describe('pruning the TypeDoc model', () => {
  it('refuses to leave out a declaration that a documented member still uses', async () => {
    const project = await sdkModel();
    // Directory.changes returns a Changeset: leaving out only the class would leave a dangling type.
    expect(() => pruneProject(project, excludeMembers(['Changeset']))).toThrow(
      /Directory\.changes.* refers to Changeset/,
    );
    expect(() => pruneProject(project, excludeMembers(EXCLUSIONS.exclude))).not.toThrow();
  }, 60_000);
});
