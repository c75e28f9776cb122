import path from 'node:path';
import { sha1 } from '../../renderer/hash.ts';
import { referenceSettings } from '../../renderer/config/api-reference.ts';
import type { SourceDoc } from '../../renderer/content.ts';
import { editLinks } from '../../renderer/edit-links.ts';
import { ProblemList, type Problem } from '../../renderer/errors.ts';
import { lastUpdatedDates } from '../../renderer/last-updated.ts';
import type { GeneratedDocs } from '../../renderer/plugins/types.ts';
import { apiReferenceDocs, loadContentCode, pluginDocs, type SiteBase } from '../../renderer/load-site.ts';
import { loadCliData } from '../../renderer/markdown/cli-data.ts';
import { recordSite } from '../../renderer/search/site-records.ts';
import type { SiteMemory } from '../../renderer/site-memory.ts';
import { toSiteData } from '../../renderer/site-data.ts';
import type { SidebarItemConfig } from '../../theme/shared/types.ts';
import { readIfThere } from './content-changes.ts';

/** The site's code and what is read with it: `docs dev` reads it again only when a file outside docs/ and static/ changes. */
export type SiteCode = Pick<SiteBase, 'contentDir' | 'config' | 'site' | 'pages' | 'cli' | 'plugins' | 'editUrlOf' | 'lastUpdatedOf'> & {
  apiDocs: SourceDoc[];
  apiSidebar?: SidebarItemConfig[];
  /** The plugins' generated docs and their sidebar sections (made again whenever the code is read again). */
  generatedDocs: SourceDoc[];
  generatedSidebars: ReadonlyMap<string, GeneratedDocs['sidebar']>;
  /** The config's and custom pages' problems. */
  problems: Problem[];
  /** What compiling a doc depends on besides its source and the routes: under another key, every doc is compiled again. */
  compileKey: string;
  /** The generated docs' inputs (the reference settings, with the files they name) and the CLI data's text: each is read again only when it changed. */
  apiInputs: string;
  cliText: string | undefined;
};


/**
 * site.config.ts, sidebars.ts and the custom pages (imported again when a code file changed,
 * renderer/load-site.ts loadContentCode), the generated docs and the CLI data; what did not
 * change is taken from `previous`. git is asked once per run: the remote and the commit dates
 * change only with git commands.
 */
export async function readSiteCode(opts: { root: string; contentDir: string; memory: SiteMemory }, previous: SiteCode | undefined): Promise<SiteCode> {
  const { root, contentDir, memory } = opts;
  const problems = new ProblemList();
  const { config, pages, plugins } = await loadContentCode(contentDir, undefined, problems, memory);
  const generated = await pluginDocs(plugins);
  const site = toSiteData(config);
  const settings = referenceSettings(config.site, contentDir);
  const apiInputs = JSON.stringify(settings ?? null);
  const api = previous?.apiInputs === apiInputs ? { docs: previous.apiDocs, sidebar: previous.apiSidebar } : await apiReferenceDocs(root, settings);
  const cliFile = path.join(contentDir, 'data/cli.yaml');
  const cliText = readIfThere(cliFile);
  const cli = previous && previous.cliText === cliText ? previous.cli : loadCliData(cliFile);
  const sameRepository = previous && JSON.stringify(previous.config.site.repository) === JSON.stringify(config.site.repository);
  return {
    contentDir,
    config,
    site,
    pages,
    cli,
    plugins,
    generatedDocs: generated.docs,
    generatedSidebars: generated.sidebars,
    apiDocs: api.docs,
    apiSidebar: api.sidebar,
    apiInputs,
    cliText,
    problems: problems.items,
    editUrlOf: sameRepository ? previous.editUrlOf : await editLinks(contentDir, config.site.repository),
    lastUpdatedOf: previous?.lastUpdatedOf ?? (await lastUpdatedDates(path.join(contentDir, 'docs'))),
    compileKey: sha1(JSON.stringify([pages.map((p) => p.route), site.baseUrl, recordSite(site), cli ?? null, plugins.key])),
  };
}
