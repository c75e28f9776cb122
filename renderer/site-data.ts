import type { LoadedConfig } from './config/load.ts';
import type { SiteData } from '../theme/shared/types.ts';

/** The serialisable part of the config the theme renders from: all of it but the build-only keys. */
export function toSiteData({ site, siteVersion }: LoadedConfig): SiteData {
  const { repository: _repository, plugins: _plugins, ...rendered } = site;
  // Canonical URLs and the sitemap append paths that start with '/'.
  return { ...rendered, url: site.url.replace(/\/$/, ''), siteVersion };
}
