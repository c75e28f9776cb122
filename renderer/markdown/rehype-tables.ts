import type { Element, Root } from 'hast';
import { walk } from './walk.ts';

/**
 * Every table takes keyboard focus (`tabindex="0"`). A table wider than the page scrolls sideways
 * (`.markdown table` has `overflow-x: auto`: SDK reference tables at phone width), and only a
 * focusable one can be scrolled from the keyboard (axe: scrollable-region-focusable). Whether it
 * overflows depends on the reader's screen, so all get it; done here, it costs the page no script.
 */
export default function rehypeTables() {
  return (tree: Root) => {
    walk<Element>(tree, 'element', (node) => {
      if (node.tagName === 'table') node.properties.tabIndex = 0;
    });
  };
}
