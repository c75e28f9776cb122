import { linkTarget } from '../../renderer/links.ts';
import type { FoundLink } from '../../renderer/markdown/context.ts';

/**
 * Which docs link to each route: when a save changes a doc's ids (its headings), the links of
 * these docs into its anchors are checked again, and no others.
 */
export class LinkIndex {
  private readonly into = new Map<string, Set<string>>();
  private readonly from = new Map<string, string[]>();

  /** Records the links of the doc at `relPath`, replacing what it linked to before. */
  set(relPath: string, links: FoundLink[]): void {
    this.delete(relPath);
    const routes = [...new Set(links.map(linkTarget))];
    this.from.set(relPath, routes);
    for (const route of routes) {
      let docs = this.into.get(route);
      if (!docs) this.into.set(route, (docs = new Set()));
      docs.add(relPath);
    }
  }

  delete(relPath: string): void {
    for (const route of this.from.get(relPath) ?? []) {
      const docs = this.into.get(route);
      docs?.delete(relPath);
      if (docs?.size === 0) this.into.delete(route);
    }
    this.from.delete(relPath);
  }

  clear(): void {
    this.into.clear();
    this.from.clear();
  }

  /** The docs (by relPath) with a link to `route`. */
  linkingTo(route: string): ReadonlySet<string> {
    return this.into.get(route) ?? new Set();
  }
}
