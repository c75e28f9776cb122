import type { PluggableList } from 'unified';
import type { ZodType } from 'zod';
import type { DirectiveEntry } from '../markdown/directives/types.ts';
import type { CodeLinksModule } from '../markdown/code-links.ts';
import type { CodeHoversModule } from '../markdown/code-hovers.ts';
import type { SidebarItemConfig } from '../../theme/shared/types.ts';

/**
 * The seam through which a site extends the engine: `plugins: [...]` in site.config.ts. A plugin
 * is a name, an optional zod schema for its options and a `setup` that returns its hooks. The
 * engine calls `setup` once per thread that needs it (the build's, each compile worker's, which
 * loads site.config.ts itself): hooks are functions and cannot be sent to a worker.
 */
export interface DocsPlugin<Options = unknown> {
  name: string;
  /** Checks `options`; its errors are the site's build problems, prefixed with the plugin's name. */
  schema?: ZodType<Options, any, any>;
  options?: unknown;
  setup(options: Options, site: PluginSite): PluginHooks | Promise<PluginHooks>;
}

/** What a plugin is told of the site it runs in. */
export interface PluginSite {
  /** The content folder (absolute): a plugin's files are named relative to it. */
  contentDir: string;
  /** The documented release (`docsVersion.shows`). */
  docsVersion: string;
}

/** A doc made by a plugin, not read from content/docs: the same Markdown and frontmatter. */
export interface GeneratedDoc {
  /** Its path as if under content/docs (`reference/api/index.md`): its route follows from it. */
  relPath: string;
  source: string;
  /** Listed in llms.txt (else only its `.md` copy exists, as for every page). */
  listed?: boolean;
}

export interface GeneratedDocs {
  docs: GeneratedDoc[];
  /** The group llms.txt and the docs' MCP server put these docs in. */
  section: string;
  /**
   * What `{ type: 'generated', plugin, label }` in sidebars.ts expands to: a category with these
   * items, leading to `link` (a doc id) when set.
   */
  sidebar?: { items: SidebarItemConfig[]; link?: string };
}

/** A tag every page's <head> gets, after the engine's own. */
export interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  attributes: Record<string, string | true>;
}

export interface PluginHooks {
  /**
   * What the plugin's Markdown steps and directives depend on besides the docs (its code's
   * version, the data it reads): a change compiles every doc again, as an engine change does.
   */
  key?: string;
  /**
   * The files the plugin reads (data, templates, a doc's text), relative to the content folder or
   * absolute. The engine hashes them into the compile cache's key (a change compiles every doc
   * again), and `docs dev` sets the plugins up again when one changes: of the content folder's
   * files outside docs/ and static/, it watches only these and the site's code.
   */
  files?: string[];
  /** unified steps, run after the engine's remark steps and before remark-rehype … */
  remark?: PluggableList;
  /** … and after its rehype steps. */
  rehype?: PluggableList;
  /** Directives, beside the engine's (renderer/markdown/directives/types.ts). */
  directives?: DirectiveEntry[];
  /** Links names in code samples to the site's pages (renderer/markdown/code-links.ts); one plugin at most. */
  codeLinks?: CodeLinksModule;
  /**
   * Says what names in code samples are, shown on hover and focus (renderer/markdown/code-hovers.ts):
   * asked once per build, on the main thread, for every block its cache lacks; one plugin at most.
   */
  codeHovers?: CodeHoversModule;
  /** Docs that are not files under content/docs (an API reference), read with the site; `fresh`: ignore any cache (`docs gen-api`). */
  docs?(run?: { fresh?: boolean }): GeneratedDocs | Promise<GeneratedDocs>;
  head?: HeadTag[];
  /** After every file is written, before the output replaces the last build's: a throw fails the build. */
  buildEnd?(build: { outDir: string }): void | Promise<void>;
}

/**
 * A plugin factory with typed, zod-checked options: `definePlugin({ name, schema, setup })`
 * gives `(options) => DocsPlugin`, which site.config.ts calls in its `plugins` list.
 */
export function definePlugin<Options = undefined, Input = Options>(definition: {
  name: string;
  schema?: ZodType<Options, any, Input>;
  setup(options: Options, site: PluginSite): PluginHooks | Promise<PluginHooks>;
}): (...options: undefined extends Input ? [options?: Input] : [options: Input]) => DocsPlugin<Options> {
  // A plugin without options (or whose options may all be left out) is called with none: `typeHovers()`.
  return (...options) => ({ ...definition, options: options[0] as Options });
}
