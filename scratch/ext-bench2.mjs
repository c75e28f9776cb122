import fs from 'node:fs'; import path from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfm } from 'micromark-extension-gfm';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { directive } from 'micromark-extension-directive';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { isDeepStrictEqual } from 'node:util';
const dir = process.argv[2];
const files = fs.readdirSync(dir, { recursive: true }).filter(f => f.endsWith('.md')).map(f => fs.readFileSync(path.join(dir, f), 'utf8').replace(/^---[\s\S]*?---\n/, ''));
function withoutEmail(ext) {
  const text = {};
  for (const [k, v] of Object.entries(ext.text ?? {})) {
    const list = (Array.isArray(v) ? v : [v]).filter((c) => c.name !== 'emailAutolink');
    if (list.length) text[k] = list;
  }
  return { ...ext, text };
}
const full = gfm();
const lean = withoutEmail(full);
const m = [gfmFromMarkdown(), directiveFromMarkdown()];
console.log('files', files.length, 'with @', files.filter(f => f.includes('@')).length);
let diff = 0;
for (const f of files) if (!f.includes('@')) { if (!isDeepStrictEqual(fromMarkdown(f, { extensions: [full, directive()], mdastExtensions: m }), fromMarkdown(f, { extensions: [lean, directive()], mdastExtensions: m }))) diff++; }
console.log('differences', diff);
for (let r = 0; r < 4; r++) for (const [k, e] of Object.entries({ full, lean })) {
  const c0 = process.cpuUsage();
  for (const f of files) fromMarkdown(f, { extensions: [e, directive()], mdastExtensions: m });
  const u = process.cpuUsage(c0);
  if (r > 0) console.log(k.padEnd(10), ((u.user + u.system) / 1000).toFixed(0));
}
