import { ProblemList } from '../../renderer/errors.ts';
import type { DocContext } from '../../renderer/markdown/context.ts';
import { resolveRoutes } from '../../renderer/routes.ts';

export interface TestPage {
  /** Path under content/docs, e.g. `guide/page.md`. */
  relPath: string;
  source: string;
}

/** Frontmatter titled `title`, then `body`: three lines, so body line n is file line n + 3. */
export const pageSource = (body: string, title = 'Page') => `---\ntitle: ${title}\n---\n${body}`;

/**
 * `page` and `others` resolved as one site, and the context the build compiles `page`'s body in
 * (compile-doc.ts), with no static or docs folder on disk.
 */
export function pageContext(page: TestPage, { baseUrl = '/', others = [] as TestPage[] } = {}) {
  const problems = new ProblemList();
  const table = resolveRoutes(
    [page, ...others].map((d) => ({ ...d, file: `content/docs/${d.relPath}` })),
    [],
    problems,
  );
  const doc = table.byRelPath.get(page.relPath)!;
  const context: DocContext = {
    doc,
    table,
    problems,
    baseUrl,
    staticDir: '/nonexistent',
    docsDir: '/nonexistent',
    files: new Set(),
    links: [],
    ids: new Set(),
    toc: [],
  };
  return { problems, table, doc, context };
}
