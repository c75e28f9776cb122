import type { Blockquote, Paragraph, Root, RootContent, Text } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Parent } from 'unist';
import { ALERT_MARKER, alertKind, DIRECTIVES, type DirectiveRegistry } from './directives/index.ts';
import { walk } from './walk.ts';

/**
 * The admonition kind of a GitHub alert, and the quote's children without the marker; undefined
 * when the quote is not an alert: its first line is not `[!KIND]` alone, the word is not one of
 * GitHub's five, or nothing follows the marker.
 */
export function readAlert(quote: Blockquote): { kind: string; children: Blockquote['children'] } | undefined {
  const first = quote.children[0];
  if (first?.type !== 'paragraph') return undefined;
  const text = first.children[0];
  if (text?.type !== 'text') return undefined;
  const newline = text.value.indexOf('\n');
  const line = newline < 0 ? text.value : text.value.slice(0, newline);
  const marker = ALERT_MARKER.exec(line);
  const kind = marker && alertKind(marker[1]);
  if (!kind) return undefined;
  const next = first.children[1];
  let rest: Paragraph['children'];
  if (newline >= 0) rest = [{ ...text, value: text.value.slice(newline + 1) } as Text, ...first.children.slice(1)];
  else if (next === undefined) rest = [];
  // `[!NOTE]` then a hard break (two trailing spaces or a backslash): the line ends there too.
  else if (next.type === 'break') rest = first.children.slice(2);
  // Anything else on the marker's line: GitHub shows a quote, and so do we.
  else return undefined;
  const children = rest.length
    ? [{ ...first, children: rest } as Paragraph, ...quote.children.slice(1)]
    : quote.children.slice(1);
  return children.length ? { kind, children } : undefined;
}

/**
 * GitHub alerts (`> [!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]`, `[!CAUTION]`) become the
 * container directive of the same admonition, so the directive registry renders them and search
 * records them exactly as `:::note` … `:::`. Runs before remark-directives.
 */
export default function remarkAlerts(options: { directives?: DirectiveRegistry } = {}) {
  const registry = options.directives ?? DIRECTIVES;
  return (tree: Root) => {
    walk<Blockquote>(tree, 'blockquote', (quote, index, parent) => {
      const alert = readAlert(quote);
      if (!alert || !registry.get('container', alert.kind)) return;
      const directive: ContainerDirective = {
        type: 'containerDirective',
        name: alert.kind,
        attributes: {},
        children: alert.children as ContainerDirective['children'],
        position: quote.position,
      };
      ((parent as Parent).children as RootContent[])[index!] = directive;
      // Alerts nested inside are found when the walk enters the directive.
      return index!;
    });
  };
}
