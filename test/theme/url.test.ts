import { describe, expect, it } from 'vitest';
import { dataUrl, localizedUrl, stripBase, withBase } from '../../theme/shared/url.ts';
import { collapseDuration } from '../../theme/client/region.ts';

describe('theme/shared/url', () => {
  it('prepends and strips the base URL', () => {
    expect(withBase('/', '/a/b')).toBe('/a/b');
    expect(withBase('/docs/', '/a')).toBe('/docs/a');
    expect(withBase('/docs/', 'https://x.dev/a')).toBe('https://x.dev/a');
    expect(stripBase('/docs/', '/docs/a/b/')).toBe('/a/b');
    expect(stripBase('/docs/', '/docs/')).toBe('/');
    expect(dataUrl('/', '/')).toBe('/__data/index.json');
    expect(dataUrl('/docs/', '/a/b')).toBe('/docs/__data/a/b.json');
  });

  it('builds the same page URL for another locale; the default locale has no prefix', () => {
    const opts = { baseUrl: '/', defaultLocale: 'en', locales: ['en', 'fr'] };
    expect(localizedUrl({ ...opts, pathname: '/extending/arguments', locale: 'fr' })).toBe('/fr/extending/arguments');
    expect(localizedUrl({ ...opts, pathname: '/fr/extending/arguments', locale: 'en' })).toBe('/extending/arguments');
    expect(localizedUrl({ ...opts, baseUrl: '/docs/', pathname: '/docs/a', locale: 'fr' })).toBe('/docs/fr/a');
    expect(localizedUrl({ ...opts, pathname: '/', locale: 'en' })).toBe('/');
  });
});

describe('theme/client/region: collapsible timing', () => {
  it('scales with content height and drops to 1 ms with reduced motion', () => {
    expect(collapseDuration(100, false)).toBeLessThan(collapseDuration(1000, false));
    expect(collapseDuration(5000, true)).toBe(1);
  });
});
