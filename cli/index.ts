import path from 'node:path';
import { Command } from 'commander';
import { printError } from './log.ts';

/** Parses argv and runs one command; returns the exit code (tests call this directly). */
export async function run(argv: string[]): Promise<number> {
  const program = new Command();
  let exitCode = 0;
  program
    .name('docs')
    .description('Build, preview and check a documentation site.')
    .option('--debug', 'print stack traces')
    .option('--root <dir>', 'project root holding content/ and theme/', process.cwd())
    .option('--content <dir>', 'content folder (default <root>/content)');
  const root = () => path.resolve(program.opts().root);
  const content = () => (program.opts().content ? path.resolve(program.opts().content) : undefined);
  const guard =
    (fn: (...args: any[]) => Promise<unknown>) =>
    async (...args: any[]) => {
      try {
        const result = await fn(...args);
        if (typeof result === 'number') exitCode = result;
      } catch (error) {
        exitCode = printError(error, program.opts().debug);
      }
    };

  program
    .command('build')
    .description('build the site into a folder (default dist/); a failed build keeps the previous output')
    .option('-o, --out <dir>', 'output folder', 'dist')
    .option('--no-cache', 'compile every page, ignoring and not writing node_modules/.cache/docs-build')
    .action(
      guard(async (o) =>
        (await import('./build.ts')).buildCommand({ out: o.out, root: root(), contentDir: content(), cache: o.cache }),
      ),
    );
  program
    .command('dev')
    .description(
      'build, serve and rebuild on change; the open page updates itself (with --debug: timings of each re-read)',
    )
    .option('-p, --port <port>', 'port', '3000')
    .option('--host <host>', 'address to bind (default 127.0.0.1)', '127.0.0.1')
    .action(
      guard(async (o) =>
        (await import('./dev.ts')).devCommand({
          port: Number(o.port),
          host: o.host,
          root: root(),
          contentDir: content(),
          debug: Boolean(program.opts().debug),
        }),
      ),
    );
  program
    .command('serve')
    .description('serve a built site with clean URLs and the 404 page')
    .option('-p, --port <port>', 'port', '3000')
    .option('--host <host>', 'address to bind (default 127.0.0.1)', '127.0.0.1')
    .option('-d, --dir <dir>', 'folder to serve', 'dist')
    .action(
      guard(async (o) => (await import('./serve.ts')).serveCommand({ port: Number(o.port), host: o.host, dir: o.dir })),
    );
  program
    .command('mcp')
    .description(
      'serve the docs to AI agents over MCP on stdio (search_docs, read_page, list_pages); builds first when the output is missing or stale',
    )
    .option('-d, --dir <dir>', 'built folder to serve, relative to --root', 'dist')
    .option('--no-build', 'serve the folder as it is, even when stale')
    .action(
      guard(async (o) =>
        (await import('./mcp.ts')).mcpCommand({ root: root(), contentDir: content(), dir: o.dir, build: o.build }),
      ),
    );
  program
    .command('check-links [dir]')
    .description('check every internal link of a built site (default dist/); exits 1 on a broken one')
    .action(guard(async (dir) => (await import('./check-links.ts')).checkLinksCommand({ dir: dir ?? 'dist' })));
  program
    .command('gen-api')
    .description("make every plugin's generated docs again, ignoring their caches")
    .action(guard(async () => (await import('./gen-api.ts')).genApiCommand({ root: root() })));

  await program.parseAsync(argv);
  return exitCode;
}
