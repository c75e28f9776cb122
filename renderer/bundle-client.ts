import path from 'node:path';
import type { Plugin } from 'esbuild';
import { esbuild } from './esbuild-api.ts';
import { BuildError } from './errors.ts';
import { tokenCss } from './markdown/highlight.ts';
import type { Assets } from './html-shell.ts';
import { BROWSER_TARGETS } from './inline-script.ts';

/** Node built-ins must never reach the browser bundle. */
const noNodeBuiltins: Plugin = {
  name: 'no-node-builtins',
  setup(b) {
    b.onResolve({ filter: /^node:|^(fs|path|crypto|child_process|os|url)$/ }, (args) => ({
      errors: [
        { text: `"${args.path}" is a Node built-in and cannot be used in browser code (imported by ${args.importer})` },
      ],
    }));
  },
};

/** `@import 'docs:code-tokens.css'` in the stylesheet: the code token colours, from the themes. */
const generatedCss: Plugin = {
  name: 'generated-css',
  setup(b) {
    b.onResolve({ filter: /^docs:code-tokens\.css$/ }, (args) => ({ path: args.path, namespace: 'docs-generated' }));
    b.onLoad({ filter: /.*/, namespace: 'docs-generated' }, () => ({ contents: tokenCss(), loader: 'css' }));
  },
};

/**
 * Client code reads its words from theme/shared/texts.ts (English); the bundle gets the site's
 * locale's dictionary in its place, still one export per text so unused ones are dropped.
 */
export function localeTexts(root: string, locale: string): Plugin {
  const texts = path.join(root, 'theme/shared/texts.ts');
  return {
    name: 'locale-texts',
    setup(b) {
      b.onResolve({ filter: /\/texts\.ts$/ }, (args) =>
        path.resolve(args.resolveDir, args.path) === texts
          ? { path: path.join(root, 'theme/shared/texts', `${locale}.ts`) }
          : undefined,
      );
    },
  };
}

/** The client files a page links to, and each file's size. */
export type ClientAssets = Assets & { bytes: Record<string, number> };

/** Theme files whose bytes the output memo's code key covers (renderer/output-memo.ts codeKey). */
const THEME_SOURCE = /\.(ts|tsx|css|mjs|js|json)$/;

/**
 * Bundles theme/client/entry.ts and the stylesheet into hashed, minified, code-split files.
 * Returns the URLs the HTML shell links to.
 */
export async function bundleClient(opts: {
  root: string;
  outDir: string;
  baseUrl: string;
  locale: string;
  dev?: boolean;
}): Promise<ClientAssets & { files: string[]; fromThemeAndPackages: boolean }> {
  const entry = path.join(opts.root, 'theme/client/entry.ts');
  const css = path.join(opts.root, 'theme/styles/index.css');
  const printCss = path.join(opts.root, 'theme/styles/print.css');
  try {
    const result = await esbuild().build({
      entryPoints: { app: entry, style: css, print: printCss },
      outdir: path.join(opts.outDir, 'assets'),
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: !opts.dev,
      sourcemap: opts.dev ? 'inline' : false,
      target: BROWSER_TARGETS,
      entryNames: '[name]-[hash]',
      chunkNames: 'chunks/[name]-[hash]',
      assetNames: 'media/[name]-[hash]',
      jsx: 'automatic',
      metafile: true,
      write: true,
      legalComments: 'none',
      define: { 'process.env.NODE_ENV': opts.dev ? '"development"' : '"production"' },
      plugins: [noNodeBuiltins, generatedCss, localeTexts(opts.root, opts.locale)],
      logLevel: 'silent',
    });
    const url = (file: string) =>
      opts.baseUrl + path.relative(opts.outDir, path.resolve(file)).split(path.sep).join('/');
    let js = '';
    let cssUrl = '';
    let printUrl = '';
    const preload: string[] = [];
    const bytes: Record<string, number> = {};
    for (const [file, out] of Object.entries(result.metafile.outputs)) {
      bytes[url(file)] = out.bytes;
      if (out.entryPoint && path.resolve(out.entryPoint) === entry) {
        js = url(file);
        for (const imp of out.imports) if (imp.kind === 'import-statement') preload.push(url(imp.path));
      }
      if (file.endsWith('.css') && path.basename(file).startsWith('style-')) cssUrl = url(file);
      if (file.endsWith('.css') && path.basename(file).startsWith('print-')) printUrl = url(file);
    }
    // The files made (paths in the output folder), and whether every input was a theme source or
    // an installed package's file: then the theme's sources and the lockfile are all it depends on.
    const files = Object.keys(result.metafile.outputs).map((file) =>
      path.relative(opts.outDir, path.resolve(file)).split(path.sep).join('/'),
    );
    const themeDir = path.join(opts.root, 'theme') + path.sep;
    const fromThemeAndPackages = Object.keys(result.metafile.inputs).every((input) => {
      const file = path.resolve(input);
      return (
        input.startsWith('docs-generated:') ||
        file.split(path.sep).includes('node_modules') ||
        (file.startsWith(themeDir) && THEME_SOURCE.test(file))
      );
    });
    return { js, css: cssUrl, printCss: printUrl, preload, bytes, files, fromThemeAndPackages };
  } catch (error: any) {
    const problems = (error?.errors ?? [{ text: String(error) }]).map((e: any) => ({
      file: e.location?.file ?? 'theme/client',
      line: e.location?.line,
      column: e.location ? e.location.column + 1 : undefined,
      message: e.text,
    }));
    throw new BuildError(problems);
  }
}
