import { readSite } from '../renderer/load-site.ts';
import { createMarkdownCompiler } from '../renderer/markdown/pipeline.ts';
import { contentHtml } from '../renderer/compile-doc.ts';
import { ProblemList } from '../renderer/errors.ts';
const base = await readSite({ root: process.cwd(), contentDir: process.argv[2] });
const ctx = (doc: any) => ({ doc, table: base.table, problems: new ProblemList(), baseUrl: base.site.baseUrl, staticDir: '', docsDir: '', files: new Set(), links: [], ids: new Set(), toc: [] } as any);
const md = await createMarkdownCompiler({ cli: base.cli });
await md.prepare(base.table.docs.map((d) => d.body));
const order = process.env.ORDER === 'gen-first' ? [...base.table.docs].sort((a, b) => Number(!!b.doc.generated) - Number(!!a.doc.generated)) : base.table.docs;
for (let round = 0; round < 2; round++) {
  const t = { gen: 0, hand: 0 };
  for (const doc of order) {
    const a = performance.now();
    contentHtml(md.toHastSync(doc.body, ctx(doc)));
    t[doc.doc.generated ? 'gen' : 'hand'] += performance.now() - a;
  }
  console.log(`round ${round}: generated ${t.gen.toFixed(0)} ms, hand-written ${t.hand.toFixed(0)} ms`);
}
