import type { DirectiveRegistry } from '../../renderer/markdown/directives/index.ts';
import { createPipeline } from '../../renderer/markdown/pipeline.ts';
import { pageContext, pageSource } from './page-context.ts';

/** The body of a page's `.md` copy, as the compiler writes it while it compiles the page. */
export async function markdownCopyOf(body: string, options: { directives?: DirectiveRegistry } = {}): Promise<string> {
  const { doc, context } = pageContext({ relPath: 'page.md', source: pageSource(body) });
  await (await createPipeline(options))(doc.body, context);
  return context.markdown!;
}
