import fs from 'node:fs'; import path from 'node:path';
import { createHighlighter } from 'shiki';
import { MERGED_THEME, highlightBlock } from '../renderer/markdown/highlight.ts';
import { grammarClosures } from '../renderer/markdown/grammar-closure.ts';
import { LANGUAGES, resolveLanguage } from '../renderer/markdown/shiki.ts';
const dir = process.argv[2];
const blocks: [string, string][] = [];
for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) if (f.endsWith('.md')) for (const m of fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)^```$/gm)) { const l = resolveLanguage(m[1]); if (l && l !== 'text') blocks.push([l, m[2]]); }
const { closureOf } = await grammarClosures(LANGUAGES);
const langs = [...new Set(blocks.map((b) => b[0]))];
const mode = process.argv[3];
const hl = await createHighlighter({ themes: [MERGED_THEME], langs: [] });
if (mode === 'closure') await hl.loadLanguage(...new Set(langs.flatMap(closureOf))); else await hl.loadLanguage(...(langs as any));
for (const l of langs) console.log(l, '→', closureOf(l).map((r) => r.name).join(','));
for (let r = 0; r < 2; r++) {
  const per = new Map<string, number>();
  for (const [l, b] of blocks) { const t = performance.now(); highlightBlock(hl, b, l, new Set()); per.set(l, (per.get(l) ?? 0) + performance.now() - t); }
  console.log(mode, 'round', r, [...per].map(([l, t]) => `${l} ${t.toFixed(0)}`).join(' '));
}
