import type { SiteData } from './types.ts';

/**
 * The site data the server writes into #__docs for the browser: only what client code reads, so
 * every page does not carry the whole configuration.
 */
export type ClientData = Pick<SiteData, 'baseUrl' | 'colorMode' | 'search' | 'analytics' | 'locales'> & {
  announcementId?: string;
  /** The docs version name, remembered as the preferred version. */
  version: string;
};

/** Built here, next to its type, so the server and the client cannot disagree on a field. */
export function toClientData(site: SiteData): ClientData {
  const { baseUrl, colorMode, search, analytics, locales } = site;
  return {
    baseUrl,
    colorMode,
    announcementId: site.announcementBar?.id,
    search,
    analytics,
    locales,
    version: site.docsVersion.name,
  };
}
