import type { ProblemList } from './errors.ts';
import type { DocContext, FoundLink } from './markdown/context.ts';
import { hasRoute, type RouteTable } from './routes.ts';

/**
 * Checks every internal link against the route table and every anchor against the target
 * page's ids. One report drives the build (fail) and check-links.
 */
export function checkLinks(contexts: DocContext[], table: RouteTable, problems: ProblemList): void {
  const idsByRoute = new Map(contexts.map((c) => [c.doc.route, c.ids]));
  for (const c of contexts) checkDocLinks(c, table, (route) => idsByRoute.get(route), problems);
}

/** One doc's links (`docs dev` checks again only the docs a save can affect). */
export function checkDocLinks(
  c: DocContext,
  table: RouteTable,
  idsOf: (route: string) => ReadonlySet<string> | undefined,
  problems: ProblemList,
): void {
  for (const link of c.links) {
    const where = { file: c.doc.doc.file, line: link.line, column: link.column };
    const route = linkTarget(link);
    if (!hasRoute(table, route)) {
      problems.add({
        ...where,
        message: `broken link: ${link.route}${link.anchor ? `#${link.anchor}` : ''} is not a page`,
        hint: 'Link to an existing route (see content/docs) or fix the path.',
      });
      continue;
    }
    if (link.anchor && table.byRoute.has(route) && !idsOf(route)?.has(link.anchor)) {
      problems.add({
        ...where,
        message: `broken anchor: #${link.anchor} does not exist on ${route}`,
        hint: 'Use the slug of a heading on that page (lower case, spaces as "-").',
      });
    }
  }
}

/** The route a link leads to, as the check reads it. */
export function linkTarget(link: FoundLink): string {
  return link.route.replace(/\.md$/, '');
}
