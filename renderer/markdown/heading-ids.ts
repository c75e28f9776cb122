/**
 * Custom heading ids: `## Default values {#default-values}` fixes a heading's anchor, and more
 * ids after the first (`{#defaults #default-values}`) are aliases — old anchors that links in the
 * wild still use after the heading was reworded. The same pattern serves the Markdown export,
 * which drops the braces.
 */
export const HEADING_IDS = /[ \t]+\{[ \t]*(#[A-Za-z0-9][\w.-]*(?:[ \t]+#[A-Za-z0-9][\w.-]*)*)[ \t]*\}[ \t]*$/;

/** The ids in a trailing `{#…}` of a heading's text, or undefined when it has none. */
export function parseHeadingIds(text: string): { text: string; ids: string[] } | undefined {
  const m = HEADING_IDS.exec(text);
  if (!m) return undefined;
  return { text: text.slice(0, m.index), ids: m[1].split(/[ \t]+/).map((id) => id.slice(1)) };
}

/** A Markdown heading line without its `{#…}`: what the `.md` copy of a page shows. */
export function stripHeadingIds(line: string): string {
  return /^ {0,3}#{1,6}[ \t]/.test(line) ? line.replace(HEADING_IDS, '') : line;
}
