import fs from 'node:fs';
import path from 'node:path';
import { BuildError } from '../errors.ts';
import { importFresh } from '../import-fresh.ts';

/**
 * The seam through which a site links names in its code samples to its own pages (an API
 * reference, say), at build time: `codeLinks` in site.config.ts names a module, relative to the
 * content folder, whose default export is a `CodeLinksModule`. The engine highlights each block,
 * asks the linker which ranges of its text link where, wraps those characters in `<a>` and checks
 * every such link with the page's other links. A module, not a function in the config: the
 * compile worker thread loads it too.
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

const loaded = new Map<string, Promise<CodeLinksModule>>();

/** The module `file` (absolute) exports, loaded once per thread (restart `docs dev` after changing it). */
export function loadCodeLinks(file: string): Promise<CodeLinksModule> {
  let mod = loaded.get(file);
  if (!mod) {
    const where = path.relative(process.cwd(), file);
    if (!fs.existsSync(file)) {
      return Promise.reject(new BuildError([{ file: where, message: 'codeLinks in site.config.ts names this module, which does not exist', hint: 'Point codeLinks at the module, relative to the content folder, or remove it.' }]));
    }
    mod = importFresh(file).then((m) => {
      const exported = m.default as CodeLinksModule | undefined;
      if (typeof exported?.key !== 'function' || typeof exported?.create !== 'function') {
        throw new BuildError([{ file: where, message: 'a codeLinks module must export default { key(), create(site) }', hint: 'See renderer/markdown/code-links.ts (CodeLinksModule).' }]);
      }
      return exported;
    });
    loaded.set(file, mod);
  }
  return mod;
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
