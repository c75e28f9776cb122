import type { SidebarItemConfig } from '../../../theme/shared/types.ts';

/** What the site configures about its reference (the typescript-api plugin's options in content/site.config.ts, settings.ts). */
export interface ReferenceSettings {
  /** The npm package documented, e.g. `@scope/sdk`. */
  package: string;
  /** How generated prose names the package, e.g. "Example TypeScript SDK". */
  title: string;
  /** Its exact version. */
  version: string;
  /**
   * The overview page's template: frontmatter and Markdown with placeholders, plus a `modules`
   * map of module name → purpose sentence for the other index pages (markdown/overview-page.ts).
   */
  overview: string;
  /**
   * Where the GraphQL reference read from the same package's generated client is served, e.g.
   * `/api/reference`; none is generated when unset.
   */
  graphqlRoute?: string;
  /**
   * Names the reference leaves out, because the API version the site documents lacks them although
   * the installed package has them: `Changeset` (a whole class, enum or type), `Container.combinedOutput`
   * (a member), `HostDirectoryOpts.gitignore` (an option). See exclude.ts.
   */
  exclude?: string[];
  /**
   * The API version the reference documents, when it is not the package's own (the site installs a
   * newer package and leaves out, with `exclude`, what this version lacks). Prose says this version.
   */
  documents?: string;
}

/** One generated Markdown page of the SDK reference. */
export interface GeneratedDoc {
  /** POSIX path under the docs root, e.g. `reference/typescript/api/client.gen/classes/Container.md`. */
  relPath: string;
  /** Markdown with YAML frontmatter (`title`, `description`, `sidebar_label`). */
  source: string;
}

/** The generated TypeScript reference for one version of the package. */
export interface ApiReference {
  /** The package version the pages document. */
  version: string;
  docs: GeneratedDoc[];
  /**
   * The reference's sidebar section: the overview doc, the modules index, then one collapsed
   * category per module with one collapsed category per kind (Classes, Type Aliases, …).
   */
  sidebar: SidebarItemConfig[];
}
