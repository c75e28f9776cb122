import type { Element } from 'hast';
import type { Paragraph, PhrasingContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';

/** Splits off the `[label]` paragraph remark-directive puts first in a container. */
export function takeLabel(node: ContainerDirective): PhrasingContent[] | undefined {
  const first = node.children[0] as Paragraph | undefined;
  if (first?.type === 'paragraph' && (first.data as any)?.directiveLabel) {
    node.children.shift();
    return first.children;
  }
  return undefined;
}

/**
 * An mdast node that remark-rehype turns into `<tag {...props}>children</tag>`: a paragraph
 * because its handler keeps any children and honours `data.hName`.
 */
export function element(tag: string, props: Record<string, unknown>, children: any[]): any {
  return { type: 'paragraph', data: { hName: tag, hProperties: props }, children };
}

/** Whether a hast element carries the class (className is a list, or a string when hand-made). */
export function hasClass(el: Element, name: string): boolean {
  const c = el.properties?.className;
  return Array.isArray(c) ? c.includes(name) : typeof c === 'string' && (c as string).split(/\s+/).includes(name);
}
