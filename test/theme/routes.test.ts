import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dataPath,
  dataUrl,
  filesForRequest,
  HOME_ROUTE,
  localizedUrl,
  markdownPath,
  NOT_FOUND_ROUTE,
  outputHtmlPath,
  routeFromDataPath,
  routeFromPageName,
  routeFromRequestPath,
  routeFromSourcePath,
  SEARCH_ROUTE,
  stripBase,
  withBase,
} from '../../theme/shared/routes.ts';
import { ROOT } from '../helpers/site.ts';

const BASES = ['/', '/docs/'];

/** Routes as docs and slugs make them: `/`, or `/`-joined segments such as `client.gen`. */
const routes = fc.oneof(
  fc.constant(HOME_ROUTE),
  fc
    .array(
      fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,8}$/).filter((s) => !s.endsWith('.html')),
      { minLength: 1, maxLength: 4 },
    )
    .map((segments) => `/${segments.join('/')}`)
    // `/index` would share the home page's data file (`__data/index.json`); no source file maps to it.
    .filter((r) => r !== '/index'),
);

describe('theme/shared/routes: source files', () => {
  it('maps doc files and custom page names to routes', () => {
    expect(routeFromSourcePath('index.md')).toBe('/');
    expect(routeFromSourcePath('cookbook/index.md')).toBe('/cookbook');
    expect(routeFromSourcePath('reference/cli.md')).toBe('/reference/cli');
    expect(routeFromPageName('index')).toBe(HOME_ROUTE);
    expect(routeFromPageName('search')).toBe('/search');
  });

  it('SEARCH_ROUTE is the route of a custom page of this site', () => {
    const pageRoutes = fs
      .readdirSync(path.join(ROOT, 'content/pages'))
      .map((f) => routeFromPageName(path.basename(f, '.tsx')));
    expect(pageRoutes).toContain(SEARCH_ROUTE);
  });
});

describe('theme/shared/routes: output files', () => {
  it('writes a page, a data file and a Markdown copy per route', () => {
    expect([outputHtmlPath('/'), dataPath('/'), markdownPath('/')]).toEqual([
      'index.html',
      '__data/index.json',
      'index.md',
    ]);
    expect([outputHtmlPath('/a/b'), dataPath('/a/b'), markdownPath('/a/b')]).toEqual([
      'a/b/index.html',
      '__data/a/b.json',
      'a/b.md',
    ]);
  });

  it('writes the not-found page where static hosts look for it', () => {
    expect(outputHtmlPath(NOT_FOUND_ROUTE, { notFound: true })).toBe('404.html');
    expect(dataPath(NOT_FOUND_ROUTE)).toBe('__data/404.json');
    expect(routeFromDataPath('/__data/404.json')).toBe(NOT_FOUND_ROUTE);
  });

  it('route → data path → route', () => {
    fc.assert(
      fc.property(
        routes,
        (route) => routeFromDataPath(dataPath(route)) === route && routeFromDataPath(`/${dataPath(route)}`) === route,
      ),
    );
  });

  it('route → data URL → route, with and without a base URL', () => {
    for (const base of BASES) {
      fc.assert(fc.property(routes, (route) => routeFromDataPath(stripBase(base, dataUrl(base, route))) === route));
    }
    expect(dataUrl('/', '/')).toBe('/__data/index.json');
    expect(dataUrl('/docs/', '/a/b')).toBe('/docs/__data/a/b.json');
  });

  it('only data files have a data route', () => {
    for (const p of ['/a/b', '/__data/a.js', '/__datax/a.json', '/a/__data/b.json', '__data.json'])
      expect(routeFromDataPath(p)).toBeUndefined();
  });

  it('route → output page → the request for it → route', () => {
    for (const base of BASES) {
      fc.assert(
        fc.property(routes, (route) => routeFromRequestPath(base, withBase(base, outputHtmlPath(route))) === route),
      );
    }
  });

  it('a clean URL is answered by the page the build writes', () => {
    fc.assert(
      fc.property(routes, (route) => {
        const segments = routeFromRequestPath('/', route).split('/').filter(Boolean);
        return filesForRequest(segments).includes(outputHtmlPath(route));
      }),
    );
    expect(filesForRequest([])).toEqual(['index.html']);
    expect(filesForRequest(['guide'])).toEqual(['guide', 'guide/index.html', 'guide.html']);
  });
});

describe('theme/shared/routes: requests', () => {
  it('reads the route from every clean form of a page URL, without a base URL', () => {
    for (const p of ['/a/b', '/a/b/', '/a/b/index.html', '/a/b.html'])
      expect(routeFromRequestPath('/', p)).toBe('/a/b');
    for (const p of ['/', '', '/index.html']) expect(routeFromRequestPath('/', p)).toBe('/');
  });

  it("reads the route from every clean form of a page URL under the base URL '/docs/'", () => {
    for (const p of ['/docs/a/b', '/docs/a/b/', '/docs/a/b/index.html', '/docs/a/b.html'])
      expect(routeFromRequestPath('/docs/', p)).toBe('/a/b');
    for (const p of ['/docs', '/docs/', '/docs/index.html']) expect(routeFromRequestPath('/docs/', p)).toBe('/');
  });

  it('prepends and strips the base URL', () => {
    expect(withBase('/', '/a/b')).toBe('/a/b');
    expect(withBase('/docs/', '/a')).toBe('/docs/a');
    expect(withBase('/docs/', 'a.md')).toBe('/docs/a.md');
    expect(withBase('/docs/', 'https://x.dev/a')).toBe('https://x.dev/a');
    expect(stripBase('/docs/', '/docs/a/b/')).toBe('/a/b/');
    expect(stripBase('/docs/', '/img/x.png')).toBe('/img/x.png');
    expect(stripBase('/', '/a')).toBe('/a');
  });

  it('builds the same page URL for another locale; the default locale has no prefix', () => {
    const opts = { baseUrl: '/', defaultLocale: 'en', locales: ['en', 'fr'] };
    expect(localizedUrl({ ...opts, pathname: '/extending/arguments', locale: 'fr' })).toBe('/fr/extending/arguments');
    expect(localizedUrl({ ...opts, pathname: '/fr/extending/arguments', locale: 'en' })).toBe('/extending/arguments');
    expect(localizedUrl({ ...opts, baseUrl: '/docs/', pathname: '/docs/a', locale: 'fr' })).toBe('/docs/fr/a');
    expect(localizedUrl({ ...opts, pathname: '/', locale: 'en' })).toBe('/');
  });
});
