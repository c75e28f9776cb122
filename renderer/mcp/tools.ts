import { z } from 'zod';

/**
 * The docs MCP server's tools, described once: `docs mcp` and `docs serve` register them, and the
 * build lists them in the server card (server-card.ts), so the card cannot drift from the server.
 */

/** Bounds on what one call returns, so an agent's context is never flooded. */
export const LIMITS = {
  /** Search results per call: default and most. */
  searchResults: 8,
  maxSearchResults: 20,
  /** Characters of a result's snippet. */
  snippetChars: 320,
  /** Characters of Markdown `read_page` returns per call (more with `offset`). */
  pageChars: 40_000,
  /** Characters of the page tree `list_pages` returns. */
  listChars: 40_000,
  /** Close matches suggested for an unknown page. */
  suggestions: 5,
} as const;

export const TOOLS = {
  search_docs: {
    title: 'Search the docs',
    description: `Searches the documentation with the site's own search index and ranking. Returns up to ${LIMITS.maxSearchResults} results (default ${LIMITS.searchResults}), each with its page title, section heading, URL and a snippet of at most ${LIMITS.snippetChars} characters. Pass a result's URL to read_page to read it.`,
    inputSchema: {
      query: z
        .string()
        .min(1)
        .max(200)
        .describe('What to look for, in a few words (e.g. "cache volumes", "secrets from env").'),
      limit: z
        .number()
        .int()
        .min(1)
        .max(LIMITS.maxSearchResults)
        .optional()
        .describe(`How many results (default ${LIMITS.searchResults}).`),
    },
  },
  read_page: {
    title: 'Read a page',
    description: `Returns a page of the documentation as Markdown (the same text as its .md copy), or only one section of it. \`page\` is a route ("/getting-started/installation"), a full URL of the site, or either followed by "#anchor" for the section under that heading. At most ${LIMITS.pageChars} characters per call; a longer text ends with a note giving the \`offset\` to continue from.`,
    inputSchema: {
      page: z.string().min(1).max(2000).describe('A route, a URL of the site, or either with "#anchor".'),
      offset: z.number().int().min(0).optional().describe('Character offset to continue a long page from.'),
    },
  },
  list_pages: {
    title: 'List the pages',
    description: `Lists the documentation's pages as the site's sidebars show them: a tree of sections and pages with their routes. Pass \`section\` (a sidebar title from the full list) to list only that part. At most ${LIMITS.listChars} characters.`,
    inputSchema: {
      section: z.string().max(200).optional().describe('Only this sidebar (its title as listed, e.g. "Reference").'),
    },
  },
} as const;

export type ToolName = keyof typeof TOOLS;
