import { z } from 'zod';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import type { SiteData } from '../../theme/shared/types.ts';
import { withBase } from '../../theme/shared/routes.ts';
import { TOOLS } from './tools.ts';

export { SERVER_CARD_PATH, SERVER_CARD_URI } from './server-card-path.ts';

export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/** The server's name in reverse-DNS form, from the site's host: docs.example.com → com.example.docs/docs-mcp. */
export function serverName(siteUrl: string): string {
  return `${new URL(siteUrl).hostname.split('.').reverse().join('.')}/docs-mcp`;
}

/** The server's title and what it offers, as `initialize` and the card both say it. */
export function serverInfo(site: Pick<SiteData, 'url' | 'productName' | 'docsVersion'>) {
  return {
    name: serverName(site.url),
    title: `${site.productName} documentation`,
    version: site.docsVersion.shows,
    description: `Search and read the ${site.productName} ${site.docsVersion.shows} documentation as Markdown, offline, from the built site.`,
  };
}

/**
 * An MCP server card (SEP-2127, draft): who the server is and its static tools, so a client can
 * show them before connecting. It lists no `remotes`: the site's static host serves no MCP
 * endpoint; `docs serve` (at /mcp) and `docs mcp` (stdio) do. Pages are resources, too many to
 * list here, so `resources.listChanged` is false and the list comes from `resources/list`.
 */
export function serverCard(site: Pick<SiteData, 'url' | 'baseUrl' | 'productName' | 'docsVersion'>) {
  return {
    $schema: SERVER_CARD_SCHEMA,
    ...serverInfo(site),
    websiteUrl: site.url + withBase(site.baseUrl, '/'),
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
    tools: Object.entries(TOOLS).map(([name, tool]) => ({
      name,
      title: tool.title,
      description: tool.description,
      inputSchema: toJsonSchemaCompat(z.object(tool.inputSchema)),
      annotations: { readOnlyHint: true, openWorldHint: false },
    })),
  };
}
