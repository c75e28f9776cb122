import { readSite } from '../renderer/load-site.ts';
import { createMarkdownCompiler } from '../renderer/markdown/pipeline.ts';
import { contentHtml } from '../renderer/compile-doc.ts';
import { extractRecords } from '../renderer/search/records.ts';
import { recordSite } from '../renderer/search/site-records.ts';
import { ProblemList } from '../renderer/errors.ts';
const contentDir = process.argv[2];
const base = await readSite({ root: process.cwd(), contentDir });
const rs = recordSite(base.site);
const ctx = (doc: any) => ({ doc, table: base.table, problems: new ProblemList(), baseUrl: base.site.baseUrl, staticDir: '', docsDir: '', files: new Set(), links: [], ids: new Set(), toc: [] } as any);
const c0 = process.cpuUsage(); const w0 = performance.now();
const md = await createMarkdownCompiler({ cli: base.cli });
await md.prepare(base.table.docs.map((d) => d.body));
let u = process.cpuUsage(c0);
console.log(`setup+prepare cpu ${((u.user + u.system) / 1000).toFixed(0)} ms`);
const per: [number, string][] = [];
for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++) {
  const c0 = process.cpuUsage(); const w0 = performance.now();
  for (const doc of base.table.docs) {
    const a = performance.now();
    let hast;
    for (;;) { try { hast = md.toHastSync(doc.body, ctx(doc)); break; } catch (e: any) { if (!e.lang) throw e; console.log('GrammarNotLoaded', e.lang, doc.doc.relPath); await md.load([e.lang]); } }
    contentHtml(hast);
    extractRecords(hast, { route: doc.route, title: doc.frontmatter.title, description: doc.frontmatter.description }, rs);
    if (round === 0) per.push([performance.now() - a, doc.doc.relPath + ' ' + doc.body.length]);
  }
  const u = process.cpuUsage(c0);
  console.log(`round ${round}: ${base.table.docs.length} docs, wall ${(performance.now() - w0).toFixed(0)} ms, cpu ${((u.user + u.system) / 1000).toFixed(0)} ms`);
}
per.sort((a, b) => b[0] - a[0]);
console.log(per.slice(0, 15).map(([t, n]) => `${t.toFixed(0)} ms ${n}`).join('\n'));
