import fs from 'node:fs'; import path from 'node:path';
import { createHighlighter } from 'shiki';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { MERGED_THEME, highlightBlock } from '../renderer/markdown/highlight.ts';
import { grammarClosures } from '../renderer/markdown/grammar-closure.ts';
import { LANGUAGES, resolveLanguage } from '../renderer/markdown/shiki.ts';
const engine = process.argv[2];
const dirs = ['content/docs'];
const blocks: [string, string][] = [];
for (const d of dirs) for (const f of fs.readdirSync(d, { recursive: true, encoding: 'utf8' })) {
  if (!f.endsWith('.md')) continue;
  const src = fs.readFileSync(path.join(d, f), 'utf8');
  for (const m of src.matchAll(/^( *)(`{3,})([\w-]+)[^\n]*\n([\s\S]*?)^\1\2\s*$/gm)) {
    const lang = resolveLanguage(m[3]);
    if (lang && lang !== 'text') blocks.push([lang, m[4].split('\n').map((l) => l.slice(m[1].length)).join('\n')]);
  }
}
const c0 = process.cpuUsage(); const w0 = performance.now();
const hl = await createHighlighter({ themes: [MERGED_THEME], langs: [], ...(engine === 'js' ? { engine: createJavaScriptRegexEngine() } : {}) });
const { closureOf } = await grammarClosures(LANGUAGES);
const langs = [...new Set(blocks.map((b) => b[0]))];
await hl.loadLanguage(...new Set(langs.flatMap(closureOf)));
const cpu = () => { const u = process.cpuUsage(c0); return ((u.user + u.system) / 1000).toFixed(0); };
console.log(engine, 'setup cpu', cpu(), 'langs', langs.join(','));
const out: string[] = [];
for (let r = 0; r < 2; r++) {
  const c1 = process.cpuUsage();
  for (const [lang, code] of blocks) { const h = highlightBlock(hl, code, lang, new Set()); if (r === 0) out.push(h); }
  const u = process.cpuUsage(c1);
  console.log(engine, `round ${r}: ${blocks.length} blocks cpu ${((u.user + u.system) / 1000).toFixed(0)} ms`);
}
fs.writeFileSync(`/tmp/prof/hl-${engine}.txt`, out.join('\n=====\n'));
