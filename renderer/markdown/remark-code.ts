import type { Root, Code } from 'mdast';
import type { Highlighter } from 'shiki';
import { TEXTS } from '../../theme/shared/texts.ts';
import { walk } from './walk.ts';
import type { VFile } from 'vfile';
import { report } from './context.ts';
import { parseCodeMeta } from './code-meta.ts';
import { highlightToHtml } from './highlight.ts';
import { assertLoaded, knownLanguageNames, resolveLanguage } from './shiki.ts';

/**
 * Highlights fenced code at build time (never in the browser), for light and dark at once
 * (highlight.ts: one class per token, the stylesheet colours it per mode). Adds the optional
 * title and highlighted lines.
 */
export default function remarkCode(options: { highlighter: Highlighter }) {
  return (tree: Root, file: VFile) => {
    walk<Code>(tree, 'code', (node) => {
      const langName = node.lang ?? 'text';
      const lang = resolveLanguage(langName);
      if (!lang) {
        report(file, node, `unknown code language "${langName}"`, `Use one of: ${knownLanguageNames().join(', ')}.`);
      }
      if (lang) assertLoaded(options.highlighter, lang);
      const meta = parseCodeMeta(node.meta);
      // Raw hast: the highlighter writes the <pre> as HTML (see highlight.ts). Only this plugin
      // makes raw nodes; raw HTML in Markdown is dropped by remark-rehype before serialising.
      const pre = { type: 'raw', value: highlightToHtml(options.highlighter, node.value, lang ?? 'text', meta.highlight) };
      const children: any[] = [];
      if (meta.title) {
        children.push({ type: 'element', tagName: 'div', properties: { className: ['code-title'] }, children: [{ type: 'text', value: meta.title }] });
      }
      children.push(pre);
      children.push({
        type: 'element',
        tagName: 'button',
        properties: { type: 'button', className: ['copy-button'], 'aria-label': TEXTS.copyCode },
        children: [{ type: 'text', value: TEXTS.copy }],
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
