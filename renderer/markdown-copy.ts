import type { SiteData } from '../theme/shared/types.ts';
import type { DocRoute } from './routes.ts';
import { withBase } from '../theme/shared/routes.ts';

/** What a doc's Markdown copy is made from (markdown-export.ts `docToMarkdown`): the build and `docs dev` make it alike. */
export interface MarkdownInput {
  title: string;
  description?: string;
  body: string;
  /** The page's canonical URL. */
  url: string;
  /** The site's llms.txt, which lists every page's copy. */
  llmsUrl: string;
}

export function markdownInput(doc: DocRoute, site: Pick<SiteData, 'url' | 'baseUrl'>): MarkdownInput {
  return { title: doc.frontmatter.title, description: doc.frontmatter.description, body: doc.body, url: site.url + withBase(site.baseUrl, doc.route), llmsUrl: site.url + withBase(site.baseUrl, '/llms.txt') };
}
