import type { LoadedConfig } from './config/load.ts';
import type { SiteData } from '../theme/shared/types.ts';

/** The serialisable part of the config the theme renders from. */
export function toSiteData({ site, siteVersion }: LoadedConfig): SiteData {
  return {
    title: site.title,
    tagline: site.tagline,
    url: site.url.replace(/\/$/, ''),
    baseUrl: site.baseUrl,
    productName: site.productName,
    docsVersion: site.docsVersion,
    siteVersion,
    locales: site.locales,
    navbar: site.navbar,
    announcementBar: site.announcementBar,
    footer: site.footer,
    colorMode: site.colorMode,
    search: site.search,
    analytics: site.analytics,
  };
}
