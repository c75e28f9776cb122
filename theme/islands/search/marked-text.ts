import { unescapeText } from '../../shared/escape.ts';

const MARK = /(<mark>|<\/mark>)/;

/**
 * A highlight value (escaped text with <mark> tags, from either backend) as DOM nodes: text
 * nodes and <mark> elements. The text is decoded and set as text, never parsed as HTML, so
 * nothing a document or a query contains can become markup.
 */
export function markedText(html: string): DocumentFragment {
  const out = document.createDocumentFragment();
  let marked = false;
  for (const part of html.split(MARK)) {
    if (part === '<mark>') marked = true;
    else if (part === '</mark>') marked = false;
    else if (part) {
      const text = document.createTextNode(unescapeText(part));
      if (marked) {
        const mark = document.createElement('mark');
        mark.append(text);
        out.append(mark);
      } else out.append(text);
    }
  }
  return out;
}
