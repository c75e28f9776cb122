import type { Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { ProblemList, type Problem } from './errors.ts';
import type { CliData } from './markdown/cli-data.ts';
import type { DocContext } from './markdown/context.ts';
import { createPipeline } from './markdown/pipeline.ts';
import { LANGUAGES } from './markdown/shiki.ts';
import { resolveRoutes, type DocRoute, type RouteTable } from './routes.ts';
import { extractRecords, type RecordSite } from './search/records.ts';
import type { SearchRecord } from '../theme/islands/search/record.ts';

/**
 * A doc after the Markdown pipeline: its content as HTML, its search records, and what the link
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
  problems: Problem[];
}

/** What compiling a doc depends on besides its own source. */
export interface CompileEnv {
  table: RouteTable;
  baseUrl: string;
  staticDir: string;
  docsDir: string;
  recordSite: RecordSite;
}

export type CompileDoc = (doc: DocRoute) => Promise<CompiledDoc>;

/**
 * A doc's tree as HTML. Raw nodes come only from remark-code (highlighted code): raw HTML in
 * Markdown is dropped by remark-rehype, long before this.
 */
export function contentHtml(hast: Root): string {
  return toHtml(hast, { allowDangerousHtml: true });
}

/** Markdown → hast → { HTML, records, links, ids, TOC } for one doc at a time. */
export async function createCompiler(env: CompileEnv, options: { cli?: CliData }): Promise<CompileDoc> {
  const toHast = await createPipeline(options);
  return async (doc) => {
    const problems = new ProblemList();
    const context: DocContext = { doc, table: env.table, problems, baseUrl: env.baseUrl, staticDir: env.staticDir, docsDir: env.docsDir, files: new Set(), links: [], ids: new Set(), toc: [] };
    const hast = await toHast(doc.body, context);
    const fm = doc.frontmatter;
    return {
      relPath: doc.doc.relPath,
      html: contentHtml(hast),
      records: extractRecords(hast, { route: doc.route, title: fm.title, description: fm.description }, env.recordSite),
      links: context.links,
      ids: [...context.ids],
      toc: context.toc,
      files: [...context.files],
      problems: problems.items,
    };
  };
}

/** A page with every construct the pipeline handles, and a fence per language (for warmUp). */
function warmUpSample(): string {
  const fences = LANGUAGES.map((lang) => `\`\`\`${lang} title="x" {1}\nx = 1 # "a" 'b' <c> {d}\n\`\`\``).join('\n\n');
  return `---\ntitle: Warm-up\n---\n\n## A heading\n\nText with **bold**, _emphasis_, \`code\`, a [link](#a-heading) and https://dagger.io.\n\n- a list\n  - nested\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n:::tip\nNote.\n:::\n\n::::tabs{group=sdk}\n:::tab[Go]\nGo.\n:::\n::::\n\n${fences}\n`;
}

/**
 * Compiles a sample page a few times, so the parser and every grammar are compiled before the
 * first real page needs them: `docs dev` starts from cached pages, and without this the first
 * save after start pays ~1 s for it. Yields between runs; never throws.
 */
export async function warmUp(options: { cli?: CliData }, runs = 12): Promise<void> {
  try {
    const problems = new ProblemList();
    const table = resolveRoutes([{ file: '(warm-up)', relPath: 'warm-up.md', source: warmUpSample() }], [], problems);
    const compile = await createCompiler({ table, baseUrl: '/', staticDir: '/nonexistent', docsDir: '/nonexistent', recordSite: { url: 'http://localhost', baseUrl: '/', language: 'en', version: 'current' } }, options);
    for (let i = 0; i < runs; i++) {
      await compile(table.docs[0]);
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch {
    // Only a warm-up: the real compile reports whatever is wrong.
  }
}
