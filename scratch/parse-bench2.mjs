import fs from 'node:fs'; import path from 'node:path';
import { unified } from 'unified'; import remarkParse from 'remark-parse'; import remarkGfm from 'remark-gfm'; import remarkDirective from 'remark-directive';
const dir = '/tmp/b/ours-1000/docs';
const files = fs.readdirSync(dir, { recursive: true }).filter(f => f.endsWith('.md')).map(f => fs.readFileSync(path.join(dir, f), 'utf8').replace(/^---[\s\S]*?---\n/, ''));
const p = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).freeze();
for (let round = 0; round < 3; round++) {
  const t = performance.now(); const c = process.cpuUsage();
  for (const f of files) p.parse(f);
  const u = process.cpuUsage(c);
  console.log((performance.now() - t).toFixed(0), 'ms wall', ((u.user + u.system) / 1000).toFixed(0), 'ms cpu');
}
