import { describe, expect, it } from 'vitest';
import { escapeText } from '../../theme/shared/escape.ts';
import { prepareHits } from '../../theme/islands/search/hits.ts';
import type { SearchHit } from '../../theme/shared/search/protocol.ts';
import { feedbackUrl, resultLink, searchPageUrl, type ResultUrlRules } from '../../theme/shared/search/urls.ts';

const HERE = 'http://127.0.0.1:3000';
const rules = (extra: Partial<ResultUrlRules> = {}): ResultUrlRules => ({
  baseUrl: '/',
  siteOrigins: [HERE, 'https://docs.dagger.io'],
  ...extra,
});

describe('result links (spec §7)', () => {
  it('makes production URLs of this site relative, keeping the hash', () => {
    expect(resultLink('https://docs.dagger.io/extending/cache-volumes#mount-a-cache', rules(), HERE)).toEqual({
      href: '/extending/cache-volumes#mount-a-cache',
      external: false,
    });
    expect(resultLink(`${HERE}/faq`, rules(), HERE)).toEqual({ href: '/faq', external: false });
    expect(resultLink('/faq#how', rules(), HERE)).toEqual({ href: '/faq#how', external: false });
  });

  it('rebases onto the base URL once', () => {
    const r = rules({ baseUrl: '/docs/' });
    expect(resultLink('https://docs.dagger.io/faq#a', r, HERE).href).toBe('/docs/faq#a');
    expect(resultLink('https://docs.dagger.io/docs/faq#a', r, HERE).href).toBe('/docs/faq#a');
    expect(resultLink('https://docs.dagger.io/docs', r, HERE).href).toBe('/docs');
    expect(resultLink('https://docs.dagger.io/docsearch', r, HERE).href).toBe('/docs/docsearch');
  });

  it('rewrites the pathname with replaceSearchResultPathname before rebasing', () => {
    const r = rules({ baseUrl: '/preview/', replaceSearchResultPathname: { from: '^/0\\.18/', to: '/' } });
    expect(resultLink('https://docs.dagger.io/0.18/cookbook/secrets#from-a-file', r, HERE).href).toBe(
      '/preview/cookbook/secrets#from-a-file',
    );
    const all = rules({ replaceSearchResultPathname: { from: '/old-', to: '/new-' } });
    expect(resultLink('https://docs.dagger.io/old-a/old-b', all, HERE).href).toBe('/new-a/new-b');
  });

  it('leaves URLs matching externalUrlRegex, other origins and other schemes as they are', () => {
    const r = rules({ externalUrlRegex: 'docs\\.dagger\\.io/api/' });
    expect(resultLink('https://docs.dagger.io/api/reference', r, HERE)).toEqual({
      href: 'https://docs.dagger.io/api/reference',
      external: true,
    });
    expect(resultLink('https://daggerverse.dev/mod/x#y', r, HERE)).toEqual({
      href: 'https://daggerverse.dev/mod/x#y',
      external: true,
    });
    expect(resultLink('mailto:docs@dagger.io', r, HERE).external).toBe(true);
    expect(resultLink('https://docs.dagger.io/faq', r, HERE).external).toBe(false);
  });

  it('builds the /search URL with the query encoded', () => {
    expect(searchPageUrl('/', 'cache volume')).toBe('/search?q=cache%20volume');
    expect(searchPageUrl('/docs/', '<script>&')).toBe('/docs/search?q=%3Cscript%3E%26');
    expect(searchPageUrl('/docs/', '')).toBe('/docs/search');
  });
});

describe('hits prepared for DocSearch', () => {
  const hit = {
    objectID: '1',
    type: 'lvl2',
    url: 'https://docs.dagger.io/a#b',
    url_without_anchor: 'https://docs.dagger.io/a',
    anchor: 'b',
    content: 'Use <b> & <i>',
    hierarchy: {
      lvl0: 'Types & <Values>',
      lvl1: 'Page <x>',
      lvl2: 'Heading <img src=x onerror=alert(1)>',
      lvl3: null,
      lvl4: null,
      lvl5: null,
      lvl6: null,
    },
    language: 'en',
    version: 'current',
    docusaurus_tag: 'docs-default-current',
    _highlightResult: {
      hierarchy: { lvl0: { value: 'Types &amp; &lt;Values&gt;', matchLevel: 'none', matchedWords: [] } },
      content: { value: '', matchLevel: 'none', matchedWords: [] },
    },
    _snippetResult: {},
  } as unknown as SearchHit;

  it('rewrites the URL and escapes the raw fields DocSearch may render as HTML', () => {
    const [out] = prepareHits([hit], rules(), HERE);
    expect(out.url).toBe('/a#b');
    expect(out.url_without_anchor).toBe('https://docs.dagger.io/a');
    expect(out.hierarchy.lvl2).toBe(escapeText('Heading <img src=x onerror=alert(1)>'));
    expect(out.hierarchy.lvl2).not.toContain('<');
    expect(out.hierarchy.lvl3).toBeNull();
    expect(out.content).toBe('Use &lt;b&gt; &amp; &lt;i&gt;');
  });

  it('turns the lvl0 highlight back into text: DocSearch shows it as a plain-text title', () => {
    const [out] = prepareHits([hit], rules(), HERE);
    expect(out._highlightResult.hierarchy.lvl0.value).toBe('Types & <Values>');
    expect(hit._highlightResult.hierarchy.lvl0.value).toBe('Types &amp; &lt;Values&gt;'); // input untouched
  });
});

describe('the no-results report link (search.feedbackUrl)', () => {
  it('fills every {query} with the URL-encoded query, leaving the rest of the template as written', () => {
    const template = 'https://example.com/issues/new?title=no%20results%20for%20%22{query}%22&q={query}';
    expect(feedbackUrl(template, 'a&b "c" $1')).toBe(
      'https://example.com/issues/new?title=no%20results%20for%20%22a%26b%20%22c%22%20%241%22&q=a%26b%20%22c%22%20%241',
    );
  });

  it('keeps a template without a placeholder as it is', () => {
    expect(feedbackUrl('https://example.com/contact', 'x')).toBe('https://example.com/contact');
  });
});
