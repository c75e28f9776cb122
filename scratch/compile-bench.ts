import { readSite } from '../renderer/load-site.ts';
import { createMarkdownCompiler } from '../renderer/markdown/pipeline.ts';
import { contentHtml } from '../renderer/compile-doc.ts';
import { extractRecords } from '../renderer/search/records.ts';
import { recordSite } from '../renderer/search/site-records.ts';
import { ProblemList } from '../renderer/errors.ts';
const contentDir = process.argv[2] ?? '/tmp/b/ours-1000';
const base = await readSite({ root: process.cwd(), contentDir });
const md = await createMarkdownCompiler({ cli: base.cli });
const docs = base.table.docs;
await md.prepare(docs.map((d) => d.body));
const rs = recordSite(base.site);
const ctx = (doc: any) => ({ doc, table: base.table, problems: new ProblemList(), baseUrl: base.site.baseUrl, staticDir: '', docsDir: '', files: new Set(), links: [], ids: new Set(), toc: [] } as any);
const proc: any = (md as any);
for (let round = 0; round < 3; round++) {
  const t = { all: 0, html: 0, rec: 0 };
  const c0 = process.cpuUsage(); const w0 = performance.now();
  for (const doc of docs) {
    const a = performance.now();
    const context = ctx(doc);
    let hast;
    try { hast = md.toHastSync(doc.body, context); } catch (e) { await md.load([(e as any).lang]); hast = md.toHastSync(doc.body, ctx(doc)); }
    const b = performance.now();
    contentHtml(hast);
    const c = performance.now();
    extractRecords(hast, { route: doc.route, title: doc.frontmatter.title, description: doc.frontmatter.description }, rs);
    const d = performance.now();
    t.all += b - a; t.html += c - b; t.rec += d - c;
  }
  const u = process.cpuUsage(c0);
  console.log(`round ${round}: ${docs.length} docs, wall ${(performance.now() - w0).toFixed(0)} ms, cpu ${((u.user + u.system) / 1000).toFixed(0)} ms; toHast ${t.all.toFixed(0)} toHtml ${t.html.toFixed(0)} records ${t.rec.toFixed(0)}`);
}
