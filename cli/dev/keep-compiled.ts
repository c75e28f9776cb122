import path from 'node:path';
import type { CompiledDoc } from '../../renderer/compile-doc.ts';
import { linkTarget } from '../../renderer/links.ts';
import type { DocRoute, RouteTable } from '../../renderer/routes.ts';

/** A doc's compiled output and what it was compiled from. */
export interface Held {
  source: string;
  route: string;
  compileKey: string;
  compiled: CompiledDoc;
}

/**
 * Which docs keep their compiled output when the routes were made again. Compiling reads the
 * route table only to resolve links (`.md` paths to routes, whether a dotted path is a page) and
 * checks that the files a doc names exist. So a doc is compiled again when its source, its route
 * or the site's compile key changed, when it had problems, when it links to a route that came or
 * went, or when its source names a file that changed: a doc that moved, or one of `files` (by
 * file name, so sometimes a doc that only mentions it is compiled too).
 */
export function keepCompiled(
  held: ReadonlyMap<string, Held>,
  compileKey: string,
  before: RouteTable | undefined,
  after: RouteTable,
  files: string[],
): (doc: DocRoute) => CompiledDoc | undefined {
  const routesOf = (t: RouteTable) => new Set([...t.byRoute.keys(), ...t.pageRoutes]);
  const [was, is] = before ? [routesOf(before), routesOf(after)] : [new Set<string>(), new Set<string>()];
  const changedRoutes = new Set([...was].filter((r) => !is.has(r)).concat([...is].filter((r) => !was.has(r))));
  const names = new Set(files.map((f) => path.basename(f)));
  for (const relPath of new Set([...(before?.byRelPath.keys() ?? []), ...after.byRelPath.keys()])) {
    if (before?.byRelPath.get(relPath)?.route !== after.byRelPath.get(relPath)?.route)
      names.add(path.posix.basename(relPath));
  }
  for (const route of changedRoutes) if (path.posix.extname(route)) names.add(path.posix.basename(route));
  names.delete('');
  return (doc) => {
    const h = held.get(doc.doc.relPath);
    if (
      !h ||
      h.source !== doc.doc.source ||
      h.route !== doc.route ||
      h.compileKey !== compileKey ||
      h.compiled.problems.length
    )
      return undefined;
    if (h.compiled.links.some((l) => changedRoutes.has(linkTarget(l)))) return undefined;
    for (const name of names) if (doc.doc.source.includes(name)) return undefined;
    return h.compiled;
  };
}
