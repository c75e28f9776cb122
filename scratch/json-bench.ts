import fs from 'node:fs'; import path from 'node:path';
import { createHighlighter } from 'shiki';
import { MERGED_THEME, highlightBlock } from '../renderer/markdown/highlight.ts';
import { grammarClosures } from '../renderer/markdown/grammar-closure.ts';
import { LANGUAGES } from '../renderer/markdown/shiki.ts';
const dir = '/tmp/b/ours-1000/docs';
const blocks: string[] = [];
for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) if (f.endsWith('.md')) for (const m of fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/^```json\n([\s\S]*?)^```$/gm)) blocks.push(m[1]);
const { closureOf } = await grammarClosures(LANGUAGES);
console.log('json closure:', closureOf('json').map((r) => r.name).join(','));
for (const mode of [process.argv[2]]) {
  const hl = await createHighlighter({ themes: [MERGED_THEME], langs: [] });
  if (mode === 'closure') await hl.loadLanguage(...closureOf('json')); else await hl.loadLanguage('json');
  for (let r = 0; r < 3; r++) {
    const c0 = process.cpuUsage();
    for (const b of blocks) highlightBlock(hl, b, 'json', new Set());
    const u = process.cpuUsage(c0);
    console.log(mode, blocks.length, 'blocks', ((u.user + u.system) / 1000).toFixed(0), 'ms');
  }
}
