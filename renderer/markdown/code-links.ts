/**
 * The seam through which a site links names in its code samples to its own pages (an API
 * reference, say), at build time: a plugin's `codeLinks` hook (renderer/plugins/types.ts) is a
 * `CodeLinksModule`. The engine highlights each block, asks the linker which ranges of its text
 * link where, wraps those characters in `<a>` and checks every such link with the page's other
 * links.
 */
export interface CodeBlockInfo {
  /** The fence's language as written (`shell`, `golang`) … */
  lang: string;
  /** … and the highlighter's (`bash`, `go`; `text` when none). */
  grammar: string;
  meta: string;
  code: string;
}

/** `code.slice(start, end)` links to `route` (a route of the site, no base URL) and `anchor`. */
export interface CodeLink {
  start: number;
  end: number;
  route: string;
  anchor?: string;
}

export interface CodeLinker {
  links(block: CodeBlockInfo): CodeLink[];
}

export interface CodeLinksModule {
  /**
   * What the links depend on besides the block and the routes (the linker's code, its data): a
   * change starts a new compile cache, as an engine change does.
   */
  key(): string;
  create(site: { hasRoute(route: string): boolean }): CodeLinker | Promise<CodeLinker>;
}

/**
 * Links sorted, inside one line each and not overlapping: what highlight.ts can wrap. A linker's
 * range that breaks these rules is dropped (it would cut through the markup).
 */
export function usableLinks(code: string, links: CodeLink[]): CodeLink[] {
  const sorted = [...links].sort((a, b) => a.start - b.start);
  const out: CodeLink[] = [];
  for (const link of sorted) {
    const previous = out[out.length - 1];
    if (link.start < 0 || link.end <= link.start || link.end > code.length) continue;
    if (code.slice(link.start, link.end).includes('\n')) continue;
    if (previous && link.start < previous.end) continue;
    out.push(link);
  }
  return out;
}
