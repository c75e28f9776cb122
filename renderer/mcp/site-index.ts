import type { SiteBase } from '../load-site.ts';
import type { SidebarItem } from '../../theme/shared/types.ts';
import { markdownPath, stripBase, withBase } from '../../theme/shared/routes.ts';
import { sectionOf } from '../llms-txt.ts';
import { navbarLabels } from '../sidebars.ts';

/** Where the build writes the pages and sidebars the MCP server reads (relative to the output folder). */
export const SITE_INDEX_PATH = 'mcp/site.json';

export interface IndexedPage {
  route: string;
  title: string;
  description?: string;
  /** The part of the site the page belongs to, as llms.txt names it ("Reference", "SDK reference"). */
  section: string;
  /** Its Markdown copy, relative to the output folder. */
  markdown: string;
  unlisted?: boolean;
}

/** A sidebar entry: a page (route), an outside link (url), or a category (items, perhaps with its own page). */
export interface IndexedNavItem {
  title: string;
  route?: string;
  url?: string;
  items?: IndexedNavItem[];
}

export interface SiteIndex {
  v: 1;
  title: string;
  productName: string;
  /** The release the docs describe. */
  version: string;
  url: string;
  baseUrl: string;
  pages: IndexedPage[];
  sidebars: { name: string; title: string; items: IndexedNavItem[] }[];
}

function navItems(items: SidebarItem[], baseUrl: string): IndexedNavItem[] {
  return items.map((item): IndexedNavItem => {
    if (item.type === 'category') {
      return {
        title: item.label,
        ...(item.href ? { route: stripBase(baseUrl, item.href) } : {}),
        items: navItems(item.items, baseUrl),
      };
    }
    return item.external
      ? { title: item.label, url: item.href }
      : { title: item.label, route: stripBase(baseUrl, item.href) };
  });
}

/**
 * What an MCP server needs of a built site besides its Markdown copies and search index: every
 * page with its title and section, and the sidebars as trees. Written by the build, so the server
 * runs from the output folder alone (`docs serve --dir`).
 */
export function siteIndex(state: Pick<SiteBase, 'site' | 'sidebars' | 'table'>): SiteIndex {
  const { site } = state;
  const section = sectionOf(state);
  const labels = navbarLabels(state.sidebars, site.navbar.items, site.baseUrl);
  return {
    v: 1,
    title: site.title,
    productName: site.productName,
    version: site.docsVersion.shows,
    url: site.url,
    baseUrl: site.baseUrl,
    pages: state.table.docs.map((doc) => ({
      route: doc.route,
      title: doc.frontmatter.title,
      ...(doc.frontmatter.description ? { description: doc.frontmatter.description } : {}),
      section: section(doc),
      markdown: markdownPath(doc.route),
      ...(doc.frontmatter.unlisted ? { unlisted: true } : {}),
    })),
    sidebars: Object.entries(state.sidebars.items).map(([name, items]) => ({
      name,
      title: labels.get(name) ?? name,
      items: navItems(items, site.baseUrl),
    })),
  };
}

/** A page's canonical URL. */
export function pageUrl(index: Pick<SiteIndex, 'url' | 'baseUrl'>, route: string): string {
  return index.url + withBase(index.baseUrl, route);
}
