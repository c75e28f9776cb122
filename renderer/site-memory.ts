import type { LoadedConfig } from './config/load.ts';
import type { CustomPage } from './custom-pages.ts';
import type { Problem } from './errors.ts';
import type { SitePlugins } from './plugins/load.ts';
import { FrontmatterMemo } from './frontmatter-memo.ts';

/** The content folder's code as imported once: site.config.ts, sidebars.ts, pages/*.tsx. */
export interface ContentCode {
  /** Hash of the code files, the plugins' files, the package version and the config env variables it was imported under. */
  key: string;
  /** The site files it was made of: its modules' sources and the files its plugins read (absolute). */
  files: string[];
  config: LoadedConfig;
  pages: CustomPage[];
  /** The config's plugins, set up on this thread. */
  plugins: SitePlugins;
  problems: Problem[];
}

/**
 * What loads of the same site may reuse from the one before (renderer/load-site.ts). `docs dev`
 * owns one for its whole run and reloads on every save; a build loads once and passes none, so
 * everything is read fresh and nothing outlives the call.
 */
export class SiteMemory {
  /** A Markdown save leaves the code as it was: the imports (~60 ms on this site) are skipped. */
  contentCode: ContentCode | undefined;
  readonly frontmatter = new FrontmatterMemo();
}
