import type { SidebarItemConfig } from '../../theme/shared/types.ts';

/** One generated Markdown page of the SDK reference. */
export interface GeneratedDoc {
  /** POSIX path under the docs root, e.g. `reference/typescript/api/client.gen/classes/Container.md`. */
  relPath: string;
  /** Markdown with YAML frontmatter (`title`, `description`, `sidebar_label`). */
  source: string;
}

/** The generated TypeScript SDK reference for one `@dagger.io/dagger` version. */
export interface ApiReference {
  /** The `@dagger.io/dagger` version the pages document. */
  version: string;
  docs: GeneratedDoc[];
  /**
   * The reference's sidebar section: the overview doc, the modules index, then one collapsed
   * category per module with one collapsed category per kind (Classes, Type Aliases, …).
   */
  sidebar: SidebarItemConfig[];
}
