import path from 'node:path';
import { selectLocale } from '../../theme/shared/texts/index.ts';
import fs from 'node:fs';
import { BuildError } from '../errors.ts';
import { zodProblems } from './friendly-errors.ts';
import { importFresh } from '../import-fresh.ts';
import { SiteConfigSchema, type SiteConfig } from './schema.ts';
import { checkSidebars } from './sidebars-schema.ts';
import type { Sidebars } from '../../theme/shared/types.ts';
import { leavesSite } from '../../theme/shared/url-kinds.ts';

/** The environment variables {@link fromEnv} reads (their values are part of the build's cache keys). */
export const CONFIG_ENV_NAMES = [
  'DOCSEARCH_APP_ID',
  'DOCSEARCH_API_KEY',
  'DOCSEARCH_INDEX_NAME',
  'DOCSEARCH_HOSTS',
  'POSTHOG_KEY',
  'POSTHOG_HOST',
  'COMMUNITY_SCRIPT_URL',
] as const;

/** Environment overrides, so keys never need to live in the repository. */
function fromEnv(config: Record<string, any>, env: NodeJS.ProcessEnv): Record<string, any> {
  const out = { ...config, search: { ...config.search }, analytics: { ...config.analytics } };
  if (env.DOCSEARCH_APP_ID && env.DOCSEARCH_API_KEY && env.DOCSEARCH_INDEX_NAME) {
    out.search.algolia = {
      appId: env.DOCSEARCH_APP_ID,
      apiKey: env.DOCSEARCH_API_KEY,
      indexName: env.DOCSEARCH_INDEX_NAME,
      ...(env.DOCSEARCH_HOSTS ? { hosts: env.DOCSEARCH_HOSTS.split(',') } : {}),
    };
  }
  if (env.POSTHOG_KEY) {
    out.analytics.posthog = { apiKey: env.POSTHOG_KEY, apiHost: env.POSTHOG_HOST || 'https://us.i.posthog.com' };
  }
  if (env.COMMUNITY_SCRIPT_URL) out.analytics.communityScriptUrl = env.COMMUNITY_SCRIPT_URL;
  return out;
}

export interface LoadedConfig {
  site: SiteConfig;
  sidebars: Sidebars;
  siteVersion: string;
}

/** The navbar renders logo.src as an <img>: a site path must name a file under static/, or every page shows a broken image. */
function assertLogoExists(site: SiteConfig, contentDir: string, configFile: string): void {
  const { src } = site.navbar.logo;
  const sitePath = !leavesSite(src);
  if (sitePath && !fs.existsSync(path.join(contentDir, 'static', src))) {
    throw new BuildError([
      {
        file: configFile,
        message: `navbar.logo.src: ${src} is not a file under static/`,
        hint: `Add static${src.startsWith('/') ? '' : '/'}${src}, or point logo.src at an existing image.`,
      },
    ]);
  }
}

/** Loads and validates `site.config.ts` and `sidebars.ts` from a content folder; `sources` is told the files imported (importFresh). */
export async function loadConfig(
  contentDir: string,
  env: NodeJS.ProcessEnv = process.env,
  sources?: Map<string, string>,
): Promise<LoadedConfig> {
  const configFile = path.join(contentDir, 'site.config.ts');
  const sidebarsFile = path.join(contentDir, 'sidebars.ts');
  for (const file of [configFile, sidebarsFile]) {
    if (!fs.existsSync(file)) {
      throw new BuildError([
        { file, message: 'file not found', hint: `Create ${path.basename(file)} in ${contentDir}.` },
      ]);
    }
  }
  const raw = (await importFresh(configFile, sources)).default;
  const parsed = SiteConfigSchema.safeParse(fromEnv((raw ?? {}) as Record<string, any>, env));
  if (!parsed.success) throw new BuildError(zodProblems(parsed.error, configFile));
  assertLogoExists(parsed.data, contentDir, configFile);
  // Before anything renders: the engine's words for the rest of this process are this site's.
  selectLocale(parsed.data.locales.default);
  const exported = (await importFresh(sidebarsFile, sources)).default;
  if (!exported || typeof exported !== 'object') {
    throw new BuildError([
      {
        file: sidebarsFile,
        message: 'must export default an object of sidebars',
        hint: "export default { docs: ['intro', …] };",
      },
    ]);
  }
  const checked = checkSidebars(exported, sidebarsFile);
  if ('problems' in checked) throw new BuildError(checked.problems);
  const { sidebars } = checked;
  const pkgFile = path.resolve(contentDir, '..', 'package.json');
  const siteVersion = fs.existsSync(pkgFile) ? JSON.parse(fs.readFileSync(pkgFile, 'utf8')).version : '0.0.0';
  return { site: parsed.data, sidebars, siteVersion };
}
