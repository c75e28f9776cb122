import type { SiteData } from '../theme/shared/types.ts';
import { inlineScript } from './html-shell.ts';
import { withBase } from '../theme/shared/routes.ts';
import { followScript } from './redirects/follow-script.ts';
import { cacheRules } from './cache-rules.ts';

const origin = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * The Content-Security-Policy: no inline script but the pre-paint one and the redirect pages'
 * forwarder (each allowed by its hash), no eval; third-party origins only for services that are
 * configured.
 */
export function contentSecurityPolicy(site: SiteData): string {
  const scripts = ["'self'", inlineScript(site).hash, followScript().hash];
  const connect = ["'self'"];
  const community = site.analytics.communityScriptUrl ? origin(site.analytics.communityScriptUrl) : undefined;
  if (community) {
    scripts.push(community);
    connect.push(community);
  }
  if (site.analytics.posthog) connect.push(origin(site.analytics.posthog.apiHost)!);
  if (site.search.algolia) {
    const hosts = site.search.algolia.hosts
      ?.map((h) => origin(h.includes('://') ? h : `https://${h}`))
      .filter(Boolean) as string[] | undefined;
    connect.push(
      ...(hosts?.length
        ? hosts
        : [
            `https://${site.search.algolia.appId.toLowerCase()}-dsn.algolia.net`,
            'https://*.algolianet.com',
            'https://*.algolia.net',
          ]),
    );
  }
  return [
    "default-src 'self'",
    `script-src ${[...new Set(scripts)].join(' ')}`,
    // Shiki writes colours as inline styles and medium-zoom animates with them.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    // ::video clips, their posters (img-src) and captions tracks are self-hosted.
    "media-src 'self'",
    "font-src 'self'",
    `connect-src ${[...new Set(connect)].join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * `_headers` for static hosts (Netlify, Cloudflare Pages); `docs serve` sends the same. The MCP
 * server card may be read from any origin (SEP-2127 requires CORS on it).
 */
export function headersFile(site: SiteData): string {
  const lines = [
    '/*',
    `  Content-Security-Policy: ${contentSecurityPolicy(site)}`,
    '  X-Content-Type-Options: nosniff',
    '  Referrer-Policy: strict-origin-when-cross-origin',
  ];
  lines.push(withBase(site.baseUrl, '/.well-known/mcp/*'), '  Access-Control-Allow-Origin: *');
  for (const rule of cacheRules(site.baseUrl)) lines.push(rule.path, `  Cache-Control: ${rule.cacheControl}`);
  return [...lines, ''].join('\n');
}
