import type { Element } from 'hast';
import { TEXTS } from '../../../theme/shared/texts/index.ts';
import { element, hasClass, takeLabel } from './directive-nodes.ts';
import type { ContainerEntry } from './types.ts';

/** The admonition kinds, in the order the unknown-directive hint lists them. */
export const ADMONITION_KINDS = ['note', 'tip', 'info', 'important', 'warning', 'caution', 'danger'] as const;
export type AdmonitionKind = (typeof ADMONITION_KINDS)[number];

// Read at each use: the dictionary is the site's locale's. Typed so that a kind added above
// without a title in TEXTS fails the typecheck.
const titles = (): Record<AdmonitionKind, string> => TEXTS.admonitions;
const titleOf = (name: string) => titles()[name as AdmonitionKind];

/** Default titles carry no meaning of their own; custom titles are indexed. */
const isDefaultTitle = (text: string) => ADMONITION_KINDS.some((kind) => titles()[kind] === text);

/**
 * GitHub's alerts (`> [!NOTE]` on the first line of a quote) and the admonition each renders as.
 * GitHub reads the marker in any case; anything else in brackets stays a quote.
 */
export const GITHUB_ALERTS: Readonly<Record<string, AdmonitionKind>> = {
  note: 'note',
  tip: 'tip',
  important: 'important',
  warning: 'warning',
  caution: 'caution',
};

/** The admonition kind of an alert marker (`NOTE`, `note`), or undefined for any other word. */
export function alertKind(marker: string): AdmonitionKind | undefined {
  const key = marker.toLowerCase();
  return Object.hasOwn(GITHUB_ALERTS, key) ? GITHUB_ALERTS[key] : undefined;
}

/** `[!NOTE]` alone on a line (trailing blanks allowed): the marker's word. */
export const ALERT_MARKER = /^\[!([A-Za-z]+)\][ \t]*$/;

const isTitle = (el: Element) => el.tagName === 'p' && hasClass(el, 'admonition-title');

/**
 * `:::note[Title]` … `:::`: a note titled with the label or the kind's default title. Not an
 * `aside`: that is a landmark, and a page with two warnings would have two landmarks of one name.
 */
export const admonitions: ContainerEntry = {
  names: ADMONITION_KINDS,
  kind: 'container',
  render(node) {
    const label = takeLabel(node);
    const title = titleOf(node.name);
    node.data = {
      hName: 'div',
      hProperties: { className: ['admonition', `admonition-${node.name}`], role: 'note', 'aria-label': title },
    };
    node.children.unshift(element('p', { className: ['admonition-title'] }, label ?? [{ type: 'text', value: title }]));
  },
  markdown: (name) => ({ quote: true, title: titleOf(name) }),
  search: {
    record: (el, textOf) => (isTitle(el) && isDefaultTitle(textOf(el)) ? null : undefined),
  },
};
