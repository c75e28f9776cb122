import type { SiteData } from '../theme/shared/types.ts';
import { withBase } from '../theme/shared/routes.ts';
import { escapeText } from '../theme/shared/escape.ts';

/** A sitemap entry: a route and, when its source is in git, the date it last changed. */
export interface SitemapEntry {
  route: string;
  lastmod?: string;
}

export function sitemapXml(site: SiteData, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeText(site.url + withBase(site.baseUrl, e.route))}</loc>${e.lastmod ? `<lastmod>${escapeText(e.lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(site: SiteData): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${site.url}${withBase(site.baseUrl, '/sitemap.xml')}\n`;
}
