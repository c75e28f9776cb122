import type { JSONOutput as J } from 'typedoc';
import { ReflectionKind } from 'typedoc/models';
import { referencedIds } from './markdown/type-format.ts';
import type { MemberFilter } from './model.ts';

/**
 * Removes what the site does not document from TypeDoc's JSON before any page is laid out, so
 * that no page, heading, table row, code block, sidebar entry, search record or link can mention
 * it. The site installs a newer SDK than the API version it documents (the plugin's exclude):
 *
 * - excluded declarations (`Changeset`) and members (`Container.combinedOutput`,
 *   `HostDirectoryOpts.gitignore`) go;
 * - so does a class constructor's `_<member>` parameter, where the generated client caches the
 *   result of an excluded member;
 * - an optional parameter typed with an excluded declaration goes too: it is an options bag the
 *   newer version added to an older method (`File.contents(opts?: FileContentsOpts)`), which the
 *   documented version called without it.
 *
 * Anything else that still refers to an excluded declaration (a kept method returning one, say)
 * is an error naming it: the exclusion list and the SDK disagree, and a silent guess could
 * document an API that never existed.
 */
export function pruneProject(project: J.ProjectReflection, documented: MemberFilter): J.ProjectReflection {
  const copy = structuredClone(project);
  const removed = new Set<number>();
  const drop = (r: unknown) => {
    collectIds(r, removed);
    return false;
  };

  for (const mod of copy.children ?? []) {
    mod.children = (mod.children ?? []).filter((d) => documented(d.name) || drop(d));
    for (const decl of mod.children) {
      if (!decl.children) continue;
      decl.children = decl.children.filter((m) => documented(decl.name, m.name) || drop(m));
      for (const ctor of decl.children.filter((m) => m.kind === ReflectionKind.Constructor)) {
        for (const sig of ctor.signatures ?? []) {
          sig.parameters = sig.parameters?.filter(
            (p) => !p.name.startsWith('_') || documented(decl.name, p.name.slice(1)) || drop(p),
          );
        }
      }
    }
  }

  const declById = new Map<number, J.DeclarationReflection>();
  for (const mod of copy.children ?? []) for (const d of mod.children ?? []) declById.set(d.id, d);
  const refersToRemoved = (t: J.SomeType | undefined) => [...referencedIds(t)].some((id) => removed.has(id));

  walk(copy, {
    signature(sig) {
      sig.parameters = sig.parameters?.filter((p) => !(p.flags.isOptional && refersToRemoved(p.type)) || drop(p));
    },
    type(t) {
      // `@param opts.member` descriptions of members that are gone.
      if (t.type !== 'reference' || !t.highlightedProperties || typeof t.target !== 'number') return;
      const target = declById.get(t.target);
      if (!target) return;
      const kept = new Set((target.children ?? []).map((c) => c.name));
      for (const name of Object.keys(t.highlightedProperties))
        if (!kept.has(name)) delete t.highlightedProperties[name];
    },
  });

  const dangling: string[] = [];
  walk(copy, {
    container(c) {
      for (const g of [...(c.groups ?? []), ...(c.categories ?? [])])
        g.children = g.children?.filter((id) => !removed.has(id));
      if (c.groups) c.groups = c.groups.filter((g) => g.children?.length);
      if (c.categories) c.categories = c.categories.filter((g) => g.children?.length);
    },
    type(t, where) {
      if (t.type === 'reference' && typeof t.target === 'number' && removed.has(t.target))
        dangling.push(`${where} refers to ${t.name}`);
    },
  });
  if (dangling.length) {
    throw new Error(
      `typescript-api exclude leaves out declarations that documented members still use:\n  ${[...new Set(dangling)].join('\n  ')}\nExclude those members too, or keep the declarations.`,
    );
  }
  return copy;
}

/** Every reflection id in a subtree of TypeDoc's JSON (reflections carry a numeric id and kind). */
function collectIds(node: unknown, into: Set<number>): void {
  if (Array.isArray(node)) {
    for (const n of node) collectIds(n, into);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const r = node as { id?: unknown; kind?: unknown };
  if (typeof r.id === 'number' && typeof r.kind === 'number') into.add(r.id);
  for (const value of Object.values(node)) collectIds(value, into);
}

interface Visitor {
  signature?(sig: J.SignatureReflection, where: string): void;
  type?(t: J.SomeType, where: string): void;
  container?(c: J.ContainerReflection, where: string): void;
}

/**
 * Visits every signature, type and container reflection, with a readable path
 * (`api/client.gen.Container.withExec`) for messages. Generic over TypeDoc's JSON: any object
 * property may hold types or reflections.
 */
function walk(node: unknown, visitor: Visitor, where = ''): void {
  if (Array.isArray(node)) {
    for (const n of node) walk(n, visitor, where);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  let here = where;
  if (typeof o.id === 'number' && typeof o.kind === 'number' && typeof o.name === 'string') {
    const kind = o.kind as ReflectionKind;
    const isSignature =
      kind === ReflectionKind.CallSignature ||
      kind === ReflectionKind.ConstructorSignature ||
      kind === ReflectionKind.GetSignature ||
      kind === ReflectionKind.SetSignature;
    const anonymous = o.name === '__type' || isSignature || kind === ReflectionKind.Project;
    if (!anonymous) here = where ? `${where}.${o.name}` : o.name;
    if (isSignature) visitor.signature?.(o as unknown as J.SignatureReflection, here);
    if ('children' in o || 'groups' in o) visitor.container?.(o as unknown as J.ContainerReflection, here);
  } else if (typeof o.type === 'string' && !('variant' in o)) {
    visitor.type?.(o as unknown as J.SomeType, here);
  }
  for (const [key, value] of Object.entries(o)) {
    if (key === 'symbolIdMap' || key === 'files') continue;
    if (value && typeof value === 'object') walk(value, visitor, here);
  }
}
