import path from 'node:path';
import { sha1 } from '../../renderer/hash.ts';
import type { SourceDoc } from '../../renderer/content.ts';
import { editLinks } from '../../renderer/edit-links.ts';
import { ProblemList, type Problem } from '../../renderer/errors.ts';
import { lastUpdatedDates } from '../../renderer/last-updated.ts';
import type { GeneratedDocs } from '../../renderer/plugins/types.ts';
import { loadContentCode, pluginDocs, type SiteBase } from '../../renderer/load-site.ts';
import { recordSite } from '../../renderer/search/site-records.ts';
import type { SiteMemory } from '../../renderer/site-memory.ts';
import { toSiteData } from '../../renderer/site-data.ts';

/** The site's code and what is read with it: `docs dev` reads it again only when a file outside docs/ and static/ changes. */
export type SiteCode = Pick<
  SiteBase,
  'contentDir' | 'config' | 'site' | 'pages' | 'plugins' | 'editUrlOf' | 'lastUpdatedOf'
> & {
  /** The plugins' generated docs and their sidebar sections (made again when the plugins are set up again). */
  generatedDocs: SourceDoc[];
  generatedSidebars: ReadonlyMap<string, GeneratedDocs['sidebar']>;
  /** The config's and custom pages' problems. */
  problems: Problem[];
  /** What compiling a doc depends on besides its source and the routes: under another key, every doc is compiled again. */
  compileKey: string;
};

/**
 * site.config.ts, sidebars.ts and the custom pages with the plugins they set up (imported again
 * when a file outside docs/ and static/ changed, renderer/load-site.ts loadContentCode), and the
 * plugins' generated docs; what did not change is taken from `previous`. git is asked once per
 * run: the remote and the commit dates change only with git commands.
 */
export async function readSiteCode(
  opts: { root: string; contentDir: string; memory: SiteMemory },
  previous: SiteCode | undefined,
): Promise<SiteCode> {
  const { contentDir, memory } = opts;
  const problems = new ProblemList();
  const { config, pages, plugins } = await loadContentCode(contentDir, undefined, problems, memory);
  const generated =
    previous?.plugins === plugins
      ? { docs: previous.generatedDocs, sidebars: previous.generatedSidebars }
      : await pluginDocs(plugins);
  const site = toSiteData(config);
  const sameRepository =
    previous && JSON.stringify(previous.config.site.repository) === JSON.stringify(config.site.repository);
  return {
    contentDir,
    config,
    site,
    pages,
    plugins,
    generatedDocs: generated.docs,
    generatedSidebars: generated.sidebars,
    problems: problems.items,
    editUrlOf: sameRepository ? previous.editUrlOf : await editLinks(contentDir, config.site.repository),
    lastUpdatedOf: previous?.lastUpdatedOf ?? (await lastUpdatedDates(path.join(contentDir, 'docs'))),
    compileKey: sha1(JSON.stringify([pages.map((p) => p.route), site.baseUrl, recordSite(site), plugins.key])),
  };
}
