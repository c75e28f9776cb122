import type { SiteData } from '../theme/shared/types.ts';
import type { DocRoute } from './routes.ts';
import { withBase } from '../theme/shared/routes.ts';

/** Where a doc's Markdown copy says it belongs: the build and `docs dev` make it alike. */
export interface MarkdownInput {
  title: string;
  description?: string;
  /** The page's canonical URL. */
  url: string;
  /** The site's llms.txt, which lists every page's copy. */
  llmsUrl: string;
}

export function markdownInput(doc: DocRoute, site: Pick<SiteData, 'url' | 'baseUrl'>): MarkdownInput {
  return {
    title: doc.frontmatter.title,
    description: doc.frontmatter.description,
    url: site.url + withBase(site.baseUrl, doc.route),
    llmsUrl: site.url + withBase(site.baseUrl, '/llms.txt'),
  };
}

/**
 * A doc as plain Markdown: its title, description, canonical URL and where the index of every
 * page is (llms.txt), so a copy read on its own says where it belongs; then its body as the
 * compiler wrote it (CompiledDoc `markdown`, from markdown/remark-markdown-copy.ts).
 */
export function docToMarkdown(doc: MarkdownInput, body: string): string {
  const front = [
    `# ${doc.title}`,
    ...(doc.description ? [`> ${doc.description}`] : []),
    `Canonical URL: ${doc.url}\nIndex of every page, as Markdown (llms.txt): ${doc.llmsUrl}`,
  ];
  return `${front.join('\n\n')}\n\n${body}\n`;
}
