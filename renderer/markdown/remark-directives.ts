import type { Root, Paragraph, PhrasingContent, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import { SKIP, walk } from './walk.ts';
import type { VFile } from 'vfile';
import { report } from './context.ts';
import { TEXTS } from '../../theme/shared/texts.ts';

const ADMONITIONS: Record<string, string> = TEXTS.admonitions;
const KNOWN = ['details', 'tabs', 'tab', ...Object.keys(ADMONITIONS)].join(', ');

/** Splits off the `[label]` paragraph remark-directive puts first in a container. */
function takeLabel(node: ContainerDirective): PhrasingContent[] | undefined {
  const first = node.children[0] as Paragraph | undefined;
  if (first?.type === 'paragraph' && (first.data as any)?.directiveLabel) {
    node.children.shift();
    return first.children;
  }
  return undefined;
}

function el(tag: string, props: Record<string, unknown>, children: any[], position?: any): any {
  return { type: 'paragraph', data: { hName: tag, hProperties: props }, children, position };
}

/**
 * Admonitions (`:::note[Title]`), collapsible sections (`:::details[Summary]`) and synced tabs
 * (`::::tabs{group=sdk}` with `:::tab[Label]`). Unknown container or leaf directives are errors;
 * text directives are put back as text, since `a:b` in prose is not meant as a directive.
 */
export default function remarkDirectives() {
  return (tree: Root, file: VFile) => {
    let tabsOnPage = 0;
    walk(tree, undefined, (node, index, parent) => {
      if (node.type === 'textDirective') {
        const d = node as TextDirective;
        const text = `:${d.name}${d.children.length ? `[${toString(d)}]` : ''}`;
        (parent as Root).children.splice(index!, 1, { type: 'text', value: text, position: d.position } as any);
        return SKIP;
      }
      if (node.type === 'leafDirective') {
        const d = node as LeafDirective;
        report(file, d, `unknown directive "::${d.name}"`, 'Known leaf directives: ::cli-reference (on the CLI page).');
        (parent as Root).children.splice(index!, 1);
        return [SKIP, index!];
      }
      if (node.type !== 'containerDirective') return;
      const d = node as ContainerDirective;
      if (d.name in ADMONITIONS) {
        const label = takeLabel(d);
        d.data = { hName: 'aside', hProperties: { className: ['admonition', `admonition-${d.name}`], 'aria-label': ADMONITIONS[d.name] } };
        const title = el('p', { className: ['admonition-title'] }, label ?? [{ type: 'text', value: ADMONITIONS[d.name] }]);
        d.children.unshift(title);
        return;
      }
      if (d.name === 'details') {
        const label = takeLabel(d) ?? [{ type: 'text', value: 'Details' }];
        const body = el('div', { className: ['details-content'] }, d.children as RootContent[]);
        d.data = { hName: 'details', hProperties: { className: ['details'] } };
        d.children = [el('summary', {}, label), body] as any;
        return;
      }
      if (d.name === 'tabs') {
        const tabs = d.children.filter((c): c is ContainerDirective => c.type === 'containerDirective' && c.name === 'tab');
        if (tabs.length !== d.children.length || tabs.length === 0) {
          report(file, d, 'a ::::tabs container may only hold :::tab containers', 'Put each block inside :::tab[Label] … ::: and give ::::tabs more colons than its tabs.');
        }
        const group = d.attributes?.group ?? '';
        const n = tabsOnPage++;
        const buttons = tabs.map((tab, i) => {
          const label = takeLabel(tab);
          const text = label ? toString({ type: 'paragraph', children: label } as Paragraph) : `Tab ${i + 1}`;
          tab.data = {
            hName: 'div',
            hProperties: { role: 'tabpanel', id: `tabs-${n}-panel-${i}`, 'aria-labelledby': `tabs-${n}-tab-${i}`, 'data-value': text, tabIndex: 0, 'data-inactive': i > 0 ? '' : undefined },
          };
          return el(
            'button',
            { type: 'button', role: 'tab', id: `tabs-${n}-tab-${i}`, 'aria-controls': `tabs-${n}-panel-${i}`, 'aria-selected': i === 0 ? 'true' : 'false', tabIndex: i === 0 ? 0 : -1, 'data-value': text },
            label ?? [{ type: 'text', value: text }],
          );
        });
        d.data = { hName: 'div', hProperties: { className: ['tabs'], 'data-group': group || undefined } };
        d.children = [el('div', { role: 'tablist', className: ['tabs-list'] }, buttons), ...tabs] as any;
        return;
      }
      if (d.name === 'tab') {
        if (d.data?.hName) return; // already laid out by its tabs container
        report(file, d, ':::tab outside a ::::tabs container', 'Wrap the tabs in ::::tabs … :::: (four colons).');
        return;
      }
      report(file, d, `unknown directive ":::${d.name}"`, `Known container directives: ${KNOWN}.`);
    });
  };
}
