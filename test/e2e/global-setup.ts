import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createStaticServer, listen, readHeadersFile } from '../../cli/static-server.ts';
import { buildSite } from '../../renderer/build-site.ts';
import { buildRealSite } from '../helpers/real-site.ts';
import { fixtureCopy, ROOT } from '../helpers/site.ts';
import { algoliaStub } from '../search/algolia-stub.ts';
import { launchBrowserServer } from './browser-server.ts';
import { FEEDBACK_URL, SEARCH_FIXTURE_DOCS } from '../search/fixture-docs.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    fixtureUrl: string;
    systemUrl: string;
    noSwitchUrl: string;
    analyticsUrl: string;
    stubUrl: string;
    /** Fixture with the /search page and search docs, embedded index. */
    searchUrl: string;
    /** The same on Algolia (DOCSEARCH_* env), served by the stub at algoliaStubUrl. */
    algoliaUrl: string;
    algoliaStubUrl: string;
    /** The same with an unreachable Algolia host. */
    algoliaDownUrl: string;
    /** The run's Chromium (browser-server.ts), for playwright's `connect` (browser.ts). */
    browserEndpoint: string;
    /** The fixture built with baseUrl '/docs/', its pages under `${baseUrlFixtureUrl}/docs/`. */
    baseUrlFixtureUrl: string;
  }
}

/** Captured requests of the analytics stub, served at /__requests. */
const captured: { method: string; url: string; body: string }[] = [];

function stubServer(): http.Server {
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.url === '/__requests') {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(captured));
        return;
      }
      if (req.url === '/__reset') captured.length = 0;
      else captured.push({ method: req.method!, url: req.url!, body });
      if (req.url?.startsWith('/community.js')) {
        res.setHeader('Content-Type', 'text/javascript');
        res.end('window.__communityLoaded = true;');
        return;
      }
      res.end('{}');
    });
  });
}

/**
 * Builds the real site and small fixture variants once, serves each on a free loopback port,
 * and hands the URLs to the e2e tests, with the endpoint of the one Chromium they all use.
 */
export default async function setup(project: TestProject) {
  // Chromium starts while the sites build.
  const browser = launchBrowserServer();
  const servers: http.Server[] = [];
  try {
    await serveSites(project, servers);
    const server = await browser;
    project.provide('browserEndpoint', server.wsEndpoint());
    return async () => {
      for (const s of servers) s.close();
      await server.close();
    };
  } catch (error) {
    for (const s of servers) s.close();
    await browser.then(
      (b) => b.close(),
      () => {},
    );
    throw error;
  }
}

async function serveSites(project: TestProject, servers: http.Server[]) {
  const out = path.join(ROOT, '.cache/e2e');
  fs.rmSync(out, { recursive: true, force: true });
  const serve = async (dir: string) => {
    const headers = readHeadersFile(dir);
    const server = createStaticServer({ dir: () => dir, headers });
    servers.push(server);
    return listen(server, 0, '127.0.0.1');
  };
  const stub = stubServer();
  servers.push(stub);
  const stubUrl = await listen(stub, 0, '127.0.0.1');

  const algolia = algoliaStub(() => path.join(out, 'algolia/search/records.json'));
  servers.push(algolia);
  const algoliaStubUrl = await listen(algolia, 0, '127.0.0.1');

  const fixtureConfig = fs.readFileSync(path.join(ROOT, 'test/fixtures/sites/basic/site.config.ts'), 'utf8');
  // The /search page imports the theme relative to content/pages; a fixture copy lives elsewhere.
  const searchPage = fs
    .readFileSync(path.join(ROOT, 'content/pages/search.tsx'), 'utf8')
    .replaceAll("'../../theme/", `'${ROOT}/theme/`);
  const searchEdits = { 'pages/search.tsx': searchPage, ...SEARCH_FIXTURE_DOCS };
  const algoliaEnv = {
    DOCSEARCH_APP_ID: 'TESTAPP',
    DOCSEARCH_API_KEY: 'search-only-key',
    DOCSEARCH_INDEX_NAME: 'fixture_docs',
  };
  const variants: Record<string, { edits?: Record<string, string>; env?: NodeJS.ProcessEnv }> = {
    fixture: {},
    system: {
      edits: {
        'site.config.ts': fixtureConfig.replace('respectPrefersColorScheme: false', 'respectPrefersColorScheme: true'),
      },
    },
    noSwitch: { edits: { 'site.config.ts': fixtureConfig.replace('disableSwitch: false', 'disableSwitch: true') } },
    analytics: {
      env: { POSTHOG_KEY: 'phc_test', POSTHOG_HOST: stubUrl, COMMUNITY_SCRIPT_URL: `${stubUrl}/community.js` },
    },
    // The embedded-search fixture has a feedback URL; the plain fixture has none.
    search: {
      edits: {
        ...searchEdits,
        'site.config.ts': fixtureConfig.replace(
          'colorMode:',
          `search: { feedbackUrl: '${FEEDBACK_URL}' },\n  colorMode:`,
        ),
      },
    },
    algolia: { edits: searchEdits, env: { ...algoliaEnv, DOCSEARCH_HOSTS: algoliaStubUrl } },
    // Port 9 (discard) has no listener: every request to it is refused.
    algoliaDown: { edits: searchEdits, env: { ...algoliaEnv, DOCSEARCH_HOSTS: 'http://127.0.0.1:9' } },
  };
  const urls: Record<string, string> = {};
  for (const [name, v] of Object.entries(variants)) {
    const dir = path.join(out, name);
    await buildSite({ root: ROOT, contentDir: fixtureCopy(v.edits), outDir: dir, env: v.env ?? {} });
    urls[name] = await serve(dir);
  }
  // The fixture under a non-root base URL: built into <dir>/docs and served from <dir>, as a host would.
  const baseDir = path.join(out, 'base');
  await buildSite({
    root: ROOT,
    contentDir: fixtureCopy({ 'site.config.ts': fixtureConfig.replace("baseUrl: '/',", "baseUrl: '/docs/',") }),
    outDir: path.join(baseDir, 'docs'),
    env: {},
  });
  project.provide('baseUrlFixtureUrl', await serve(baseDir));
  // E2E_FIXTURES_ONLY=1 skips the real site while iterating on the theme (CI never sets it).
  if (!process.env.E2E_FIXTURES_ONLY) {
    const siteDir = path.join(out, 'site');
    await buildRealSite(siteDir);
    project.provide('siteUrl', await serve(siteDir));
  }
  project.provide('fixtureUrl', urls.fixture);
  project.provide('systemUrl', urls.system);
  project.provide('noSwitchUrl', urls.noSwitch);
  project.provide('analyticsUrl', urls.analytics);
  project.provide('stubUrl', stubUrl);
  project.provide('searchUrl', urls.search);
  project.provide('algoliaUrl', urls.algolia);
  project.provide('algoliaStubUrl', algoliaStubUrl);
  project.provide('algoliaDownUrl', urls.algoliaDown);
}
