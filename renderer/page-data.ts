import type { DocRoute } from './routes.ts';
import { navbarLabels, type ResolvedSidebars } from './sidebars.ts';
import type { BreadcrumbCategory, NavLink, PageData, SidebarItem, SiteData, TocEntry } from '../theme/shared/types.ts';
import { HOME_ROUTE, NOT_FOUND_ROUTE } from '../theme/shared/routes.ts';
import { TEXTS } from '../theme/shared/texts/index.ts';

function findLink(
  items: SidebarItem[],
  docId: string,
  trail: BreadcrumbCategory[] = [],
): { link: NavLink; trail: BreadcrumbCategory[] } | undefined {
  for (const item of items) {
    if (item.type === 'link' && item.docId === docId) return { link: { label: item.label, href: item.href }, trail };
    if (item.type === 'category') {
      const found = findLink(item.items, docId, [...trail, { label: item.label, href: categoryHref(item) }]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Where a category leads: its own page (a `link` doc or generated index) or, when it has none, the
 * first page inside it in reading order, the page a reader opening the category reaches first
 * (Docusaurus does the same for sidebar navbar items). External links do not count.
 */
export function categoryHref(category: Extract<SidebarItem, { type: 'category' }>): string | undefined {
  if (category.href) return category.href;
  for (const item of category.items) {
    const href = item.type === 'link' ? (item.external ? undefined : item.href) : categoryHref(item);
    if (href) return href;
  }
  return undefined;
}

/** Navbar labels of the sidebars, computed once per resolved sidebars. */
const sectionsOf = new WeakMap<ResolvedSidebars, Map<string, string>>();
function sectionOf(sidebars: ResolvedSidebars, site: SiteData, name: string): string | undefined {
  let labels = sectionsOf.get(sidebars);
  if (!labels) sectionsOf.set(sidebars, (labels = navbarLabels(sidebars, site.navbar.items, site.baseUrl)));
  return labels.get(name);
}

/** Everything the layout needs for one doc: sidebar, TOC, previous/next, edit link, last change. */
export function docPageData(
  doc: DocRoute,
  toc: TocEntry[],
  site: SiteData,
  sidebars: ResolvedSidebars,
  editUrlOf?: (file: string) => string | undefined,
  lastUpdatedOf?: (file: string) => string | undefined,
): PageData {
  const sidebarName = sidebars.sidebarOf.get(doc.id);
  const sidebar = sidebarName ? sidebars.items[sidebarName] : undefined;
  let prev: NavLink | undefined;
  let next: NavLink | undefined;
  let categories: BreadcrumbCategory[] = [];
  if (sidebarName && sidebar) {
    const order = sidebars.order[sidebarName];
    const i = order.indexOf(doc.id);
    const linkOf = (id: string | undefined) => (id ? findLink(sidebar, id)?.link : undefined);
    prev = doc.frontmatter.pagination_prev === null ? undefined : linkOf(order[i - 1]);
    next = doc.frontmatter.pagination_next === null ? undefined : linkOf(order[i + 1]);
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
    toc: toc.filter((entry) => entry.depth <= fm.toc_max_heading_level),
    hideToc: fm.hide_table_of_contents,
    prev,
    next,
    editUrl: doc.doc.generated ? undefined : editUrlOf?.(doc.doc.file),
    lastUpdated: doc.doc.generated ? undefined : lastUpdatedOf?.(doc.doc.file),
    categories,
    section: sidebarName ? sectionOf(sidebars, site, sidebarName) : undefined,
  };
}

export function customPageData(
  route: string,
  title: string,
  description: string | undefined,
  site: SiteData,
): PageData {
  return {
    route,
    kind: 'page',
    title,
    documentTitle: route === HOME_ROUTE ? `${site.title} | ${site.tagline.split('.')[0]}` : `${title} | ${site.title}`,
    description,
    toc: [],
    hideToc: true,
    categories: [],
  };
}

export function notFoundPageData(site: SiteData): PageData {
  return {
    route: NOT_FOUND_ROUTE,
    kind: 'not-found',
    title: TEXTS.notFoundTitle,
    documentTitle: `${TEXTS.notFoundTitle} | ${site.title}`,
    toc: [],
    hideToc: true,
    categories: [],
  };
}
