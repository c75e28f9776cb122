import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { SITE_INDEX_PATH } from '../renderer/mcp/site-index.ts';
import { info } from './log.ts';

/** The newest modification time of the files under these folders (0 when there are none). */
function newest(dirs: string[]): number {
  let latest = 0;
  for (const dir of dirs) {
    if (!fs.existsSync(dir)) continue;
    for (const entry of fg.sync('**/*', { cwd: dir, stats: true, dot: false, ignore: ['**/node_modules/**'] }))
      latest = Math.max(latest, entry.stats!.mtimeMs);
  }
  return latest;
}

/** Whether the built folder is missing or older than the content or the engine that makes it. */
export function isStale(out: string, root: string, contentDir: string): boolean {
  const stamp = path.join(out, SITE_INDEX_PATH);
  if (!fs.existsSync(stamp)) return true;
  return (
    newest([contentDir, ...['cli', 'renderer', 'theme'].map((d) => path.join(root, d))]) > fs.statSync(stamp).mtimeMs
  );
}

/**
 * `docs mcp`: 1. build the site when its output is missing or stale (the build command's own
 * code, its log on stderr: stdout is the protocol's), 2. serve MCP on stdio until the client
 * closes it.
 */
export async function mcpCommand(opts: {
  root: string;
  contentDir?: string;
  dir: string;
  build: boolean;
}): Promise<void> {
  // Relative to the project root: agents start the server from their own working folder.
  const out = path.resolve(opts.root, opts.dir);
  const contentDir = opts.contentDir ?? path.join(opts.root, 'content');
  if (opts.build && isStale(out, opts.root, contentDir)) {
    const write = process.stdout.write;
    // Nothing but protocol messages may reach stdout, whatever a build step prints.
    process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
    try {
      await (await import('./build.ts')).buildCommand({ out, root: opts.root, contentDir: opts.contentDir });
    } finally {
      process.stdout.write = write;
    }
  }
  const { BuiltSite } = await import('./mcp/built-site.ts');
  const { createDocsMcpServer } = await import('./mcp/server.ts');
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const site = new BuiltSite(out);
  const server = createDocsMcpServer(site);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  info(`MCP server on stdio over ${path.relative(process.cwd(), out) || '.'} (${site.index.pages.length} pages)`);
  process.stdin.on('end', () => void server.close());
  await closed;
}
