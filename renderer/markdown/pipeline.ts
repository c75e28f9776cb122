import type { Root as HastRoot } from 'hast';
import rehypeSlug from 'rehype-slug';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { VFile } from 'vfile';
import type { CliData } from './cli-data.ts';
import type { DocContext } from './context.ts';
import rehypeCodeHtml from './rehype-code-html.ts';
import rehypeHeadings from './rehype-headings.ts';
import remarkCliReference from './remark-cli-reference.ts';
import remarkCode from './remark-code.ts';
import remarkDirectives from './remark-directives.ts';
import remarkLinks from './remark-links.ts';
import { getHighlighter } from './shiki.ts';

/** The single ordered list of transforms from Markdown to hast. */
export async function createPipeline(options: { cli?: CliData }) {
  const highlighter = await getHighlighter();
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkDirective)
    .use(remarkCliReference, { cli: options.cli })
    .use(remarkDirectives)
    .use(remarkCode, { highlighter })
    .use(remarkLinks)
    // Raw HTML in Markdown is dropped: pages are written in Markdown and directives only.
    .use(remarkRehype)
    .use(rehypeSlug)
    .use(rehypeHeadings)
    .use(rehypeCodeHtml)
    .freeze();

  /** Markdown body → hast; the context collects links, ids and the TOC. */
  return async function toHast(body: string, context: DocContext): Promise<HastRoot> {
    const file = new VFile({ value: body, path: context.doc.doc.file, data: { docs: context } });
    const mdast = processor.parse(file);
    return (await processor.run(mdast, file)) as HastRoot;
  };
}

export type ToHast = Awaited<ReturnType<typeof createPipeline>>;
