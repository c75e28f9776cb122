import type { JSONOutput as J } from 'typedoc';
import { ReflectionKind } from 'typedoc/models';
import { loadPackage } from './load-package.ts';
import { classPage } from './markdown/class-page.ts';
import { enumPage } from './markdown/enum-page.ts';
import { functionPage } from './markdown/function-page.ts';
import { groupDoc, moduleDoc, modulesDoc } from './markdown/index-pages.ts';
import { modulePurposes, overviewDoc } from './markdown/overview-page.ts';
import { typeAliasPage } from './markdown/type-alias-page.ts';
import { variablePage } from './markdown/variable-page.ts';
import { pruneProject } from './exclude.ts';
import { ApiModel, excludeMembers, type MemberFilter, type PageInfo } from './model.ts';
import { buildSidebar } from './sidebar.ts';
import { CLIENT_MODULE, ENTRY_POINTS, projectToJson } from './typedoc-json.ts';
import { graphqlPage } from './graphql/page.ts';
import { readSchema } from './graphql/schema.ts';
import { definitionAnchor } from './graphql/types.ts';
import type { ApiReference, GeneratedDoc, ReferenceSettings } from './types.ts';

function declarationPage(page: PageInfo, model: ApiModel): GeneratedDoc {
  switch (page.kind.kind) {
    case ReflectionKind.Class:
    case ReflectionKind.Interface:
      return classPage(page, model);
    case ReflectionKind.Enum:
      return enumPage(page, model);
    case ReflectionKind.TypeAlias:
      return typeAliasPage(page, model);
    case ReflectionKind.Variable:
      return variablePage(page, model);
    case ReflectionKind.Function:
      return functionPage(page, model);
    default:
      throw new Error(`no page template for ${ReflectionKind[page.kind.kind]} ${page.reflection.name}`);
  }
}

/**
 * Turns TypeDoc's JSON for the SDK into the reference's Markdown docs and sidebar, leaving out
 * what `documented` rejects (by default the settings' `exclude` names).
 */
export function renderReference(
  project: J.ProjectReflection,
  settings: ReferenceSettings,
  documented: MemberFilter = excludeMembers(settings.exclude),
): ApiReference {
  const { version, overview } = settings;
  const model = new ApiModel(
    pruneProject(project, documented),
    settings.documents ?? version,
    settings.package,
    settings.title,
    documented,
    version,
  );
  const found = model.modules.map((m) => m.name).sort();
  const expected = ENTRY_POINTS.map((e) => e.module).sort();
  if (found.join() !== expected.join()) {
    // Routes are derived from module names; a renamed module would silently move every page.
    throw new Error(`TypeDoc produced modules ${found.join(', ')}, expected ${expected.join(', ')}`);
  }
  const purposes = modulePurposes(model, overview);
  const docs: GeneratedDoc[] = [overviewDoc(model, overview), modulesDoc(model, purposes)];
  if (settings.graphqlRoute) {
    // Read before the class pages are written: each of them links to its GraphQL type.
    const schema = readSchema(model, CLIENT_MODULE);
    for (const t of schema.types) {
      if (t.declId !== undefined && (t.kind === 'object' || t.kind === 'query'))
        model.graphqlTypes.set(t.declId, {
          name: t.name,
          route: settings.graphqlRoute,
          anchor: definitionAnchor(t.name),
        });
    }
    docs.push(graphqlPage(schema, model, settings.graphqlRoute));
  }
  for (const mod of model.modules) {
    docs.push(moduleDoc(mod, model, purposes.get(mod.name)));
    for (const group of mod.groups) docs.push(groupDoc(group, model));
  }
  for (const page of model.pages) docs.push(declarationPage(page, model));
  return { version, docs, sidebar: buildSidebar(model) };
}

/** Fetches (if needed) and converts the configured package, then renders the reference. */
export async function generateApiReference(settings: ReferenceSettings, cacheDir: string): Promise<ApiReference> {
  const packageDir = await loadPackage(settings.package, settings.version, cacheDir);
  const project = await projectToJson(settings.package, packageDir);
  return renderReference(project, settings);
}
