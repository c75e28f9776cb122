import type { Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { failedDoc } from './compile-faults.ts';
import { ProblemList, type Problem } from './errors.ts';
import type { DocContext } from './markdown/context.ts';
import {
  createMarkdownCompiler,
  guardedToHast,
  NESTING_HINT,
  reportTimeLimit,
  runTimeLimited,
} from './markdown/pipeline.ts';
import { GrammarNotLoaded } from './markdown/shiki.ts';
import { LANGUAGES } from './markdown/shiki.ts';
import { hasRoute, resolveRoutes, type DocRoute, type RouteTable } from './routes.ts';
import { NO_PLUGINS, type SitePlugins } from './plugins/load.ts';
import type { HoverTable } from './markdown/code-hovers.ts';
import { extractRecords, type RecordSite } from './search/records.ts';
import type { SearchRecord } from '../theme/shared/search/record.ts';

/**
 * A doc after the Markdown pipeline: its content as HTML, its Markdown copy, its search records, and what the link
 * check and the layout need. The tree is dropped here, so a build holds one page's tree at a
 * time and a worker thread sends back strings, not trees.
 */
export interface CompiledDoc {
  relPath: string;
  html: string;
  /** Search records; hierarchy.lvl0 is filled in from the sidebars later (see site-records.ts). */
  records: SearchRecord[];
  links: DocContext['links'];
  ids: string[];
  toc: DocContext['toc'];
  files: string[];
  /** The body of its Markdown copy (markdown/remark-markdown-copy.ts); the page's header is added where it is written (markdown-copy.ts). */
  markdown: string;
  problems: Problem[];
  /** Its problems come from a fault (time limit, a worker's death), not from its source alone: never cached. */
  transient?: boolean;
}

/** What compiling a doc depends on besides its own source. */
export interface CompileEnv {
  table: RouteTable;
  baseUrl: string;
  staticDir: string;
  docsDir: string;
  recordSite: RecordSite;
  /**
   * Where a compile worker finds the site's plugins (renderer/plugins/load.ts pluginsInWorker),
   * and their key (part of every doc's cache key); none when the site has no plugins.
   */
  plugins?: { contentDir: string; docsVersion: string; key: string };
}

export type CompileDoc = (doc: DocRoute) => Promise<CompiledDoc>;

/**
 * A doc's tree as HTML. Raw nodes come only from remark-code (highlighted code): raw HTML in
 * Markdown is dropped by remark-rehype, long before this.
 */
export function contentHtml(hast: Root): string {
  return toHtml(hast, { allowDangerousHtml: true });
}

/** Docs compiled under one claim: their grammars load together, and they share watchdogs. */
const BATCH_DOCS = 4;

export interface Compiler {
  /** One doc (docs dev, search tools). */
  compile: CompileDoc;
  /**
   * Every doc `claim` hands out until it returns undefined, a few at a time, each handed to
   * `emit` once compiled (a build; see markdown/pipeline.ts runTimeLimited).
   */
  compileAll(
    claim: () => DocRoute | undefined,
    emit: (c: CompiledDoc) => void | Promise<void>,
    starting?: (doc: DocRoute) => void,
  ): Promise<void>;
}

/** Markdown → hast → { HTML, records, links, ids, TOC } for one doc at a time. */
/** The context a doc compiles in; `compiled`: what an earlier compile of it found (the link check's view). */
export function docContext(
  doc: DocRoute,
  env: CompileEnv,
  compiled?: Pick<CompiledDoc, 'files' | 'links' | 'ids' | 'toc'>,
): DocContext {
  return {
    doc,
    table: env.table,
    problems: new ProblemList(),
    baseUrl: env.baseUrl,
    staticDir: env.staticDir,
    docsDir: env.docsDir,
    files: new Set(compiled?.files),
    links: compiled?.links ?? [],
    ids: new Set(compiled?.ids),
    toc: compiled?.toc ?? [],
  };
}

export async function createCompiler(
  env: CompileEnv,
  options: {
    plugins?: SitePlugins;
    hovers?: HoverTable;
    /** What a doc waits for before it compiles: its blocks' hovers, when still being computed (load-site.ts). */
    awaitHovers?: (doc: DocRoute) => Promise<unknown> | undefined;
  } = {},
): Promise<Compiler> {
  const ready = async (docs: DocRoute[]) => {
    const waits = options.awaitHovers ? docs.map(options.awaitHovers).filter(Boolean) : [];
    if (waits.length) await Promise.all(waits);
  };
  const plugins = options.plugins ?? NO_PLUGINS;
  const linker = plugins.codeLinks
    ? await plugins.codeLinks.create({ hasRoute: (route) => hasRoute(env.table, route) })
    : undefined;
  const markdown = await createMarkdownCompiler({
    linker,
    directives: plugins.directives,
    remark: plugins.remark,
    rehype: plugins.rehype,
    hovers: options.hovers,
  });
  const toHast = guardedToHast(markdown);
  const contextOf = (doc: DocRoute): DocContext => docContext(doc, env);
  const finish = (doc: DocRoute, context: DocContext, hast: Root): CompiledDoc => {
    const fm = doc.frontmatter;
    return {
      relPath: doc.doc.relPath,
      html: contentHtml(hast),
      records: extractRecords(
        hast,
        { route: doc.route, title: fm.title, description: fm.description },
        env.recordSite,
        plugins.directives,
      ),
      links: context.links,
      ids: [...context.ids],
      toc: context.toc,
      files: [...context.files],
      markdown: context.markdown ?? '',
      problems: context.problems.items,
    };
  };

  // Whatever a doc makes the pipeline throw is that doc's problem; the other docs go on.
  const failed = (doc: DocRoute, error: unknown): CompiledDoc => failedDoc(doc, compileFailure(doc, error));

  return {
    async compile(doc) {
      await ready([doc]);
      const context = contextOf(doc);
      try {
        return finish(doc, context, await toHast(doc.body, context));
      } catch (error) {
        return failed(doc, error);
      }
    },
    async compileAll(claim, emit, starting) {
      for (;;) {
        let batch: DocRoute[] = [];
        for (let doc; batch.length < BATCH_DOCS && (doc = claim()); ) batch.push(doc);
        if (!batch.length) return;
        await ready(batch);
        await markdown.prepare(batch.map((d) => d.body));
        while (batch.length) {
          const done: CompiledDoc[] = [];
          const again: DocRoute[] = [];
          const grammars: string[] = [];
          runTimeLimited(
            batch.length,
            (i) => {
              starting?.(batch[i]);
              const context = contextOf(batch[i]);
              try {
                done.push(finish(batch[i], context, markdown.toHastSync(batch[i].body, context)));
              } catch (error) {
                // Code the scan could not see (a directive's expansion): compiled again once its grammar is loaded.
                if (error instanceof GrammarNotLoaded) {
                  again.push(batch[i]);
                  grammars.push(error.lang);
                } else done.push(failed(batch[i], error));
              }
            },
            (i) => {
              const context = contextOf(batch[i]);
              reportTimeLimit(context, markdown.timeLimit);
              done.push({ ...finish(batch[i], context, { type: 'root', children: [] }), transient: true });
            },
            markdown.timeLimit,
          );
          for (const c of done) await emit(c);
          await markdown.load(grammars);
          batch = again;
        }
      }
    },
  };
}

/** A doc the pipeline threw on, as a problem: the error's message, its stack only for --debug. */
export function compileFailure(doc: DocRoute, error: unknown): Problem {
  const e = error as Error | undefined;
  if (e?.name === 'RangeError' && /call stack/i.test(String(e.message))) {
    return {
      file: doc.doc.file,
      line: doc.bodyLine,
      message: 'this page is nested too deeply to compile (the compiler ran out of stack)',
      hint: NESTING_HINT,
    };
  }
  return {
    file: doc.doc.file,
    line: doc.bodyLine,
    message: `this page could not be compiled: ${e?.message ?? String(error)}`,
    hint: 'Look for the construct the message names; if the page looks right, this is a bug in the docs engine (run with --debug for the stack).',
    stack: e?.stack,
  };
}

/** A page with every construct the pipeline handles, and a fence per language (for warmUp). */
function warmUpSample(): string {
  const fences = LANGUAGES.map((lang) => `\`\`\`${lang} title="x" {1}\nx = 1 # "a" 'b' <c> {d}\n\`\`\``).join('\n\n');
  return `---\ntitle: Warm-up\n---\n\n## A heading\n\nText with **bold**, _emphasis_, \`code\`, a [link](#a-heading) and https://example.com.\n\n- a list\n  - nested\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n:::tip\nNote.\n:::\n\n::::tabs{group=sdk}\n:::tab[Go]\nGo.\n:::\n::::\n\n${fences}\n`;
}

/**
 * Compiles a sample page a few times, so the parser and every grammar are compiled before the
 * first real page needs them: `docs dev` starts from cached pages, and without this the first
 * save after start pays ~1 s for it. Yields between runs; never throws.
 */
export async function warmUp(options: Parameters<typeof createCompiler>[1], runs = 12): Promise<void> {
  try {
    const problems = new ProblemList();
    const table = resolveRoutes([{ file: '(warm-up)', relPath: 'warm-up.md', source: warmUpSample() }], [], problems);
    const { compile } = await createCompiler(
      {
        table,
        baseUrl: '/',
        staticDir: '/nonexistent',
        docsDir: '/nonexistent',
        recordSite: { url: 'http://localhost', baseUrl: '/', language: 'en', version: 'current' },
      },
      options,
    );
    for (let i = 0; i < runs; i++) {
      await compile(table.docs[0]);
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch {
    // Only a warm-up: the real compile reports whatever is wrong.
  }
}
