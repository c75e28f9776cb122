import type { Paragraph } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import { element, hasClass, takeLabel } from './directive-nodes.ts';
import { TEXTS } from '../../../theme/shared/texts/index.ts';
import type { ContainerEntry } from './types.ts';

/**
 * `::::tabs{group=sdk}` holding `:::tab[Label]` containers. Tabs with the same group switch
 * together on the page (theme/client), so the label is the value the client matches on.
 */
export const tabs: ContainerEntry = {
  names: ['tabs'],
  kind: 'container',
  render(node, context) {
    const panels = node.children.filter(
      (c): c is ContainerDirective => c.type === 'containerDirective' && c.name === 'tab',
    );
    if (panels.length !== node.children.length || panels.length === 0) {
      context.report(
        node,
        'a ::::tabs container may only hold :::tab containers',
        'Put each block inside :::tab[Label] … ::: and give ::::tabs more colons than its tabs.',
      );
    }
    const group = node.attributes?.group ?? '';
    const n = context.sequence('tabs');
    const buttons = panels.map((tab, i) => {
      const label = takeLabel(tab);
      const text = label ? toString({ type: 'paragraph', children: label } as Paragraph) : TEXTS.tabFallback(i + 1);
      tab.data = {
        hName: 'div',
        hProperties: {
          role: 'tabpanel',
          id: `tabs-${n}-panel-${i}`,
          'aria-labelledby': `tabs-${n}-tab-${i}`,
          'data-value': text,
          tabIndex: 0,
          'data-inactive': i > 0 ? '' : undefined,
        },
      };
      return element(
        'button',
        {
          type: 'button',
          role: 'tab',
          id: `tabs-${n}-tab-${i}`,
          'aria-controls': `tabs-${n}-panel-${i}`,
          'aria-selected': i === 0 ? 'true' : 'false',
          tabIndex: i === 0 ? 0 : -1,
          'data-value': text,
        },
        label ?? [{ type: 'text', value: text }],
      );
    });
    node.data = { hName: 'div', hProperties: { className: ['tabs'], 'data-group': group || undefined } };
    node.children = [element('div', { role: 'tablist', className: ['tabs-list'] }, buttons), ...panels];
  },
  markdown: () => ({ quote: false }),
  search: {
    // The buttons repeat the panels' labels: noise in every record around them.
    hidden: (el) => hasClass(el, 'tabs-list'),
  },
};

/** One panel of a tabs container, which lays it out; alone it is a mistake. */
export const tab: ContainerEntry = {
  names: ['tab'],
  kind: 'container',
  render(node, context) {
    if (node.data?.hName) return;
    context.report(node, ':::tab outside a ::::tabs container', 'Wrap the tabs in ::::tabs … :::: (four colons).');
  },
  markdown: () => ({ quote: false }),
};
