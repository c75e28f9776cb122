import fs from 'node:fs';
import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SERVER_CARD_PATH, SERVER_CARD_URI } from '../../renderer/mcp/server-card.ts';
import type { IndexedNavItem } from '../../renderer/mcp/site-index.ts';
import { LIMITS, TOOLS } from '../../renderer/mcp/tools.ts';
import { BuiltSite, NotFound } from './built-site.ts';

const text = (t: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: t }],
  ...(isError ? { isError: true } : {}),
});

/** A text cut to `max` characters from `offset`, with a note saying how to read on. */
export function bounded(t: string, offset: number, max: number): string {
  if (offset >= t.length && t.length) return `(offset ${offset} is past the end: the text has ${t.length} characters)`;
  const part = t.slice(offset, offset + max);
  const end = offset + part.length;
  return end < t.length ? `${part}\n\n[… ${t.length - end} more characters: call again with offset ${end}]` : part;
}

function tree(items: IndexedNavItem[], depth: number, lines: string[]): void {
  for (const item of items) {
    const where = item.route ?? item.url;
    lines.push(`${'  '.repeat(depth)}- ${item.title}${where ? ` (${where})` : ''}`);
    if (item.items) tree(item.items, depth + 1, lines);
  }
}

/**
 * The docs' MCP server over a built site: the tools of renderer/mcp/tools.ts, every page's
 * Markdown as a resource, and the server card. One server per connection (the HTTP transport
 * makes one per request); the site is shared.
 */
export function createDocsMcpServer(site: BuiltSite): McpServer {
  const card = JSON.parse(fs.readFileSync(path.join(site.dir, SERVER_CARD_PATH), 'utf8')) as {
    name: string;
    title: string;
    version: string;
    description: string;
  };
  const server = new McpServer(
    { name: card.name, title: card.title, version: card.version },
    {
      instructions: `${card.description} Start with search_docs, then read_page on a result's URL; list_pages shows the site's structure.`,
    },
  );

  const unknownPage = async (ref: string, why: string) => {
    const close = await site.suggest(ref);
    return text(
      `${why}${close.length ? `\nClose matches:\n${close.map((p) => `- ${p.title}: ${p.route}`).join('\n')}` : ''}\nUse search_docs to find a page, or list_pages for every route.`,
      true,
    );
  };

  server.registerTool(
    'search_docs',
    { ...TOOLS.search_docs, annotations: { readOnlyHint: true, openWorldHint: false } },
    async ({ query, limit }) => {
      const results = await site.search(query, limit ?? LIMITS.searchResults);
      if (!results.length) return text(`No results for "${query}". Try other words, or list_pages.`);
      return text(
        results
          .map((r, i) => `${i + 1}. ${r.title}${r.section ? ` › ${r.section}` : ''}\n   ${r.url}\n   ${r.snippet}`)
          .join('\n\n'),
      );
    },
  );

  server.registerTool(
    'read_page',
    { ...TOOLS.read_page, annotations: { readOnlyHint: true, openWorldHint: false } },
    async ({ page: ref, offset }) => {
      let resolved;
      try {
        resolved = site.resolve(ref);
      } catch (error) {
        if (error instanceof NotFound) return unknownPage(ref, error.message);
        throw error;
      }
      const markdown = await site.read(resolved.page, resolved.anchor);
      if (markdown === undefined) {
        const anchors = await site.anchorsOf(resolved.page);
        return text(
          `"${resolved.page.route}" has no heading with the id "${resolved.anchor}".${anchors.length ? ` Its headings' ids: ${anchors.slice(0, 60).join(', ')}${anchors.length > 60 ? ', …' : ''}.` : ''}`,
          true,
        );
      }
      return text(bounded(markdown, offset ?? 0, LIMITS.pageChars));
    },
  );

  server.registerTool(
    'list_pages',
    { ...TOOLS.list_pages, annotations: { readOnlyHint: true, openWorldHint: false } },
    async ({ section }) => {
      const sidebars = site.index.sidebars.filter(
        (s) => !section || s.title.toLowerCase() === section.trim().toLowerCase() || s.name === section,
      );
      if (!sidebars.length)
        return text(`No section "${section}". Sections: ${site.index.sidebars.map((s) => s.title).join(', ')}.`, true);
      const lines: string[] = [
        `${site.index.title} documentation, ${site.index.productName} ${site.index.version}. Routes are relative to ${site.url('/')}; read one with read_page.`,
      ];
      for (const s of sidebars) {
        lines.push('', `## ${s.title}`);
        tree(s.items, 0, lines);
      }
      const all = lines.join('\n');
      if (all.length <= LIMITS.listChars) return text(all);
      return text(
        `${all.slice(0, all.lastIndexOf('\n', LIMITS.listChars))}\n\n[… cut at ${LIMITS.listChars} characters: pass section (one of ${site.index.sidebars.map((s) => `"${s.title}"`).join(', ')}) to list one part]`,
      );
    },
  );

  for (const page of site.index.pages) {
    server.registerResource(
      page.route,
      site.markdownUrl(page),
      { title: page.title, description: page.description, mimeType: 'text/markdown' },
      async (uri) => ({
        contents: [{ uri: uri.href, mimeType: 'text/markdown', text: site.markdown(page) }],
      }),
    );
  }
  server.registerResource(
    'server-card',
    SERVER_CARD_URI,
    { title: 'MCP server card', mimeType: 'application/json' },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: fs.readFileSync(path.join(site.dir, SERVER_CARD_PATH), 'utf8'),
        },
      ],
    }),
  );
  return server;
}
