/** Where the build writes the MCP server card (SEP-2127 discovery path), relative to the output folder. */
export const SERVER_CARD_PATH = '.well-known/mcp/server-card.json';
/** The card as an MCP resource of the server itself (SEP-2127). */
export const SERVER_CARD_URI = 'mcp://server-card.json';
