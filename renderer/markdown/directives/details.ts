import type { RootContent } from 'mdast';
import { element, takeLabel } from './directive-nodes.ts';
import { TEXTS } from '../../../theme/shared/texts/index.ts';
import type { ContainerEntry } from './types.ts';

/** `:::details[Summary]` … `:::`: a collapsible section, closed until the reader opens it. */
export const details: ContainerEntry = {
  names: ['details'],
  kind: 'container',
  render(node) {
    const summary = takeLabel(node) ?? [{ type: 'text', value: TEXTS.detailsSummary }];
    const body = element('div', { className: ['details-content'] }, node.children as RootContent[]);
    node.data = { hName: 'details', hProperties: { className: ['details'] } };
    node.children = [element('summary', {}, summary), body];
  },
  markdown: () => ({ quote: false, title: TEXTS.detailsSummary }),
  search: {
    // The summary is what a reader scans for; the content is indexed as ordinary blocks.
    record: (el, textOf) => (el.tagName === 'summary' ? textOf(el) : undefined),
    blocks: ['details'],
  },
};
