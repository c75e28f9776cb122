import type { DocRoute } from './routes.ts';
import type { ResolvedSidebars } from './sidebars.ts';
import type { NavLink, PageData, SidebarItem, SiteData, TocEntry } from '../theme/shared/types.ts';
import { HOME_ROUTE, NOT_FOUND_ROUTE, withBase } from '../theme/shared/routes.ts';

function findLink(items: SidebarItem[], docId: string, trail: string[] = []): { link: NavLink; trail: string[] } | undefined {
  for (const item of items) {
    if (item.type === 'link' && item.docId === docId) return { link: { label: item.label, href: item.href }, trail };
    if (item.type === 'category') {
      const found = findLink(item.items, docId, [...trail, item.label]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Everything the layout needs for one doc: sidebar, TOC, previous/next, edit link. */
export function docPageData(doc: DocRoute, toc: TocEntry[], site: SiteData, sidebars: ResolvedSidebars, editUrlOf?: (file: string) => string | undefined): PageData {
  const sidebarName = sidebars.sidebarOf.get(doc.id);
  const sidebar = sidebarName ? sidebars.items[sidebarName] : undefined;
  let prev: NavLink | undefined;
  let next: NavLink | undefined;
  let categories: string[] = [];
  if (sidebarName && sidebar) {
    const order = sidebars.order[sidebarName];
    const i = order.indexOf(doc.id);
    const linkOf = (id: string | undefined) => (id ? findLink(sidebar, id)?.link : undefined);
    prev = linkOf(order[i - 1]);
    next = linkOf(order[i + 1]);
    categories = findLink(sidebar, doc.id)?.trail ?? [];
  }
  const fm = doc.frontmatter;
  return {
    route: doc.route,
    kind: 'doc',
    title: fm.title,
    heading: fm.heading,
    documentTitle: `${fm.title} | ${site.title}`,
    description: fm.description,
    sidebarName,
    sidebar,
    toc,
    hideToc: fm.hide_table_of_contents,
    prev,
    next,
    editUrl: doc.doc.generated ? undefined : editUrlOf?.(doc.doc.file),
    categories,
  };
}

export function customPageData(route: string, title: string, description: string | undefined, site: SiteData): PageData {
  return { route, kind: 'page', title, documentTitle: route === HOME_ROUTE ? `${site.title} | ${site.tagline.split('.')[0]}` : `${title} | ${site.title}`, description, toc: [], hideToc: true, categories: [] };
}

export function notFoundPageData(site: SiteData): PageData {
  return { route: NOT_FOUND_ROUTE, kind: 'not-found', title: 'Page Not Found', documentTitle: `Page Not Found | ${site.title}`, toc: [], hideToc: true, categories: [] };
}

