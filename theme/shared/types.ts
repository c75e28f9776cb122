/**
 * Types shared by the build (renderer/, cli/) and the theme. No Node or DOM APIs here.
 */
import type { SiteConfig } from '../../renderer/config/schema.ts';

/** A sidebar entry as written in content/sidebars.ts. */
export type SidebarItemConfig =
  | string
  | { type: 'doc'; id: string; label?: string }
  | { type: 'link'; label: string; href: string }
  /**
   * A category is always open unless `collapsible`; `collapsed` (which implies `collapsible`)
   * makes it start closed, except on the pages it contains.
   */
  | {
      type: 'category';
      label: string;
      items: SidebarItemConfig[];
      collapsible?: boolean;
      collapsed?: boolean;
      link?: string;
    }
  /** The sidebar section a plugin gives its generated docs (renderer/plugins/types.ts), as a category under this label. */
  | { type: 'generated'; plugin: string; label: string };

export type Sidebars = Record<string, SidebarItemConfig[]>;

/** A sidebar entry resolved against the route table, ready to render. */
export type SidebarItem =
  | { type: 'link'; label: string; href: string; external: boolean; docId?: string }
  | { type: 'category'; label: string; href?: string; collapsible: boolean; collapsed: boolean; items: SidebarItem[] };

/** A heading shown in the table of contents. */
export interface TocEntry {
  depth: 2 | 3;
  id: string;
  text: string;
}

export interface NavLink {
  label: string;
  href: string;
}

/** Everything a page's region needs to render; built by renderer/page-data.ts. */
export interface PageData {
  route: string;
  kind: 'doc' | 'page' | 'not-found';
  title: string;
  /** The visible h1, when it differs from the title. */
  heading?: string;
  /** Full <title> text. */
  documentTitle: string;
  description?: string;
  sidebarName?: string;
  sidebar?: SidebarItem[];
  toc: TocEntry[];
  hideToc: boolean;
  prev?: NavLink;
  next?: NavLink;
  editUrl?: string;
  /** When the source last changed in git (ISO 8601 commit date); none outside git and for generated pages. */
  lastUpdated?: string;
  /** Breadcrumb trail of sidebar categories, for JSON-LD, share cards and search lvl0. */
  categories: BreadcrumbCategory[];
  /** The navbar section of the page's sidebar ("Reference"), when a navbar item leads into it. */
  section?: string;
}

/** A sidebar category on a page's breadcrumb trail, with the page it leads to (renderer/page-data.ts `categoryHref`). */
export interface BreadcrumbCategory {
  label: string;
  href?: string;
}

/**
 * Site-wide data the shell needs; serialisable, shared by server and client. The fields are the
 * validated site configuration's (declared once, in the schema) minus what only the build reads,
 * plus the site's own version.
 */
export type SiteData = Omit<SiteConfig, BuildOnlyKey> & { siteVersion: string };

/** Configuration keys the build uses and the theme never renders. */
export type BuildOnlyKey = 'repository' | 'plugins';
