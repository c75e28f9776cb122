import type { SiteData } from '../theme/shared/types.ts';
import { withBase } from '../theme/shared/routes.ts';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function sitemapXml(site: SiteData, routes: string[]): string {
  const urls = routes.map((r) => `  <url><loc>${xmlEscape(site.url + withBase(site.baseUrl, r))}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(site: SiteData): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${site.url}${withBase(site.baseUrl, '/sitemap.xml')}\n`;
}
