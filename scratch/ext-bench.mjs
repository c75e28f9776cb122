import fs from 'node:fs'; import path from 'node:path';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { directive } from 'micromark-extension-directive';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { directiveFromMarkdown } from 'mdast-util-directive';
const dir = process.argv[2];
const files = fs.readdirSync(dir, { recursive: true }).filter(f => f.endsWith('.md')).map(f => fs.readFileSync(path.join(dir, f), 'utf8').replace(/^---[\s\S]*?---\n/, ''));
const X = { none: [[], []], autolink: [[gfmAutolinkLiteral()], [gfmAutolinkLiteralFromMarkdown()]], footnote: [[gfmFootnote()], [gfmFootnoteFromMarkdown()]], strike: [[gfmStrikethrough()], [gfmStrikethroughFromMarkdown()]], table: [[gfmTable()], [gfmTableFromMarkdown()]], task: [[gfmTaskListItem()], [gfmTaskListItemFromMarkdown()]], directive: [[directive()], [directiveFromMarkdown()]] };
for (let r = 0; r < 3; r++) for (const [k, [e, m]] of Object.entries(X)) {
  const c0 = process.cpuUsage();
  for (const f of files) fromMarkdown(f, { extensions: e, mdastExtensions: m });
  const u = process.cpuUsage(c0);
  if (r > 0) console.log(k.padEnd(10), ((u.user + u.system) / 1000).toFixed(0));
}
