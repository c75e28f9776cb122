import type { Root, Code } from 'mdast';
import type { Highlighter } from 'shiki';
import { TEXTS } from '../../theme/shared/texts/index.ts';
import { walk } from './walk.ts';
import type { VFile } from 'vfile';
import type { Node } from 'unist';
import { ctx, report } from './context.ts';
import { usableLinks, type CodeLink, type CodeLinker } from './code-links.ts';
import { hoverBlockKey, type HoverTable } from './code-hovers.ts';
import { withBase } from '../../theme/shared/routes.ts';
import { parseCodeMeta } from './code-meta.ts';
import { highlightToHtml, type LinkedRange } from './highlight.ts';
import { assertLoaded, knownLanguageNames, resolveLanguage } from './shiki.ts';
import { DiagramError, isDiagramLanguage, renderDiagram } from './mermaid.ts';

/**
 * Highlights fenced code at build time (never in the browser), for light and dark at once
 * (highlight.ts: one class per token, the stylesheet colours it per mode). Adds the optional
 * title and highlighted lines, and the site's links from names in the code (`linker`, code-links.ts),
 * which the link check then checks like any other link of the page, and what names are on hover
 * and focus (`hovers`, code-hovers.ts: looked up by block, computed before the compile).
 */
export default function remarkCode(options: { highlighter: Highlighter; linker?: CodeLinker; hovers?: HoverTable }) {
  return (tree: Root, file: VFile) => {
    let diagrams = 0;
    let blocks = 0;
    walk<Code>(tree, 'code', (node) => {
      const langName = node.lang ?? 'text';
      if (isDiagramLanguage(langName)) {
        diagramBlock(node, file, ++diagrams);
        return;
      }
      const lang = resolveLanguage(langName);
      if (!lang) {
        report(file, node, `unknown code language "${langName}"`, `Use one of: ${knownLanguageNames().join(', ')}.`);
      }
      if (lang) assertLoaded(options.highlighter, lang);
      const meta = parseCodeMeta(node.meta);
      // Raw hast: the highlighter writes the <pre> as HTML (see highlight.ts). Only this plugin
      // makes raw nodes; raw HTML in Markdown is dropped by remark-rehype before serialising.
      const links = linksOf(node, langName, lang ?? 'text', file, options.linker);
      const ranges = options.hovers
        ? withHovers(
            node.value,
            links,
            options.hovers.get(hoverBlockKey({ lang: langName, meta: node.meta ?? '', code: node.value })),
            ++blocks,
          )
        : links;
      const pre = {
        type: 'raw',
        value: highlightToHtml(options.highlighter, node.value, lang ?? 'text', meta.highlight, ranges),
      };
      const children: any[] = [];
      if (meta.title) {
        children.push({
          type: 'element',
          tagName: 'div',
          properties: { className: ['code-title'] },
          children: [{ type: 'text', value: meta.title }],
        });
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

/** The linker's links of a block, as hrefs, each recorded for the link check at its line. */
function linksOf(node: Code, langName: string, grammar: string, file: VFile, linker: CodeLinker | undefined) {
  if (!linker) return [];
  const c = ctx(file);
  const fenceLine = node.position ? node.position.start.line + c.doc.bodyLine - 1 : undefined;
  let links: CodeLink[];
  try {
    links = linker.links({ lang: langName, grammar, meta: node.meta ?? '', code: node.value });
  } catch (error) {
    // The site's code failed on this block: say which, and leave the block unlinked.
    report(
      file,
      node,
      `codeLinks failed on this code block: ${(error as Error)?.message ?? error}`,
      'Fix the plugin that links code samples (its codeLinks hook; or mark the block no-audit if it skips such blocks).',
    );
    return [];
  }
  return usableLinks(node.value, links).map((link) => {
    const line =
      fenceLine === undefined ? undefined : fenceLine + 1 + (node.value.slice(0, link.start).match(/\n/g)?.length ?? 0);
    c.links.push({
      route: link.route,
      anchor: link.anchor,
      line,
      column: link.start - node.value.lastIndexOf('\n', link.start - 1),
    });
    return {
      start: link.start,
      end: link.end,
      href: withBase(c.baseUrl, link.route) + (link.anchor ? `#${encodeURIComponent(link.anchor)}` : ''),
    };
  });
}

/**
 * The block's links with its hovers added: a hover on exactly a link's name goes on the link,
 * one that would cut through a link or another hover (or span lines) is left out. Ids are
 * `ty<block>-<n>`, unique in the page.
 */
function withHovers(
  code: string,
  links: LinkedRange[],
  hovers: { start: number; end: number; text: string }[] | undefined,
  block: number,
): LinkedRange[] {
  if (!hovers?.length) return links;
  const ranges = links.map((l) => ({ ...l }));
  const exact = new Map(ranges.map((r) => [`${r.start}-${r.end}`, r]));
  const taken = (start: number, end: number) => ranges.some((r) => start < r.end && r.start < end);
  let n = 0;
  for (const h of [...hovers].sort((a, b) => a.start - b.start)) {
    if (h.start < 0 || h.end <= h.start || h.end > code.length || code.slice(h.start, h.end).includes('\n')) continue;
    const hover = { id: `ty${block}-${++n}`, text: h.text };
    const link = exact.get(`${h.start}-${h.end}`);
    if (link) link.hover ??= hover;
    else if (!taken(h.start, h.end)) ranges.push({ start: h.start, end: h.end, hover });
  }
  return ranges.sort((a, b) => a.start - b.start);
}

/** Where a problem inside a fence is: its `line` (1-based in the content) or the fence itself. */
const at = (node: Code, line?: number): Node =>
  line && node.position
    ? {
        type: 'code',
        position: {
          start: { line: node.position.start.line + line, column: 1 },
          end: { line: node.position.start.line + line, column: 1 },
        },
      }
    : node;

/**
 * A diagram fence → `<figure class="diagram">` holding the inline SVG (mermaid.ts), drawn at
 * build time. Problems (no title, a diagram the renderer refuses) are reported at the fence and
 * the fence is left as plain code, so the page still renders in `docs dev`.
 */
function diagramBlock(node: Code, file: VFile, index: number): void {
  const meta = parseCodeMeta(node.meta);
  let svg: string | undefined;
  if (!meta.title?.trim()) {
    report(
      file,
      node,
      'a mermaid diagram needs a title',
      'Add title="…" after ```mermaid: it names the diagram for screen readers (e.g. ```mermaid title="How a request reaches the engine").',
    );
  } else {
    try {
      svg = renderDiagram(node.value, meta.title.trim(), `mermaid-${index}-`);
    } catch (error) {
      if (!(error instanceof DiagramError)) throw error;
      const hint = /subgraph is drawn empty/.test(error.message)
        ? 'Declare the nodes inside `subgraph … end` (e.g. `A[Engine]`) and link them after it.'
        : 'Check the Mermaid syntax; flowchart, sequenceDiagram, stateDiagram-v2, classDiagram and erDiagram are supported.';
      report(file, at(node, error.line), `invalid mermaid diagram: ${error.message}`, hint);
    }
  }
  if (!svg) return;
  Object.assign(node, {
    type: 'diagram',
    data: {
      hName: 'figure',
      hProperties: { className: ['diagram'], tabIndex: 0 },
      hChildren: [{ type: 'raw', value: svg }],
    },
  });
  delete (node as any).value;
  delete (node as any).lang;
  delete (node as any).meta;
}
