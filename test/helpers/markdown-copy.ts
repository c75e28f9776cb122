import { ProblemList } from '../../renderer/errors.ts';
import type { DocContext } from '../../renderer/markdown/context.ts';
import type { DirectiveRegistry } from '../../renderer/markdown/directives/index.ts';
import { createPipeline } from '../../renderer/markdown/pipeline.ts';
import { resolveRoutes } from '../../renderer/routes.ts';

/** The body of a page's `.md` copy, as the compiler writes it while it compiles the page. */
export async function markdownCopyOf(body: string, options: { directives?: DirectiveRegistry } = {}): Promise<string> {
  const problems = new ProblemList();
  const table = resolveRoutes(
    [{ file: 'content/docs/page.md', relPath: 'page.md', source: `---\ntitle: Page\n---\n${body}` }],
    [],
    problems,
  );
  const doc = table.byId.get('page')!;
  const context: DocContext = {
    doc,
    table,
    problems,
    baseUrl: '/',
    staticDir: '/nonexistent',
    docsDir: '/nonexistent',
    files: new Set(),
    links: [],
    ids: new Set(),
    toc: [],
  };
  await (await createPipeline(options))(doc.body, context);
  return context.markdown!;
}
