import path from 'node:path';
import { prepareOutput, restoreInterruptedSwap } from '../renderer/output.ts';
import { formatBytes, green, info, red } from './log.ts';

/** `docs build`: 1. take the output folder, 2. build into a temp folder, 3. swap it in, 4. print the summary. */
export async function buildCommand(opts: {
  out: string;
  root: string;
  contentDir?: string;
  cache?: boolean;
}): Promise<void> {
  info(`building ${path.relative(process.cwd(), opts.root) || '.'} → ${opts.out}`);
  restoreInterruptedSwap(path.resolve(opts.out));
  // The lock before the engine loads (a second or so): a second build into the same folder
  // meets it at once, however slowly either process starts.
  const output = prepareOutput(path.resolve(opts.out));
  // Ctrl-C or a CI's SIGTERM: the temporary output and the lock go, the output folder stays as it was.
  const interrupted = (signal: NodeJS.Signals) => {
    output.abort({ exiting: true });
    process.stderr.write(`${red('✖')} build interrupted (${signal}); ${opts.out} is as it was before\n`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    await build(opts, output);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

async function build(
  opts: { out: string; root: string; contentDir?: string; cache?: boolean },
  output: ReturnType<typeof prepareOutput>,
): Promise<void> {
  let build: typeof import('../renderer/build-site.ts');
  let cache: import('../renderer/compile-cache.ts').CompileCache | undefined;
  let cardCache: string | undefined;
  let memoDir: string | undefined;
  try {
    build = await import('../renderer/build-site.ts');
    const { CompileCache, DEFAULT_COMPILE_CACHE_DIR } = await import('../renderer/compile-cache.ts');
    cache = opts.cache === false ? undefined : CompileCache.open(opts.contentDir ?? path.join(opts.root, 'content'));
    cardCache = opts.cache === false ? undefined : path.join(DEFAULT_COMPILE_CACHE_DIR, 'share-cards');
    memoDir = opts.cache === false ? undefined : DEFAULT_COMPILE_CACHE_DIR;
  } catch (error) {
    output.abort();
    throw error;
  }
  const summary = await build.buildSite({
    root: opts.root,
    contentDir: opts.contentDir,
    outDir: path.resolve(opts.out),
    log: info,
    cache,
    cardCache,
    memoDir,
    output,
  });
  info(
    `${green('✔')} ${summary.pages} pages in ${(summary.ms / 1000).toFixed(2)} s, ${formatBytes(summary.bytes)} → ${opts.out}`,
  );
}
