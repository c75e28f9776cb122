/**
 * HTML (and XML) escaping, for text written into markup by hand rather than through React or
 * hast-util-to-html. Element content needs `& < >`; attribute values also `"` (always double-quoted
 * here). Quotes stay as they are in content, so text read back (search snippets) is unchanged.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Escapes text for element content. */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => ESCAPES[c]);
}

/** Escapes text for a double-quoted attribute value (or content: it is safe there too). */
export function escapeAttribute(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ESCAPES[c]);
}

/** Reverses {@link escapeText}. */
export function unescapeText(html: string): string {
  return html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
