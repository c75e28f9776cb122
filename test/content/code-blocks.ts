import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';

/** A fenced code block found in a content file, with the line its code starts on. */
export interface CodeBlock {
  file: string;
  line: number;
  lang: string;
  meta: string;
  code: string;
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)\s*(.*)$/;

/** A line of a content file outside every fenced code block. */
export interface ProseLine {
  file: string;
  line: number;
  text: string;
}

/**
 * Every fenced code block of every Markdown file under `root` (nested fences included), and every
 * line outside them, from one reading of the files.
 */
export function scanMarkdown(root: string): { blocks: CodeBlock[]; prose: ProseLine[] } {
  const blocks: CodeBlock[] = [];
  const prose: ProseLine[] = [];
  for (const file of fg.sync('**/*.md', { cwd: root, absolute: true }).sort()) {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const rel = path.relative(process.cwd(), file);
    for (let i = 0; i < lines.length; i++) {
      const open = FENCE.exec(lines[i]);
      if (!open) {
        prose.push({ file: rel, line: i + 1, text: lines[i] });
        continue;
      }
      const [, indent, fence, lang, meta] = open;
      const body: string[] = [];
      let j = i + 1;
      for (; j < lines.length; j++) {
        const trimmed = lines[j].trim();
        if (trimmed.startsWith(fence[0].repeat(fence.length)) && /^[`~]+$/.test(trimmed)) break;
        body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
      }
      blocks.push({ file: rel, line: i + 2, lang, meta, code: body.join('\n') });
      i = j;
    }
  }
  return { blocks, prose };
}

/** Every fenced code block of every Markdown file under `root` (nested fences included). */
export function collectCodeBlocks(root: string): CodeBlock[] {
  return scanMarkdown(root).blocks;
}
