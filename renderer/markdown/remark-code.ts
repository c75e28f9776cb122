import type { Root, Code } from 'mdast';
import type { Highlighter } from 'shiki';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';
import { report } from './context.ts';
import { parseCodeMeta } from './code-meta.ts';
import { knownLanguageNames, resolveLanguage, THEMES } from './shiki.ts';

/**
 * Highlights fenced code at build time (never in the browser), in light and dark at once: shiki
 * writes both colours, CSS picks one. Adds the optional title and highlighted lines.
 */
export default function remarkCode(options: { highlighter: Highlighter }) {
  return (tree: Root, file: VFile) => {
    visit(tree, 'code', (node: Code) => {
      const langName = node.lang ?? 'text';
      const lang = resolveLanguage(langName);
      if (!lang) {
        report(file, node, `unknown code language "${langName}"`, `Use one of: ${knownLanguageNames().join(', ')}.`);
      }
      const meta = parseCodeMeta(node.meta);
      const hast = options.highlighter.codeToHast(node.value, {
        lang: lang ?? 'text',
        themes: THEMES,
        defaultColor: 'light',
        transformers: [
          {
            line(line, n) {
              if (meta.highlight.has(n)) this.addClassToHast(line, 'highlighted');
            },
          },
        ],
      });
      const pre = hast.children[0] as any;
      const children: any[] = [];
      if (meta.title) {
        children.push({ type: 'element', tagName: 'div', properties: { className: ['code-title'] }, children: [{ type: 'text', value: meta.title }] });
      }
      children.push(pre);
      children.push({
        type: 'element',
        tagName: 'button',
        properties: { type: 'button', className: ['copy-button'], 'aria-label': 'Copy code to clipboard' },
        children: [{ type: 'text', value: 'Copy' }],
      });
      const replacement = {
        type: 'code-block',
        position: node.position,
        data: { hName: 'div', hProperties: { className: ['code-block'], 'data-lang': langName }, hChildren: children },
      };
      Object.assign(node, replacement);
      delete (node as any).value;
      delete (node as any).lang;
      delete (node as any).meta;
    });
  };
}
